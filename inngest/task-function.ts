import { cron } from 'inngest';
import { background } from '@/background';
import { findTask } from '@/lib/jobs/define';
import { runTask } from '@/lib/scheduler/run-task';
import { inngest, TASK_TRIGGERED_EVENT } from './client';

/**
 * The Inngest function of one registered task: its cron schedule, plus the trigger event for this
 * task only. The body is one step that runs the shared handler through runTask.
 */
export function taskFunction(key: string) {
  const task = findTask(background, key);
  if (!task) throw new Error(`Unknown task ${key}`);
  return inngest.createFunction(
    {
      id: task.key,
      name: task.display_name,
      retries: 3,
      concurrency: { limit: 1 },
      triggers: [cron(`TZ=UTC ${task.schedule}`), { event: TASK_TRIGGERED_EVENT, if: `event.data.task_key == '${task.key}'` }],
    },
    async ({ event, step }) => {
      const data = (event?.data ?? {}) as { execution_id?: number };
      if (!data.execution_id && task.enabled && !task.enabled()) return { skipped: 'not enabled on this install' };
      return step.run(task.key, async () => {
        const execution = await runTask(task.key, task.handler, {
          trigger: data.execution_id ? 'manual' : 'schedule',
          executionId: typeof data.execution_id === 'number' ? data.execution_id : undefined,
        });
        return { execution_id: execution.id, status: execution.status };
      });
    },
  );
}
