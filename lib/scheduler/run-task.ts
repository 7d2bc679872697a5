import 'server-only';
import { EventEmitter } from 'node:events';
import { and, eq } from 'drizzle-orm';
import { getDb, withAdvisoryLock } from '@/db/client';
import { taskExecutions, type TaskExecution } from '@/db/schema';
import { currentInstanceId } from './instance';
import { notDoneReason, type TaskResult } from '@/lib/jobs/result';
import { errorText, logError } from '@/lib/system/log';

export type TaskTrigger = 'schedule' | 'manual' | 'event';

/** Emits 'finished' with the final execution row, for whoever waits on a run (tests, the runner's log). */
export const taskEvents = new EventEmitter();
taskEvents.setMaxListeners(50);

const MAX_ERROR_LENGTH = 4000;

/** Records a pending execution (the trigger endpoint answers its id before the run starts). */
export async function createPendingExecution(key: string, trigger: TaskTrigger, opts: { retryOf?: number } = {}): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .insert(taskExecutions)
    .values({ taskName: key, status: 'pending', trigger, instanceId: currentInstanceId(), retryOf: opts.retryOf ?? null })
    .returning({ id: taskExecutions.id });
  return row!.id;
}

/**
 * Claims one tick of a task's schedule for this process: answers the pending execution's id, or null
 * when another instance on the same database already claimed that tick (each tick runs once, however
 * many instances keep the schedule, and the history shows it once).
 */
export async function claimScheduledRun(key: string, tick: Date): Promise<number | null> {
  const db = await getDb();
  const [row] = await db
    .insert(taskExecutions)
    .values({ taskName: key, status: 'pending', trigger: 'schedule', scheduledFor: tick, instanceId: currentInstanceId() })
    .onConflictDoNothing({ target: [taskExecutions.taskName, taskExecutions.scheduledFor] })
    .returning({ id: taskExecutions.id });
  return row?.id ?? null;
}

/**
 * Runs a task handler with its bookkeeping: pending → running → success / failure, or skipped when
 * the same task is already running anywhere (advisory lock). Never throws for the handler's errors:
 * they are recorded on the execution. Jobs pass `exclusive: false`: their runner's claim already
 * keeps a job to one run, and two different files may well be analysed at once.
 */
export async function runTask(
  key: string,
  handler: () => Promise<TaskResult>,
  opts: { trigger?: TaskTrigger; executionId?: number; exclusive?: boolean } = {},
): Promise<TaskExecution> {
  const db = await getDb();
  const id = opts.executionId ?? (await createPendingExecution(key, opts.trigger ?? 'schedule'));
  const run = async () => {
    const startedAt = new Date();
    // Stamped with the process that runs it (which may not be the one that recorded it). Only a run
    // still pending starts: one already judged interrupted (and run again by whoever judged it) does not.
    const [started] = await db
      .update(taskExecutions)
      .set({ status: 'running', startedAt, instanceId: currentInstanceId() })
      .where(and(eq(taskExecutions.id, id), eq(taskExecutions.status, 'pending')))
      .returning({ id: taskExecutions.id });
    if (!started) {
      console.warn(`[scheduler] ${key} (execution #${id}) was no longer pending when it came to run; not run`);
      const [stored] = await db.select().from(taskExecutions).where(eq(taskExecutions.id, id));
      return stored!;
    }
    const t0 = performance.now();
    // Only a run still marked running is finished here: one marked interrupted (its process was
    // judged gone, lib/scheduler/recovery.ts) keeps that verdict, since it was already run again.
    const finish = async (changes: Partial<typeof taskExecutions.$inferInsert>) => {
      const [row] = await db
        .update(taskExecutions)
        .set(changes)
        .where(and(eq(taskExecutions.id, id), eq(taskExecutions.status, 'running')))
        .returning();
      if (row) return row;
      console.warn(`[scheduler] ${key} (execution #${id}) finished after it was marked interrupted; the mark stands`);
      const [stored] = await db.select().from(taskExecutions).where(eq(taskExecutions.id, id));
      return stored!;
    };
    try {
      const result = await handler();
      const reason = notDoneReason(result);
      return await finish({ status: reason ? 'skipped' : 'success', errorMessage: reason, finishedAt: new Date(), durationSeconds: (performance.now() - t0) / 1000, resultSummary: JSON.stringify(result ?? {}) });
    } catch (err) {
      const message = errorText(err);
      console.error(`[scheduler] ${key} failed: ${logError(err)}`);
      return finish({ status: 'failure', finishedAt: new Date(), durationSeconds: (performance.now() - t0) / 1000, errorMessage: message.slice(0, MAX_ERROR_LENGTH) });
    }
  };
  let outcome: { acquired: true; value: TaskExecution } | { acquired: false };
  try {
    outcome = opts.exclusive === false ? { acquired: true as const, value: await run() } : await withAdvisoryLock(`task:${key}`, run);
  } catch (err) {
    // The bookkeeping itself failed (the database restarting, the pool full): the execution must not
    // stay pending under a live process until that process next restarts. Best effort: the database
    // may still be away, and then recovery marks it once its owner is gone.
    const message = errorText(err);
    await db
      .update(taskExecutions)
      .set({ status: 'failure', finishedAt: new Date(), durationSeconds: 0, errorMessage: `Could not run: ${message}`.slice(0, MAX_ERROR_LENGTH) })
      .where(and(eq(taskExecutions.id, id), eq(taskExecutions.status, 'pending')))
      .catch(() => {});
    throw err;
  }
  let finished: TaskExecution;
  if (outcome.acquired) finished = outcome.value;
  else {
    const [row] = await db
      .update(taskExecutions)
      .set({ status: 'skipped', finishedAt: new Date(), durationSeconds: 0, errorMessage: 'Skipped: this task is already running' })
      .where(eq(taskExecutions.id, id))
      .returning();
    finished = row!;
  }
  taskEvents.emit('finished', finished);
  return finished;
}
