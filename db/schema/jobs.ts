import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const JOB_STATUSES = ['pending', 'running', 'succeeded', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

// Durable background work: a row is written in the same transaction as the change that needs it,
// so the work is never lost; runners claim due rows with FOR UPDATE SKIP LOCKED (lib/jobs/runner.ts).
export const jobs = pgTable(
  'jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status').$type<JobStatus>().notNull().default('pending'),
    /** Runs started so far (a run cut short by a crash counts too). */
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** While running: when the claim lapses and another runner may take the job over (the process died). */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** While running: the process running it (runner_instances.id), so its death frees the job at once. */
    lockedBy: text('locked_by'),
    lastError: text('last_error'),
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    // One live job per key: the same work enqueued twice before it is done is queued once. Running
    // jobs count too, so a run going back to pending for its retry never meets a duplicate.
    uniqueIndex('jobs_dedupe_live_idx').on(t.dedupeKey).where(sql`${t.status} in ('pending', 'running')`),
    index('jobs_due_idx').on(t.status, t.runAt),
  ],
);

export type Job = typeof jobs.$inferSelect;
