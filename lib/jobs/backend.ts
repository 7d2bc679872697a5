import 'server-only';
import { sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { JOB_CHANNEL } from './channel';
import type { Background } from './define';
import type { TaskResult } from './result';
import { runTask } from '@/lib/scheduler/run-task';
import { logError } from '@/lib/system/log';

/**
 * The one place that chooses between Inngest and this process for background work: job wake-ups
 * here, 'Trigger Now' (startTaskRun) and which runners start (instrumentation.ts). Inngest is used
 * when its keys (or its dev server) are configured.
 */
export function inngestEnabled(): boolean {
  return !!(process.env.INNGEST_EVENT_KEY || process.env.INNGEST_SIGNING_KEY || process.env.INNGEST_DEV);
}

/** If the caller's transaction commits this long after the event, the minute sweep runs the job. */
const COMMIT_GRACE_MS = 2_000;

/**
 * Wakes whoever runs jobs, after a job row was written with `db` (a transaction or the database).
 * In-process: NOTIFY, which Postgres delivers at commit and drops on rollback. Inngest: an event
 * for the job-runner function, which claims due rows; the row stays the unit of work, so an event
 * that comes early (the caller's transaction has not committed) or is lost only delays the job
 * until the runner's minute sweep.
 */
export async function announceJob(db: Pick<Database, 'execute'>, job: { id: number; name: string; runAt: Date }, inTransaction: boolean): Promise<void> {
  if (!inngestEnabled()) {
    await db.execute(sql`select pg_notify(${JOB_CHANNEL}, ${job.name})`);
    return;
  }
  const { inngest, JOB_ENQUEUED_EVENT } = await import('@/inngest/client');
  // A future `ts` delays the run: give an open transaction time to commit, and wait for runAt.
  const ts = Math.max(job.runAt.getTime(), inTransaction ? Date.now() + COMMIT_GRACE_MS : 0);
  await inngest.send({ name: JOB_ENQUEUED_EVENT, data: { job_id: job.id, name: job.name }, ...(ts > Date.now() ? { ts } : {}) }).catch((err: unknown) => {
    console.error(`[jobs] could not send the event for job #${job.id}; the minute sweep will run it: ${logError(err)}`);
  });
}

/** 'Trigger Now' of a scheduled task: an event for its Inngest function, or a run in this process. */
export async function startTaskRun(task: { key: string; handler: () => Promise<TaskResult> }, executionId: number): Promise<void> {
  if (inngestEnabled()) {
    const { inngest, TASK_TRIGGERED_EVENT } = await import('@/inngest/client');
    await inngest.send({ name: TASK_TRIGGERED_EVENT, data: { task_key: task.key, execution_id: executionId } });
  } else {
    void runTask(task.key, task.handler, { executionId, trigger: 'manual' });
  }
}

/**
 * Starts this process's background work unless Inngest does it: the job runner always, the cron
 * schedules unless LANTERN_SCHEDULER=off (benchmarks still need work a request queued to run).
 */
export async function startInProcessWork(background: Background, opts: { schedules: boolean }): Promise<{ mode: 'inngest' } | { mode: 'in-process'; tasks: number }> {
  if (inngestEnabled()) return { mode: 'inngest' };
  const [{ startRecovery }, { startJobRunner }, { startLocalRunner }] = await Promise.all([
    import('@/lib/scheduler/recovery'),
    import('./runner'),
    import('@/lib/scheduler/local-runner'),
  ]);
  // The runners start after the first heartbeat (and what a stopped server left is recovered), so
  // what they claim carries this process's id. Not awaited: the database may still be opening.
  void startRecovery(background.tasks).started.then(() => {
    startJobRunner(background, { stopOnShutdown: true });
    if (opts.schedules) startLocalRunner(background.tasks, { stopOnShutdown: true });
  });
  return { mode: 'in-process', tasks: opts.schedules ? background.tasks.length : 0 };
}
