import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { getDb, type Database } from '@/db/client';
import { jobs } from '@/db/schema';
import { announceJob } from './backend';
import type { JobDefinition } from './define';

/** The database or the caller's transaction: a job is written with whatever the change it belongs to uses. */
export type JobWriter = Pick<Database, 'insert' | 'select' | 'execute'>;

/** A payload that does not fit its job's schema: a bug in the caller, refused before anything is written. */
export class InvalidJobPayload extends Error {
  constructor(
    readonly job: string,
    readonly issues: z.core.$ZodIssue[],
  ) {
    super(`Invalid payload for job ${job}: ${issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ')}`);
    this.name = 'InvalidJobPayload';
  }
}

export type EnqueueOptions = {
  /** Not before this time (default: now). */
  runAt?: Date;
  /** While a job with this key is pending or running, enqueueing it again answers that job. */
  dedupeKey?: string;
};

/**
 * Queues background work. Pass the transaction of the change that needs the work: the job is
 * written (and its runner woken) only if that transaction commits.
 */
export async function enqueue<P extends z.ZodType>(
  job: JobDefinition<P>,
  payload: z.input<P>,
  opts: EnqueueOptions = {},
  tx?: JobWriter,
): Promise<{ id: number; deduplicated: boolean }> {
  const name = job.name;
  const parsed = job.payload.safeParse(payload);
  if (!parsed.success) throw new InvalidJobPayload(name, parsed.error.issues);
  const db = tx ?? (await getDb());
  const runAt = opts.runAt ?? new Date();
  // Twice at most: the live job a conflict met may finish before we read it, and then this one is new.
  for (let attempt = 0; ; attempt++) {
    const [row] = await db
      .insert(jobs)
      .values({ name, payload: parsed.data, runAt, dedupeKey: opts.dedupeKey ?? null })
      .onConflictDoNothing({ target: jobs.dedupeKey, where: sql`${jobs.status} in ('pending', 'running')` })
      .returning({ id: jobs.id });
    if (row) {
      await announceJob(db, { id: row.id, name, runAt }, tx !== undefined);
      return { id: row.id, deduplicated: false };
    }
    const [live] = await db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.dedupeKey, opts.dedupeKey!), inArray(jobs.status, ['pending', 'running'])))
      .limit(1);
    if (live) return { id: live.id, deduplicated: true };
    if (attempt > 0) throw new Error(`Could not queue job ${name}: its dedupe key ${opts.dedupeKey} keeps changing hands`);
  }
}
