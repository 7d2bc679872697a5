import 'server-only';
import { EventEmitter } from 'node:events';
import { Cron } from 'croner';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import { getDb, getDbKind, listen } from '@/db/client';
import { jobs, type Job, type TaskExecution } from '@/db/schema';
import { currentInstanceId } from '@/lib/scheduler/instance';
import { runTask } from '@/lib/scheduler/run-task';
import { JOB_CHANNEL } from './channel';
import { findJob, type Background, type JobHandler } from './define';
import { retryDelayMs } from './retry';
import { logError } from '@/lib/system/log';

/**
 * How long a claimed job is its runner's alone; after that a runner takes it over (its process died).
 * A job claimed by a process with a heartbeat is freed sooner, once that process is known gone.
 */
export const JOB_LEASE_MS = 15 * 60_000;
const MAX_ERROR_LENGTH = 4000;

export type JobRun = { job: Job; execution: TaskExecution | null; outcome: 'succeeded' | 'retrying' | 'failed' };

/** Emits 'settled' with each JobRun, for whoever waits on background work (tests, logs). */
export const jobEvents = new EventEmitter();
jobEvents.setMaxListeners(50);

/**
 * Claims the next due job: pending and due, or running with a lapsed lease. One statement, with
 * FOR UPDATE SKIP LOCKED, so concurrent runners (processes on Postgres; callers on PGlite) never
 * take the same row.
 */
async function claimNext(now?: Date): Promise<Job | null> {
  const db = await getDb();
  // The database's clock unless a test gives one: a job queued in the same millisecond is due at
  // once (Postgres keeps microseconds; a JavaScript Date would be a fraction of a millisecond behind).
  const at = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`;
  const due = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(or(and(eq(jobs.status, 'pending'), lte(jobs.runAt, at)), and(eq(jobs.status, 'running'), lt(jobs.lockedUntil, at))))
    .orderBy(asc(jobs.runAt), asc(jobs.id))
    .limit(1)
    .for('update', { skipLocked: true });
  const [job] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`${at} + make_interval(secs => ${JOB_LEASE_MS / 1000})`,
      // With a heartbeat in place, the job is free again as soon as this process is known gone (lib/scheduler/recovery.ts).
      lockedBy: currentInstanceId(),
      updatedAt: at,
    })
    .where(inArray(jobs.id, due))
    .returning();
  return job ?? null;
}

/** Writes a run's outcome, unless another runner has taken the job over since (its lease lapsed). */
async function settle(job: Job, changes: Partial<typeof jobs.$inferInsert>): Promise<void> {
  const db = await getDb();
  await db
    .update(jobs)
    .set({ ...changes, lockedUntil: null, lockedBy: null, updatedAt: new Date() })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)));
}

/** Runs one claimed job through runTask (so the Scheduler Dashboard shows it) and records what came of it. */
async function runClaimed(background: Pick<Background, 'jobs'>, job: Job): Promise<JobRun> {
  const fail = async (error: string, execution: TaskExecution | null): Promise<JobRun> => {
    await settle(job, { status: 'failed', lastError: error.slice(0, MAX_ERROR_LENGTH), finishedAt: new Date() });
    return { job, execution, outcome: 'failed' };
  };
  const definition = findJob(background, job.name);
  if (!definition) return fail(`Unknown job ${job.name}`, null);
  // A run cut short by a crash counted as an attempt; one beyond the last is not started.
  if (job.attempts > definition.retry.maxAttempts) return fail(job.lastError ?? 'The last run did not finish', null);
  const handler = (await definition.handler()) as JobHandler<unknown>;
  let payloadValid = true;
  const parsed = definition.payload.safeParse(job.payload);
  const execution = await runTask(
    job.name,
    async () => {
      // Checked again here: the row may predate a schema change, or have been written by hand.
      if (!parsed.success) {
        payloadValid = false;
        throw new Error(`Invalid payload: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(payload)'}: ${i.message}`).join('; ')}`);
      }
      return handler.run(parsed.data);
    },
    { trigger: 'event', exclusive: false },
  );
  if (execution.status === 'success') {
    await settle(job, { status: 'succeeded', lastError: null, finishedAt: new Date() });
    return { job, execution, outcome: 'succeeded' };
  }
  const error = execution.errorMessage ?? 'The job failed';
  if (payloadValid && job.attempts < definition.retry.maxAttempts) {
    await settle(job, { status: 'pending', lastError: error.slice(0, MAX_ERROR_LENGTH), runAt: new Date(Date.now() + retryDelayMs(definition.retry, job.attempts)) });
    return { job, execution, outcome: 'retrying' };
  }
  const run = await fail(error, execution);
  if (payloadValid && handler.giveUp) await handler.giveUp(parsed.data, error).catch((err) => console.error(`[jobs] ${job.name} #${job.id}: giving up failed too: ${logError(err)}`));
  return run;
}

