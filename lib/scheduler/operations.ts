import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { executionsQuerySchema, statisticsQuerySchema, taskKeyParams } from './schema';
import { listExecutions, listScheduledTasks, taskStatistics, triggerTask } from './service';
import { background } from '@/background';
import { operation } from '@/lib/http/route';

const tag = 'Scheduler';
const errors = [401, 403];

export const schedulerOperations = defineOperations({
  scheduledTasks: operation({
    method: 'GET', path: '/api/scheduler/scheduled-tasks', tag, auth: 'bearer', errors, summary: 'Registered tasks with their schedule and next run',
    handler: ({ ctx }) => listScheduledTasks(ctx, background),
  }),
  executions: operation({
    method: 'GET', path: '/api/scheduler/task-executions', tag, auth: 'bearer', query: executionsQuerySchema, errors,
    summary: 'Task executions, newest first (limit, task_name, status)',
    handler: ({ ctx, query }) => listExecutions(ctx, background, query),
  }),
  statistics: operation({
    method: 'GET', path: '/api/scheduler/task-statistics', tag, auth: 'bearer', query: statisticsQuerySchema, errors, summary: 'Execution statistics over the last N days',
    handler: ({ ctx, query }) => taskStatistics(ctx, background, query.days),
  }),
  trigger: operation({
    method: 'POST', path: '/api/scheduler/tasks/{id}/trigger', tag, auth: 'bearer', params: taskKeyParams, status: 202, errors: [...errors, 404],
    summary: 'Run a task now (the id is the task key); answers the execution id',
    handler: ({ ctx, params }) => triggerTask(ctx, background, params.id),
  }),
});
