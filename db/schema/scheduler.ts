import { doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const TASK_STATUSES = ['pending', 'running', 'success', 'failure', 'skipped'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

// One row per run of a scheduled task, in both the in-process and the Inngest mode.
export const taskExecutions = pgTable(
  'task_executions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    taskName: text('task_name').notNull(),
    status: text('status').$type<TaskStatus>().notNull().default('pending'),
    trigger: text('trigger').notNull().default('schedule'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    durationSeconds: doublePrecision('duration_seconds'),
    resultSummary: text('result_summary'),
    errorMessage: text('error_message'),
  },
  (t) => [
    index('task_executions_started_idx').on(t.startedAt.desc()),
    index('task_executions_task_started_idx').on(t.taskName, t.startedAt.desc()),
    index('task_executions_status_started_idx').on(t.status, t.startedAt.desc()),
  ],
);

export type TaskExecution = typeof taskExecutions.$inferSelect;
