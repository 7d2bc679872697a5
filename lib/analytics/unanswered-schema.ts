import { analyticsDaysSchema, type AnalyticsDaysInput } from './schema';

// GET /conversation-analytics/unanswered (beyond the spec): the window in days, as the
// other conversation-analytics calls take it (1–365, default 30).
export const unansweredQuerySchema = analyticsDaysSchema;
export type UnansweredQuery = AnalyticsDaysInput;

/** One group of similar questions the assistant could not answer. */
export type UnansweredQuestion = {
  /** The group's most recent wording. */
  question: string;
  /** How many times it (or a paraphrase) was asked in the window. */
  count: number;
  last_asked_at: string;
  /** Up to 3 distinct wordings, newest first. */
  examples: string[];
  /** The newest poor rating among the group's answers, if any (a correction written from here fixes it). */
  rating_id: number | null;
};
