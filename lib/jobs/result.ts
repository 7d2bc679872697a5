/** What a job or a scheduled task answers: its run's result summary, shown in the Scheduler's history. */
export type TaskResult = Record<string, unknown>;

/**
 * A run that did nothing wrong but did not do its work (mail kept because SMTP is not set): recorded
 * as 'skipped' with this reason instead of 'success', so the Scheduler does not call it done.
 */
export const notDone = (reason: string, result: TaskResult = {}): TaskResult => ({ ...result, not_done: reason });
export const notDoneReason = (result: TaskResult | undefined | null): string | null => (typeof result?.not_done === 'string' ? result.not_done : null);
