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
    /** The process running it (runner_instances.id); null in Inngest mode. Its death marks the run a failure. */
    instanceId: text('instance_id'),
    /** The interrupted execution this one runs again, so an interrupted run is repeated once, never in a loop. */
    retryOf: integer('retry_of'),
  },
  (t) => [
    index('task_executions_started_idx').on(t.startedAt.desc()),
    index('task_executions_task_started_idx').on(t.taskName, t.startedAt.desc()),
    index('task_executions_status_started_idx').on(t.status, t.startedAt.desc()),
    uniqueIndex('task_executions_schedule_tick_idx').on(t.taskName, t.scheduledFor),
  ],
);

export type TaskExecution = typeof taskExecutions.$inferSelect;

// One row per server process running background work; its heartbeat (seen_at) tells the other
// processes it is alive (lib/scheduler/instance.ts).
export const runnerInstances = pgTable('runner_instances', {
  id: text('id').primaryKey(),
  host: text('host').notNull(),
  pid: integer('pid').notNull(),
  /** Boot and PID namespace: processes with the same value can see each other's PIDs. */
  machine: text('machine'),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});

export type RunnerInstance = typeof runnerInstances.$inferSelect;
