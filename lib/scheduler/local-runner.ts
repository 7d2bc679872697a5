import 'server-only';
import { Cron } from 'croner';
import { TASKS, type TaskDefinition } from './registry';
import { runTask } from './run-task';

const key = Symbol.for('lantern.localRunner');
type Runner = { jobs: Cron[]; stop: () => void };
const holder = globalThis as { [key]?: Runner };

/**
 * The embedded mode's scheduler: one croner job per task, running the handler through runTask.
 * Started once per process; `protect` keeps a slow run from overlapping the next tick.
 */
export function startLocalRunner(opts: { tasks?: TaskDefinition[]; stopOnShutdown?: boolean } = {}): Runner {
  if (holder[key]) return holder[key];
  const tasks = opts.tasks ?? TASKS;
  const jobs = tasks.map(
    (task) =>
      new Cron(task.schedule, { name: task.key, protect: true, timezone: 'UTC' }, async () => {
        if (task.enabled && !task.enabled()) return;
        await runTask(task.key, task.handler, { trigger: 'schedule' });
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
