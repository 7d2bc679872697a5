import { doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /** The schedule tick a scheduled run belongs to: unique per task, so several instances run each tick once. */
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
  },
  (t) => [
    index('task_executions_started_idx').on(t.startedAt.desc()),
    index('task_executions_task_started_idx').on(t.taskName, t.startedAt.desc()),
    index('task_executions_status_started_idx').on(t.status, t.startedAt.desc()),
    uniqueIndex('task_executions_schedule_tick_idx').on(t.taskName, t.scheduledFor),
  ],
);

export type TaskExecution = typeof taskExecutions.$inferSelect;
