import { z } from 'zod';
import { defineJob, defineTask } from '@/lib/jobs/define';

// Analytics' background work: the daily rollup, its rebuild after a time-zone change, and the
// analysis of visitors' messages.

export const dailyStatsRebuildJob = defineJob({
  name: 'daily_stats_rebuild',
  display_name: 'Rebuild daily statistics',
  // A school changed its time zone; its rollup is counted again in the new zone.
  payload: z.object({ school_id: z.number().int().positive() }),
  retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  handler: async () => {
    const { rebuildSchoolRollup } = await import('./rollup');
    return { run: ({ school_id }) => rebuildSchoolRollup(school_id) };
  },
});

export const turnAnalysisTask = defineTask({
  key: 'conversation_turn_analysis',
  display_name: 'Sort new messages by topic and mood',
  description: "Classifies each new visitor message by topic and sentiment (the configured model, or the local classifier) and refreshes each conversation's sentiment, topics, engagement score and key points.",
  category: 'AI Processing',
  schedule: '*/15 * * * *',
  queue: 'high_priority',
  handler: async () => (await import('./turn-analysis')).analyzeConversationTurns(),
});

export const dailyStatsTask = defineTask({
  key: 'daily_stats',
  display_name: "Count each day's conversations",
  description: "Rolls up each school's days once they close in the school's time zone (hourly): widget sessions by status, messages, leads by source and response time.",
  category: 'Analytics',
  schedule: '30 * * * *',
  queue: 'low_priority',
  handler: async () => (await import('./rollup')).rollupClosedDays(),
});
