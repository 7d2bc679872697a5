import { TASKS } from '@/lib/scheduler/registry';
import { taskFunction } from '../task-function';
import { jobRunner } from './job-runner';

/**
 * The scheduled tasks' functions: one per task in lib/scheduler/registry.ts, built from it, so a
 * task added there gets its Inngest function (cron + Trigger Now event) with no code here. Jobs
 * (lib/jobs/catalog.ts) need none of their own: the job runner runs every kind.
 */
export const taskFunctions = TASKS.map((task) => taskFunction(task.key));

/** Every Inngest function Lantern serves: the scheduled tasks and the job runner (lib/jobs). */
export const functions = [...taskFunctions, jobRunner];
