'use server';

import { z } from 'zod';
import { staffAction } from '@/lib/http/action';
import { executionsQuerySchema, statisticsQuerySchema } from '@/lib/scheduler/schema';
import { listExecutions, listScheduledTasks, taskStatistics, triggerTask } from '@/lib/scheduler/service';
import { background } from '@/background';

// The Scheduler Dashboard's calls: the same schemas and lib/scheduler functions as /api/scheduler/*.

export async function scheduledTasksAction() {
  return staffAction(z.undefined(), undefined, async (ctx) => listScheduledTasks(ctx, background));
}

export async function taskExecutionsAction(input: unknown) {
  return staffAction(executionsQuerySchema, input, (ctx, query) => listExecutions(ctx, background, query));
}

export async function taskStatisticsAction(input: unknown) {
  return staffAction(statisticsQuerySchema, input, (ctx, { days }) => taskStatistics(ctx, background, days));
}

export async function triggerTaskAction(input: unknown) {
  return staffAction(z.object({ key: z.string().trim().min(1).max(100) }), input, (ctx, { key }) => triggerTask(ctx, background, key));
}
