import { background } from '@/background';
import { taskFunction } from '../task-function';
import { jobRunner } from './job-runner';

/**
 * The scheduled tasks' functions: one per task in background.ts, built from it, so a
 * task added there gets its Inngest function (cron + Trigger Now event) with no code here. Jobs
 * (background.ts) need none of their own: the job runner runs every kind.
 */
export const taskFunctions = background.tasks.map((task) => taskFunction(task.key));

/** Every Inngest function Lantern serves: the scheduled tasks and the job runner (lib/jobs). */
export const functions = [...taskFunctions, jobRunner];
