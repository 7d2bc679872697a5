'use server';

import { background } from '@/background';
import { actionFor } from '@/lib/http/action';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { listExecutions, listScheduledTasks, taskStatistics, triggerTask } from '@/lib/scheduler/service';

// The Scheduler Dashboard's calls: the operations of /api/scheduler/*, as server actions.

export const scheduledTasksAction = actionFor(schedulerOperations.scheduledTasks, async ({ ctx }) => listScheduledTasks(ctx, background));

export const taskExecutionsAction = actionFor(schedulerOperations.executions, ({ ctx, query }) => listExecutions(ctx, background, query));

export const taskStatisticsAction = actionFor(schedulerOperations.statistics, ({ ctx, query }) => taskStatistics(ctx, background, query.days));

export const triggerTaskAction = actionFor(schedulerOperations.trigger, ({ ctx, params }) => triggerTask(ctx, background, params.id));
