import 'server-only';
import { EventEmitter } from 'node:events';
import { eq } from 'drizzle-orm';
import { getDb, withAdvisoryLock } from '@/db/client';
import { taskExecutions, type TaskExecution } from '@/db/schema';
import type { TaskResult } from './registry';

export type TaskTrigger = 'schedule' | 'manual' | 'event';

/** Emits 'finished' with the final execution row, for whoever waits on a run (tests, the runner's log). */
export const taskEvents = new EventEmitter();
taskEvents.setMaxListeners(50);

const MAX_ERROR_LENGTH = 4000;

/** Records a pending execution (the trigger endpoint answers its id before the run starts). */
export async function createPendingExecution(key: string, trigger: TaskTrigger): Promise<number> {
  const db = await getDb();
  const [row] = await db.insert(taskExecutions).values({ taskName: key, status: 'pending', trigger }).returning({ id: taskExecutions.id });
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
    .values({ taskName: key, status: 'pending', trigger: 'schedule', scheduledFor: tick })
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
    await db.update(taskExecutions).set({ status: 'running', startedAt }).where(eq(taskExecutions.id, id));
    const t0 = performance.now();
    try {
      const result = await handler();
      const [row] = await db
        .update(taskExecutions)
        .set({ status: 'success', finishedAt: new Date(), durationSeconds: (performance.now() - t0) / 1000, resultSummary: JSON.stringify(result ?? {}) })
        .where(eq(taskExecutions.id, id))
        .returning();
      return row!;
    } catch (err) {
      const message = err instanceof Error ? err.message || err.name : String(err);
      const [row] = await db
        .update(taskExecutions)
        .set({ status: 'failure', finishedAt: new Date(), durationSeconds: (performance.now() - t0) / 1000, errorMessage: message.slice(0, MAX_ERROR_LENGTH) })
        .where(eq(taskExecutions.id, id))
        .returning();
      console.error(`[scheduler] ${key} failed:`, err);
      return row!;
    }
  };
  const outcome = opts.exclusive === false ? { acquired: true as const, value: await run() } : await withAdvisoryLock(`task:${key}`, run);
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
