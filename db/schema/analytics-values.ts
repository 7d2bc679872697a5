// The analysis values stored on messages and conversations (lib/analytics/categories.ts names them).
// No drizzle import: the Analytics tab's bundle shares them.
export const SENTIMENT_VALUES = ['positive', 'neutral', 'negative'] as const;
export type Sentiment = (typeof SENTIMENT_VALUES)[number];
/** A message's topic (a key of lib/analytics/categories.ts TOPIC_CATEGORIES) with the classifier's confidence (0–1). */
export type TopicScore = { category: string; confidence: number };
