import 'server-only';
import { Cron } from 'croner';
import type { TaskDefinition } from '@/lib/jobs/define';
import { claimScheduledRun, runTask } from './run-task';
import { logError } from '@/lib/system/log';

// On globalThis: a dev-mode reload re-evaluates this module, and a second runner must not start beside the first.
const key = Symbol.for('lantern.localRunner');
type Runner = { jobs: Cron[]; stop: () => void };
const holder = globalThis as { [key]?: Runner };

/**
 * LANTERN_TASK_SCHEDULES=`key=cron;key=cron`: other schedules for this runner (tests use six-field,
 * per-second ones). The tasks' own schedules stay what the dashboard shows.
 */
export function scheduleOverrides(value = process.env.LANTERN_TASK_SCHEDULES ?? ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const entry of value.split(';')) {
    const at = entry.indexOf('=');
    if (at > 0) out.set(entry.slice(0, at).trim(), entry.slice(at + 1).trim());
  }
  return out;
}

/** The tick a croner run belongs to: the schedule's last time at or before now (a run may start a little late, never early). */
function tickOf(job: Cron): Date {
  const now = Date.now();
  return job.previousRuns(1, new Date(now + 1))[0] ?? new Date(Math.floor(now / 1000) * 1000);
}

/**
 * The embedded mode's scheduler: one croner job per task, running the handler through runTask.
 * Started once per process; `protect` keeps a slow run from overlapping the next tick. Every
 * instance on one database keeps the schedule, and each tick is claimed by one of them.
 */
export function startLocalRunner(tasks: readonly TaskDefinition[], opts: { stopOnShutdown?: boolean } = {}): Runner {
  if (holder[key]) return holder[key];
  const overrides = scheduleOverrides();
  const jobs = tasks.map(
    (task) =>
      new Cron(overrides.get(task.key) ?? task.schedule, { name: task.key, protect: true, timezone: 'UTC' }, async (self: Cron) => {
        if (task.enabled && !task.enabled()) return;
        const executionId = await claimScheduledRun(task.key, tickOf(self)).catch((err: unknown) => {
          console.error(`[scheduler] could not claim ${task.key}: ${logError(err)}`);
          return null;
        });
        if (executionId === null) return;
        await runTask(task.key, task.handler, { trigger: 'schedule', executionId });
      }),
  );
  const runner: Runner = {
    jobs,
    stop: () => {
      for (const job of jobs) job.stop();
      delete holder[key];
    },
  };
  holder[key] = runner;
  if (opts.stopOnShutdown) for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => runner.stop());
  return runner;
}

export function stopLocalRunner(): void {
  holder[key]?.stop();
}

/** The next time a cron expression fires (UTC), or null if it never will. */
export function nextRunOf(schedule: string): Date | null {
  return new Cron(schedule, { timezone: 'UTC', paused: true }).nextRun();
}
