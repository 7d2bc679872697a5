import { cron } from 'inngest';
import { background } from '@/background';
import { runNextDueJob } from '@/lib/jobs/runner';
import { inngest, JOB_ENQUEUED_EVENT } from '../client';

/** Jobs one invocation runs before it ends (the minute sweep or the next event carries on). */
const JOBS_PER_INVOCATION = 25;

/**
 * Inngest mode's job runner: woken by the event lib/jobs sends on enqueue and by a minute sweep,
 * it claims due job rows (SKIP LOCKED) and runs each in a step of its own, through runTask. The
 * row, not the event, is the work: an early or lost event only delays a job until the sweep, and
 * retries follow the job's own policy (run_at), not Inngest's.
 */
export const jobRunner = inngest.createFunction(
  { id: 'job_runner', name: 'Job Runner', retries: 2, triggers: [cron('TZ=UTC * * * * *'), { event: JOB_ENQUEUED_EVENT }] },
  async ({ step }) => {
    const runs = [];
    for (let i = 0; i < JOBS_PER_INVOCATION; i++) {
      const run = await step.run(`job-${i}`, async () => {
        const done = await runNextDueJob(background);
        if (!done) return null;
        const summary = done.execution?.resultSummary;
        return { job_id: done.job.id, name: done.job.name, outcome: done.outcome, result: summary ? (JSON.parse(summary) as Record<string, unknown>) : null, error: done.execution?.errorMessage ?? null };
      });
      if (!run) break;
      runs.push(run);
    }
    return { ran: runs.length, runs };
  },
);
