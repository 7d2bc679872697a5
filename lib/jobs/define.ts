import type { z } from 'zod';
import type { TaskResult } from './result';
import type { ScheduledTask } from '@/lib/scheduler/schema';
import type { RetryPolicy } from './retry';

/** What a job does: loaded when it first runs where the job is declared apart from its work (lib/<domain>/jobs.ts). */
export type JobHandler<T> = {
  /** One attempt; throwing makes the runner retry by the job's policy. Its answer is the run's result summary. */
  run(payload: T): Promise<TaskResult>;
  /** After the last attempt failed: leave the domain row saying so, not 'processing' forever. */
  giveUp?(payload: T, error: string): Promise<void>;
};

/**
 * A kind of background work, declared beside its domain's code: in lib/<domain>/jobs.ts, or in the
 * module that both queues and runs it (lib/mail/outbox.ts), where a lazy import back would be a circle.
 */
export type JobDefinition<P extends z.ZodType = z.ZodType> = {
  /** What its rows carry in `jobs.name` and the Scheduler shows executions under: never rename one with rows queued. */
  name: string;
  display_name: string;
  /** Checked when the job is queued and again when it runs. */
  payload: P;
  retry: RetryPolicy;
  handler: () => Promise<JobHandler<z.infer<P>>>;
};

export const defineJob = <P extends z.ZodType>(job: JobDefinition<P>): JobDefinition<P> => job;

/** A scheduled task, declared beside its domain's code; its work is imported when it runs. */
export type TaskDefinition = ScheduledTask & {
  handler: () => Promise<TaskResult>;
  /** Scheduled runs happen only while this holds (a task with nothing to do records no run); Trigger Now always runs. */
  enabled?: () => boolean;
};

export const defineTask = (task: Omit<TaskDefinition, 'name'>): TaskDefinition => ({ ...task, name: task.key });

/**
 * Every domain's background work, assembled by the app (background.ts) and handed to the runners
 * and the Scheduler: the queue, the runners and the scheduler themselves know no domain.
 */
export type Background = { jobs: readonly JobDefinition[]; tasks: readonly TaskDefinition[] };

export const findJob = (background: Pick<Background, 'jobs'>, name: string) => background.jobs.find((j) => j.name === name);
export const findTask = (background: Pick<Background, 'tasks'>, key: string) => background.tasks.find((t) => t.key === key);
