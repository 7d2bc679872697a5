import { z } from 'zod';

// The analytics calls' inputs and answers. Shared by the REST
// routes, the Analytics tab's server actions and the tab itself; no server imports here.

/** The analytics window: the school's whole local days ending today (30 by default). */
export const analyticsDaysSchema = z.object({
  days: z.coerce
    .number({ error: 'days must be a whole number from 1 to 365' })
    .int('days must be a whole number from 1 to 365')
    .min(1, 'days must be a whole number from 1 to 365')
    .max(365, 'days must be a whole number from 1 to 365')
    .default(30),
});
export type AnalyticsDaysInput = z.infer<typeof analyticsDaysSchema>;

/** `active_only` as a query string: only `true` or `false` (anything else answers 422). */
export const categoriesQuerySchema = z.object({
  active_only: z
    .enum(['true', 'false'], { error: 'active_only must be true or false' })
    .default('true')
    .transform((v) => v === 'true'),
});

export const FUTURE_TARGET_DATE = 'target_date cannot be in the future';
// No time zone is more than 14 hours ahead of UTC: a school's today is at most UTC's tomorrow. The
// service then checks the school's own today.
const latestLocalToday = () => new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

/** A day of the school's time zone, YYYY-MM-DD, not after its today. */
export const targetDateField = z.iso
  .date('Use the date format YYYY-MM-DD')
  .refine((d) => d <= latestLocalToday(), FUTURE_TARGET_DATE);

/** POST /conversations/stats/generate-daily: target_date in the query or the JSON body; default the school's yesterday. */
export const generateDailyQuerySchema = z.object({ target_date: targetDateField.optional() });
export const generateDailyBodySchema = z.object({ target_date: targetDateField.optional() }).optional();
export type GenerateDailyInput = { target_date?: string };

// ---- Answers ----

/**
 * The widget's figures over the window. Rates are percentages (0–100, one decimal); durations in
 * seconds; days and hours in the school's time zone.
 */
export type AnalyticsSummary = {
  total_conversations: number;
  /** Widget sessions in the window whose visitor asked for a person. */
  handoff_requests: number;
  /** Sessions a person of the school joined (live chat) in the window. */
  human_handled_conversations: number;
  total_messages: number;
  total_characters: number;
  avg_response_time_ms: number | null;
  avg_conversation_duration: number | null;
  active_sessions_today: number;
  engagement_funnel: {
    widget_loads: number;
    widget_opens: number;
    conversations_started: number;
    load_to_open_rate: number;
    open_to_conversation_rate: number;
    overall_conversion_rate: number;
  };
  total_leads: number;
  lead_conversion_rate: number;
  leads_today: number;
  leads_last_7days: number;
  avg_messages_before_lead: number | null;
  lead_sources: { source: string; count: number }[];
  leads_by_day: { date: string; count: number }[];
  conversations_by_day: { date: string; count: number }[];
  conversations_by_hour: { hour: number; count: number }[];
  lead_quality: { with_email: number; with_phone: number; with_both: number };
};

/**
 * What visitors asked about and how they felt. `category` is the stable key (e.g. financial_aid);
 * `name` the friendly name staff see.
 */
export type ConversationAnalyticsSummary = {
  total_analyzed_turns: number;
  date_range: { start_date: string; end_date: string; days: number };
  topic_breakdown: { category: string; name: string; count: number }[];
  sentiment_breakdown: { category: string; name: string; count: number; color: string }[];
};

export type TopicCategoryItem = { key: string; name: string; is_active: boolean };
export type SentimentCategoryItem = { key: string; name: string; color: string; is_active: boolean };

/** One row of conversation_daily_stats as the API answers it. */
export type DailyStats = {
  date: string;
  conversations: number;
  widget_loaded: number;
  widget_opened: number;
  engaged: number;
  messages: number;
  leads: number;
  avg_response_time_ms: number | null;
};
