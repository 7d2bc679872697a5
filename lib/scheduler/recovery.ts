import 'server-only';
import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { getDb, getDbKind } from '@/db/client';
import { jobs, runnerInstances, taskExecutions, type TaskExecution } from '@/db/schema';
import { JOB_CHANNEL } from '@/lib/jobs/channel';
import { healthyForMs, instanceId, instanceTimeoutMs, machineKey, pidAlive, startHeartbeat, stopBeating, stopHeartbeat } from './instance';
import { findTask, type TaskDefinition } from '@/lib/jobs/define';
import { createPendingExecution, runTask } from './run-task';
import { logError } from '@/lib/system/log';

export const INTERRUPTED_MESSAGE = 'Interrupted: the server stopped while this task was running';

const FORGET_AFTER = '1 day';

export type Recovery = {
  /** Owners found gone. */
  gone: string[];
  /** Executions marked failure. */
  executions: TaskExecution[];
  /** Jobs made due again. */
  jobs: number[];
  /** Runs of interrupted scheduled and manual tasks started again (their promises: tests await them). */
  reruns: Promise<TaskExecution>[];
};

/**
 * Which owners of unfinished work are gone. `everyOtherOwner`: PGlite at start (one process owns its
 * data folder, so nobody else can be running). `staleAfterMs`: a heartbeat older than this, or no row
 * at all, is death (null: nobody is judged by heartbeat). Always: an owner on this machine whose PID
 * is dead (a restart finds its predecessor at once).
 */
