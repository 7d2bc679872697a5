/** What a job or a scheduled task answers: its run's result summary, shown in the Scheduler's history. */
export type TaskResult = Record<string, unknown>;
