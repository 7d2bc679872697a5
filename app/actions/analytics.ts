'use server';

import { analyticsOperations } from '@/lib/analytics/operations';
import { analyticsSummary, conversationAnalyticsSummary, generateDailyStatsFrom } from '@/lib/analytics/summary';
import { unansweredQuestions } from '@/lib/analytics/unanswered';
import { unansweredOperations } from '@/lib/analytics/unanswered-operations';
import { actionFor } from '@/lib/http/action';

// The Analytics tab: the operations of GET /conversations/analytics,
// POST /conversations/stats/generate-daily, GET /conversation-analytics/summary and
// GET /conversation-analytics/unanswered, as server actions.

export const analyticsSummaryAction = actionFor(analyticsOperations.summary, ({ ctx }) => analyticsSummary(ctx));

export const conversationAnalyticsAction = actionFor(analyticsOperations.conversationSummary, ({ ctx, query }) => conversationAnalyticsSummary(ctx, query));

export const generateDailyStatsAction = actionFor(analyticsOperations.generateDaily, ({ ctx, query, body }) => generateDailyStatsFrom(ctx, { query, body }));

export const unansweredQuestionsAction = actionFor(unansweredOperations.list, ({ ctx, query }) => unansweredQuestions(ctx, query));
