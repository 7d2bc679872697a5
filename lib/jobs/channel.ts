/** NOTIFY channel that wakes the in-process job runners (the queue, the runners and recovery share it). */
export const JOB_CHANNEL = 'lantern_jobs';
