/** How often a job is tried and how long it waits between tries. */
export type RetryPolicy = {
  /** Runs in all, the first included; after the last one fails the job is marked failed. */
  maxAttempts: number;
  /** Wait before the second run; each later wait doubles, up to maxDelayMs. */
  baseDelayMs: number;
  maxDelayMs: number;
};

/**
 * The wait before the next run after `attempt` runs failed: exponential, capped, with "equal
 * jitter" (half fixed, half random) so many jobs failing together do not retry in lockstep, while
 * each wait still grows.
 */
export function retryDelayMs(policy: RetryPolicy, attempt: number, random: () => number = Math.random): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempt - 1));
  return Math.round(exponential / 2 + random() * (exponential / 2));
}
