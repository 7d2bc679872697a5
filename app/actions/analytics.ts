'use server';

import { analyticsOperations } from '@/lib/analytics/operations';
import { unansweredOperations } from '@/lib/analytics/unanswered-operations';
import { actionFor } from '@/lib/http/action';

// The Analytics tab: the operations of GET /conversations/analytics,
// POST /conversations/stats/generate-daily, GET /conversation-analytics/summary and
// GET /conversation-analytics/unanswered, as server actions.

export const analyticsSummaryAction = actionFor(analyticsOperations.summary);

export const conversationAnalyticsAction = actionFor(analyticsOperations.conversationSummary);

export const generateDailyStatsAction = actionFor(analyticsOperations.generateDaily);

export const unansweredQuestionsAction = actionFor(unansweredOperations.list);
