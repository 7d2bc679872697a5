import { describe, expect, it } from 'vitest';
import { retryDelayMs } from '@/lib/jobs/retry';

const policy = { maxAttempts: 6, baseDelayMs: 1_000, maxDelayMs: 10_000 };

describe('retry backoff', () => {
  it('doubles from the base delay after each failed attempt, up to the cap', () => {
    // With the random half at its top the wait is the whole exponential step.
    const top = () => 1;
    expect([1, 2, 3, 4, 5, 6].map((attempt) => retryDelayMs(policy, attempt, top))).toEqual([1_000, 2_000, 4_000, 8_000, 10_000, 10_000]);
  });

  it('jitters within the upper half of each step, so waits still grow', () => {
    const bottom = () => 0;
    expect([1, 2, 3, 4, 5].map((attempt) => retryDelayMs(policy, attempt, bottom))).toEqual([500, 1_000, 2_000, 4_000, 5_000]);
    expect(retryDelayMs(policy, 3, () => 0.5)).toBe(3_000);
    for (let i = 0; i < 200; i++) {
      const wait = retryDelayMs(policy, 4);
      expect(wait).toBeGreaterThanOrEqual(4_000);
      expect(wait).toBeLessThanOrEqual(8_000);
    }
  });

  it('treats attempt 0 like the first failure and never overflows on large attempts', () => {
    expect(retryDelayMs(policy, 0, () => 1)).toBe(1_000);
    expect(retryDelayMs(policy, 5_000, () => 1)).toBe(10_000);
  });
});
