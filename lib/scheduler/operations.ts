import { defineOperations } from '@/lib/http/operation';
import { executionsQuerySchema, statisticsQuerySchema, taskKeyParams } from './schema';

const tag = 'Scheduler';
const errors = [401, 403];

export const schedulerOperations = defineOperations({
  scheduledTasks: { method: 'GET', path: '/api/scheduler/scheduled-tasks', tag, auth: 'bearer', errors, summary: 'Registered tasks with their schedule and next run' },
  executions: {
    method: 'GET', path: '/api/scheduler/task-executions', tag, auth: 'bearer', query: executionsQuerySchema, errors,
    summary: 'Task executions, newest first (limit, task_name, status)',
  },
  statistics: { method: 'GET', path: '/api/scheduler/task-statistics', tag, auth: 'bearer', query: statisticsQuerySchema, errors, summary: 'Execution statistics over the last N days' },
  trigger: {
    method: 'POST', path: '/api/scheduler/tasks/{id}/trigger', tag, auth: 'bearer', params: taskKeyParams, status: 202, errors: [...errors, 404],
    summary: 'Run a task now (the id is the task key); answers the execution id',
  },
});
