import { z } from 'zod';

// Shared by the Scheduler Dashboard and the REST routes: no server imports.
export const TASK_CATEGORIES = ['Analytics', 'AI Processing', 'Maintenance', 'Other'] as const;
export const TASK_QUEUES = ['high_priority', 'low_priority'] as const;
export const EXECUTION_STATUSES = ['pending', 'running', 'success', 'failure', 'skipped'] as const;

export const executionsQuerySchema = z.object({
  limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(500).default(50),
  task_name: z.string().trim().max(100).optional(),
  status: z.enum(EXECUTION_STATUSES, { error: 'Unknown status' }).optional(),
});

export const statisticsQuerySchema = z.object({
  days: z.coerce.number({ error: 'days must be a number' }).int().min(1).max(365).default(7),
});

export const taskKeyParams = z.object({ id: z.string().trim().min(1).max(100) });

/** What a scheduled task is, as its definition (lib/jobs/define.ts) declares it and the dashboard shows it. */
export type ScheduledTask = {
  key: string;
  name: string;
  display_name: string;
  description: string;
  category: (typeof TASK_CATEGORIES)[number];
  /** Cron expression (five fields, UTC). */
  schedule: string;
  queue: (typeof TASK_QUEUES)[number];
};

export type ScheduledTaskView = ScheduledTask & { next_run: string | null };

export type TaskExecutionView = {
  id: number;
  task_name: string;
  display_name: string;
  status: (typeof EXECUTION_STATUSES)[number];
  trigger: string;
  started_at: string;
  duration_seconds: number | null;
  result_summary: string | null;
  error_message: string | null;
};

export type TaskStatistics = {
  days: number;
  overall: { total_executions: number; successful: number; failed: number; success_rate: number };
  by_task: { task_name: string; display_name: string; total_runs: number; success_rate: number; avg_duration_seconds: number | null; last_run: string | null }[];
};