/** Claims and runs the next due job, if any. `now` moves the clock for due times (tests of backoff). */
export async function runNextDueJob(background: Pick<Background, 'jobs'>, opts: { now?: Date } = {}): Promise<JobRun | null> {
  const job = await claimNext(opts.now);
  if (!job) return null;
  const run = await runClaimed(background, job);
  jobEvents.emit('settled', run);
  return run;
}

/**
 * Runs due jobs until none is due (or `max` ran): one after another, or in `concurrency` lanes that
 * each claim the next due job (SKIP LOCKED keeps them apart), so many small jobs that mostly wait
 * on the network (CRM deliveries, mail) do not queue behind each other.
 */
export async function drainJobs(background: Pick<Background, 'jobs'>, opts: { now?: Date; max?: number; concurrency?: number } = {}): Promise<JobRun[]> {
  const runs: JobRun[] = [];
  const max = opts.max ?? 100;
  let claimed = 0;
  const lane = async () => {
    while (claimed < max) {
      claimed++;
      const run = await runNextDueJob(background, opts);
      if (!run) return;
      runs.push(run);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, lane));
  return runs;
}

/**
 * Lanes of the in-process runner: JOB_RUNNER_CONCURRENCY, else 4 on Postgres (a pool of
 * connections) and 1 on PGlite (one connection: lanes would only take turns).
 */
export async function jobRunnerConcurrency(): Promise<number> {
  const configured = Number(process.env.JOB_RUNNER_CONCURRENCY);
  if (process.env.JOB_RUNNER_CONCURRENCY && Number.isInteger(configured) && configured >= 1) return Math.min(configured, 32);
  return (await getDbKind()) === 'postgres' ? 4 : 1;
}

export type JobRunner = { stop: () => Promise<void>; idle: () => Promise<void> };
// On globalThis: a dev-mode reload re-evaluates this module, and a second runner must not start beside the first.
const runnerKey = Symbol.for('lantern.jobRunner');
const holder = globalThis as { [runnerKey]?: JobRunner };

/**
 * The in-process job runner (embedded and single-server Postgres mode): drains due jobs at start
 * (work queued before a restart), whenever a NOTIFY says a job was committed, and every few
 * seconds for retries coming due. One drain at a time per process; other processes may run their
 * own, SKIP LOCKED keeps them apart.
 */
export function startJobRunner(background: Pick<Background, 'jobs'>, opts: { pollSchedule?: string; stopOnShutdown?: boolean } = {}): JobRunner {
  if (holder[runnerKey]) return holder[runnerKey];
  let stopped = false;
  let draining: Promise<void> | null = null;
  let again = false;
  const wake = () => {
    if (stopped) return;
    if (draining) {
      again = true;
      return;
    }
    draining = (async () => {
      do {
        again = false;
        try {
          await drainJobs(background, { concurrency: await jobRunnerConcurrency() });
        } catch (err) {
          console.error(`[jobs] the runner could not drain the queue: ${logError(err)}`);
        }
      } while (again && !stopped);
    })().finally(() => (draining = null));
  };
  const poll = new Cron(opts.pollSchedule ?? '*/5 * * * * *', { name: 'job-runner', protect: true, timezone: 'UTC' }, wake);
  const unlisten = listen(JOB_CHANNEL, wake).catch((err) => {
    console.error(`[jobs] could not LISTEN for new jobs; polling only: ${logError(err)}`);
    return null;
  });
  wake();
  const runner: JobRunner = {
    // Idle means started (LISTEN in place, so no commit's wake-up is missed) and nothing draining.
    idle: async () => {
      await unlisten;
      while (draining) await draining;
    },
    stop: async () => {
      stopped = true;
      poll.stop();
      if (holder[runnerKey] === runner) delete holder[runnerKey];
      await (await unlisten)?.().catch(() => {});
      await runner.idle();
    },
  };
  holder[runnerKey] = runner;
  if (opts.stopOnShutdown) for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void runner.stop());
  return runner;
}

export async function stopJobRunner(): Promise<void> {
  await holder[runnerKey]?.stop();
}
