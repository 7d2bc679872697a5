import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { like } from 'drizzle-orm';
import { getDb, getDbKind } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import { AppError, tooManyRequests } from '@/lib/http/errors';
import { consume } from './rate-limit';

// The public widget API's fixed-window counters. On the embedded database (one process by design)
// they are kept in this process (rate-limiter-flexible's memory store): a chat message must not pay
// for database round trips just to be counted. On Postgres, where several instances may serve the
// same school, they are counted in the database (rate_limit_counters), once across every instance.
export type MemoryLimit = { key: string; max: number; windowMs: number };

// One limiter per limit shape: the maxima come from the environment and may change between calls.
let limiters = new Map<string, RateLimiterMemory>();

function limiter(max: number, windowMs: number): RateLimiterMemory {
  const shape = `${max}/${windowMs}`;
  let found = limiters.get(shape);
  if (!found) limiters.set(shape, (found = new RateLimiterMemory({ points: max, duration: windowMs / 1000, keyPrefix: '' })));
  return found;
}

const TOO_MANY_MESSAGES = 'Too many messages. Please wait a moment and try again.';

/** Counts one hit against every limit; throws 429 (with Retry-After) when any is over. */
export async function takeHits(limits: MemoryLimit[]): Promise<void> {
  if ((await getDbKind()) === 'postgres') {
    try {
      await consume(limits.map((l) => ({ key: `widget:${l.key}`, max: l.max, windowSeconds: Math.max(1, Math.round(l.windowMs / 1000)) })));
    } catch (err) {
      if (err instanceof AppError && err.status === 429) throw new AppError(429, TOO_MANY_MESSAGES, err.headers);
      throw err;
    }
    return;
  }
  let retryMs = -1;
  for (const limit of limits) {
    try {
      await limiter(limit.max, limit.windowMs).consume(limit.key);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      retryMs = Math.max(retryMs, refused.msBeforeNext);
    }
  }
  if (retryMs >= 0) throw tooManyRequests(Math.max(retryMs, 1000) / 1000, TOO_MANY_MESSAGES);
}

/** Tests start from empty counters (this process's, and the database's widget counters on Postgres). */
export async function resetMemoryLimits(): Promise<void> {
  limiters = new Map();
  if ((await getDbKind()) === 'postgres') {
    const db = await getDb();
    await db.delete(rateLimitCounters).where(like(rateLimitCounters.key, 'widget:%'));
  }
}