async function goneOwners(opts: { everyOtherOwner: boolean; staleAfterMs: number | null }): Promise<string[]> {
  const db = await getDb();
  const me = instanceId();
  const owners = new Set<string>();
  const executions = await db
    .selectDistinct({ owner: taskExecutions.instanceId })
    .from(taskExecutions)
    .where(and(inArray(taskExecutions.status, ['pending', 'running']), isNotNull(taskExecutions.instanceId), ne(taskExecutions.instanceId, me)));
  const claimed = await db
    .selectDistinct({ owner: jobs.lockedBy })
    .from(jobs)
    .where(and(eq(jobs.status, 'running'), isNotNull(jobs.lockedBy), ne(jobs.lockedBy, me)));
  for (const { owner } of [...executions, ...claimed]) if (owner) owners.add(owner);
  if (owners.size === 0) return [];
  if (opts.everyOtherOwner) return [...owners];
  const staleMs = opts.staleAfterMs;
  const rows = await db
    .select({
      id: runnerInstances.id,
      pid: runnerInstances.pid,
      machine: runnerInstances.machine,
      stale: staleMs === null ? sql<boolean>`false` : sql<boolean>`${runnerInstances.seenAt} < now() - make_interval(secs => ${staleMs / 1000})`,
    })
    .from(runnerInstances)
    .where(inArray(runnerInstances.id, [...owners]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const here = machineKey();
  return [...owners].filter((owner) => {
    const row = byId.get(owner);
    if (!row) return staleMs !== null;
    if (row.stale) return true;
    return here !== null && row.machine === here && !pidAlive(row.pid);
  });
}

/**
 * Marks the unfinished executions of gone owners as failures, makes their jobs due again (the
 * attempt stays counted: the job's maxAttempts stops one that keeps crashing its server) and starts
 * each interrupted scheduled or manual task once more, now. Each row is taken by one UPDATE, so of
 * several instances recovering at once only one reruns it.
 */
export async function recoverInterrupted(tasks: readonly TaskDefinition[], opts: { everyOtherOwner?: boolean; staleAfterMs?: number | null } = {}): Promise<Recovery> {
  const gone = await goneOwners({ everyOtherOwner: opts.everyOtherOwner ?? false, staleAfterMs: opts.staleAfterMs ?? null });
  if (gone.length === 0) return { gone, executions: [], jobs: [], reruns: [] };
  const db = await getDb();
  const executions = await db
    .update(taskExecutions)
    .set({
      status: 'failure',
      finishedAt: sql`now()`,
      durationSeconds: sql`extract(epoch from now() - ${taskExecutions.startedAt})`,
      errorMessage: INTERRUPTED_MESSAGE,
    })
    .where(and(inArray(taskExecutions.status, ['pending', 'running']), inArray(taskExecutions.instanceId, gone)))
    .returning();
  const freed = await db
    .update(jobs)
    .set({ status: 'pending', runAt: sql`now()`, lockedUntil: null, lockedBy: null, lastError: INTERRUPTED_MESSAGE, updatedAt: sql`now()` })
    .where(and(eq(jobs.status, 'running'), inArray(jobs.lockedBy, gone)))
    .returning({ id: jobs.id });
  if (freed.length) await db.execute(sql`select pg_notify(${JOB_CHANNEL}, 'recovered')`);
  const reruns: Promise<TaskExecution>[] = [];
  for (const e of executions) {
    console.warn(`[scheduler] ${e.taskName} (execution #${e.id}) was interrupted: its server stopped`);
    const task = findTask({ tasks }, e.taskName);
    // Jobs run again through their row; a rerun interrupted in turn is not repeated (no crash loop).
    if (!task || e.trigger === 'event' || e.retryOf !== null) continue;
    const trigger = e.trigger === 'manual' ? 'manual' : 'schedule';
    // The operator's settings hold for a rerun as for a tick: a task switched off, or schedules off on
    // this instance (LANTERN_SCHEDULER=off), is not run again; its next tick elsewhere covers it.
    if ((task.enabled && !task.enabled()) || (trigger === 'schedule' && process.env.LANTERN_SCHEDULER === 'off')) continue;
    const id = await createPendingExecution(task.key, trigger, { retryOf: e.id });
    const rerun = runTask(task.key, task.handler, { trigger, executionId: id });
    rerun.catch((err: unknown) => console.error(`[scheduler] the rerun of ${task.key} failed: ${logError(err)}`));
    reruns.push(rerun);
  }
  return { gone, executions, jobs: freed.map((j) => j.id), reruns };
}

/** Instances not seen for a day are forgotten (what they left was recovered long before). */
async function forgetOldInstances(): Promise<void> {
  const db = await getDb();
  await db.delete(runnerInstances).where(sql`${runnerInstances.seenAt} < now() - ${FORGET_AFTER}::interval`);
}

// On globalThis: a dev-mode reload re-evaluates this module, and a second runner must not start beside the first.
const key = Symbol.for('lantern.recovery');
type Started = { started: Promise<void>; recovered: Promise<Recovery> };
const holder = globalThis as { [key]?: Started };

/**
 * Starts this process's heartbeat and recovers what a gone process left unfinished: after the first
 * heartbeat that goes through, what is certainly gone (PGlite: everything not ours; Postgres: a dead
 * predecessor on this machine); then, on Postgres, after every heartbeat, whatever has a heartbeat
 * older than the timeout, once this process has itself had the database for a full timeout (so a
 * Postgres restart, which stales every heartbeat at once, reaps nobody alive). `started` resolves
 * after the first heartbeat was tried; `recovered` with the first recovery.
 */
export function startRecovery(tasks: readonly TaskDefinition[]): Started {
  if (holder[key]) return holder[key];
  let first: ((r: Recovery) => void) | null = null;
  const recovered = new Promise<Recovery>((resolve) => (first = resolve));
  const started = (async () => {
    const kind = await getDbKind().catch(() => 'postgres' as const);
    await startHeartbeat(async () => {
      if (first) {
        await forgetOldInstances().catch(() => {});
        // A failure here is tried again after the next heartbeat.
        const recovery = await recoverInterrupted(tasks, { everyOtherOwner: kind === 'pglite' });
        if (recovery.executions.length || recovery.jobs.length) {
          console.warn(`[scheduler] recovered ${recovery.executions.length} interrupted executions and ${recovery.jobs.length} jobs of a stopped server`);
        }
        first(recovery);
        first = null;
        // PGlite: one process per data folder, so no one else's heartbeat to watch, nor ours to keep.
        if (kind === 'pglite') stopBeating();
        return;
      }
      if (kind !== 'postgres') return;
      const timeout = instanceTimeoutMs();
      await recoverInterrupted(tasks, { staleAfterMs: healthyForMs() >= timeout ? timeout : null });
    });
  })();
  holder[key] = { started, recovered };
  return holder[key];
}

export function stopRecovery(): void {
  stopHeartbeat();
  delete holder[key];
}
