import type { ConversationStatus } from '@/db/schema/chat';
import { TOPIC_CATEGORIES, type Sentiment, type TopicScore } from './categories';

// A conversation's analysis from its visitor messages: the engagement score, key points,
// overall sentiment and topics. Pure functions: the turn-analysis task stores their results, and the
// conversation detail falls back to them before the task has run.

/**
 * engagement_score (0–1): the status gives 0 (widget loaded), 0.2 (opened) or 0.4 (engaged); the
 * visitor's messages add 0.1 each up to 0.4 (4 questions); the time from start to end adds up to 0.2
 * (linearly to 5 minutes).
 */
export function engagementScore(status: ConversationStatus, visitorMessages: number, durationMs: number): number {
  const base = status === 'engaged' ? 0.4 : status === 'opened' ? 0.2 : 0;
  const messages = Math.min(visitorMessages, 4) * 0.1;
  const time = Math.min(Math.max(durationMs, 0) / 300_000, 1) * 0.2;
  return Math.round(Math.min(1, base + messages + time) * 100) / 100;
}

/** key_points: the visitor's first three questions, each cut at 200 characters. */
export const KEY_POINTS = 3;
const KEY_POINT_CHARS = 200;

export function keyPoints(visitorMessages: string[]): string[] {
  return visitorMessages.slice(0, KEY_POINTS).map((m) => (m.length > KEY_POINT_CHARS ? `${m.slice(0, KEY_POINT_CHARS - 1)}…` : m));
}

const WEIGHT: Record<Sentiment, number> = { positive: 1, neutral: 0, negative: -1 };
/** The mean message sentiment (−1…1) beyond which the conversation is positive or negative. */
const OVERALL_THRESHOLD = 0.25;

/** overall_sentiment: the mean of the analysed visitor messages' sentiments (positive 1, neutral 0, negative −1). */
export function overallSentiment(sentiments: Sentiment[]): Sentiment | null {
  if (sentiments.length === 0) return null;
  const mean = sentiments.reduce((a, s) => a + WEIGHT[s], 0) / sentiments.length;
  return mean > OVERALL_THRESHOLD ? 'positive' : mean < -OVERALL_THRESHOLD ? 'negative' : 'neutral';
}

const NAMES = new Map<string, string>(TOPIC_CATEGORIES.map((c) => [c.key, c.name]));
/** How many topics a conversation keeps (strongest first). */
export const MAX_CONVERSATION_TOPICS = 5;

/**
 * conversation topics: each category's confidence summed over the analysed visitor messages and
 * divided by their number, named by its friendly name, strongest first. 'Unclear' counts only
 * when nothing else was found.
 */
export function conversationTopics(messageTopics: TopicScore[][]): { category_name: string; confidence: number }[] {
  if (messageTopics.length === 0) return [];
  const sums = new Map<string, number>();
  for (const topics of messageTopics) for (const t of topics) sums.set(t.category, (sums.get(t.category) ?? 0) + t.confidence);
  if (sums.size > 1) sums.delete('unclear');
  return [...sums.entries()]
    .map(([key, sum]) => ({ key, confidence: Math.round((sum / messageTopics.length) * 100) / 100 }))
    .sort((a, b) => b.confidence - a.confidence || a.key.localeCompare(b.key))
    .slice(0, MAX_CONVERSATION_TOPICS)
    .map(({ key, confidence }) => ({ category_name: NAMES.get(key) ?? key, confidence }));
}
