import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { like, or } from 'drizzle-orm';
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

/**
 * Counts one hit against every limit; throws 429 (with Retry-After) when any is over. On Postgres
 * the keys are stored under `prefix` (`widget:` for the widget's limits, `public:` for the
 * per-operation limits of public routes, lib/security/public-limit.ts).
 */
export async function takeHits(limits: MemoryLimit[], { prefix = 'widget:', message = TOO_MANY_MESSAGES, perProcess = false } = {}): Promise<void> {
  if (!perProcess && (await getDbKind()) === 'postgres') {
    try {
      await consume(limits.map((l) => ({ key: `${prefix}${l.key}`, max: l.max, windowSeconds: Math.max(1, Math.round(l.windowMs / 1000)) })));
    } catch (err) {
      if (err instanceof AppError && err.status === 429) throw new AppError(429, message, err.headers);
      throw err;
    }
    return;
  }
  let retryMs = -1;
  for (const limit of limits) {
    try {
      await limiter(limit.max, limit.windowMs).consume(`${prefix}${limit.key}`);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      retryMs = Math.max(retryMs, refused.msBeforeNext);
    }
  }
  if (retryMs >= 0) throw tooManyRequests(Math.max(retryMs, 1000) / 1000, message);
}

/** Tests start from empty counters (this process's, and the database's widget counters on Postgres). */
export async function resetMemoryLimits(): Promise<void> {
  limiters = new Map();
  if ((await getDbKind()) === 'postgres') {
    const db = await getDb();
    await db.delete(rateLimitCounters).where(or(like(rateLimitCounters.key, 'widget:%'), like(rateLimitCounters.key, 'public:%')));
  }
}
