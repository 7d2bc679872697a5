import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { tooManyRequests } from '@/lib/http/errors';

// Fixed-window counters kept in this process (rate-limiter-flexible's memory store), for the public
// widget API: a chat message must not pay for database round trips just to be counted. Several server
// processes each count on their own, so a limit is per process (documented in docs/decisions.md).
export type MemoryLimit = { key: string; max: number; windowMs: number };

// One limiter per limit shape: the maxima come from the environment and may change between calls.
let limiters = new Map<string, RateLimiterMemory>();

function limiter(max: number, windowMs: number): RateLimiterMemory {
  const shape = `${max}/${windowMs}`;
  let found = limiters.get(shape);
  if (!found) limiters.set(shape, (found = new RateLimiterMemory({ points: max, duration: windowMs / 1000, keyPrefix: '' })));
  return found;
}

/** Counts one hit against every limit; throws 429 (with Retry-After) when any is over. */
export async function takeHits(limits: MemoryLimit[]): Promise<void> {
  let retryMs = -1;
  for (const limit of limits) {
    try {
      await limiter(limit.max, limit.windowMs).consume(limit.key);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      retryMs = Math.max(retryMs, refused.msBeforeNext);
    }
  }
  if (retryMs >= 0) throw tooManyRequests(Math.max(retryMs, 1000) / 1000, 'Too many messages. Please wait a moment and try again.');
}

/** Tests start from empty counters. */
export function resetMemoryLimits(): void {
  limiters = new Map();
}
