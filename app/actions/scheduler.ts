'use server';

import { actionFor } from '@/lib/http/action';
import { schedulerOperations } from '@/lib/scheduler/operations';

// The Scheduler Dashboard's calls: the operations of /api/scheduler/*, as server actions.

export const scheduledTasksAction = actionFor(schedulerOperations.scheduledTasks);

export const taskExecutionsAction = actionFor(schedulerOperations.executions);

export const taskStatisticsAction = actionFor(schedulerOperations.statistics);

export const triggerTaskAction = actionFor(schedulerOperations.trigger);
