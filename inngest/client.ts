import { Inngest } from 'inngest';

// INNGEST_DEV targets a local Inngest dev server; otherwise the signing and event keys are read from the environment.
export const inngest = new Inngest({ id: 'lantern', isDev: !!process.env.INNGEST_DEV && process.env.INNGEST_DEV !== '0' });

export const TASK_TRIGGERED_EVENT = 'scheduler/task.triggered';
/** Sent by lib/jobs when a job row is written; wakes the job runner function. */
export const JOB_ENQUEUED_EVENT = 'jobs/job.enqueued';
