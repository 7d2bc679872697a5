'use server';

import { z } from 'zod';
import { analyticsDaysSchema, targetDateField } from '@/lib/analytics/schema';
import { analyticsSummary, conversationAnalyticsSummary, generateDailyStats } from '@/lib/analytics/summary';
import { unansweredQuestions } from '@/lib/analytics/unanswered';
import { staffAction } from '@/lib/http/action';

// The Analytics tab: the same lib functions and schemas as
// GET /conversations/analytics, POST /conversations/stats/generate-daily,
// GET /conversation-analytics/summary and GET /conversation-analytics/unanswered.

export async function analyticsSummaryAction() {
  return staffAction(z.object({}), {}, (ctx) => analyticsSummary(ctx));
}

export async function conversationAnalyticsAction(input: unknown) {
  return staffAction(analyticsDaysSchema, input, (ctx, q) => conversationAnalyticsSummary(ctx, q));
}

export async function generateDailyStatsAction(input: unknown) {
  return staffAction(z.object({ target_date: targetDateField.optional() }), input, (ctx, q) => generateDailyStats(ctx, q));
}

export async function unansweredQuestionsAction(input: unknown) {
  return staffAction(analyticsDaysSchema, input, (ctx, q) => unansweredQuestions(ctx, q));
}
