import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { analyticsDaysSchema, categoriesQuerySchema, generateDailyBodySchema, generateDailyQuerySchema } from './schema';
import { analyticsSummary, conversationAnalyticsSummary, generateDailyStatsFrom, sentimentCategories, topicCategories } from './summary';
import { operation } from '@/lib/http/route';

// The analytics calls. Days and hours are the school's (schools.time_zone).
const errors = [401, 404];

export const analyticsOperations = defineOperations({
  summary: operation({
    method: 'GET', path: '/conversations/analytics', tag: 'Analytics', auth: 'bearer', errors,
    summary:
      "The school's widget over the last 30 days (test chats excluded; spec §3.5): totals, average response time (ms) and conversation duration (s), the load → open → engage funnel with rates as percentages (0–100), lead metrics, conversations by day (every day) and by hour (0–23), in the school's time zone",
    handler: ({ ctx }) => analyticsSummary(ctx),
  }),
  generateDaily: operation({
    method: 'POST', path: '/conversations/stats/generate-daily', tag: 'Analytics', auth: 'bearer', errors,
    query: generateDailyQuerySchema, body: generateDailyBodySchema, bodyOptional: true,
    summary:
      "Fill the school's daily rollup for target_date (YYYY-MM-DD, a day in the school's time zone, in the query or the JSON body; default the school's yesterday; a future date answers 422): {date, conversations, widget_loaded, widget_opened, engaged, messages, leads, avg_response_time_ms}",
    handler: ({ ctx, query, body }) => generateDailyStatsFrom(ctx, { query, body }),
  }),
  conversationSummary: operation({
    method: 'GET', path: '/conversation-analytics/summary', tag: 'Analytics', auth: 'bearer', errors, query: analyticsDaysSchema,
    summary:
      'What visitors asked about and how they felt over the last `days` (1–365, default 30; spec §3.6): {total_analyzed_turns, date_range, topic_breakdown: [{category, name, count}], sentiment_breakdown: [{category, name, count, color}]}',
    handler: ({ ctx, query }) => conversationAnalyticsSummary(ctx, query),
  }),
  topicCategories: operation({
    method: 'GET', path: '/conversation-analytics/topic-categories', tag: 'Analytics', auth: 'bearer', errors: [401], query: categoriesQuerySchema,
    summary: 'The topic categories visitor messages are sorted into: [{key, name, is_active}]',
    handler: ({ query }) => topicCategories(query),
  }),
  sentimentCategories: operation({
    method: 'GET', path: '/conversation-analytics/sentiment-categories', tag: 'Analytics', auth: 'bearer', errors: [401], query: categoriesQuerySchema,
    summary: 'The sentiments with their colours: [{key, name, color, is_active}]',
    handler: ({ query }) => sentimentCategories(query),
  }),
});
