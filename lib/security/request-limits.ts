import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';
import { like, or } from 'drizzle-orm';
import { getDb, getDbKind } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import { tooManyRequests } from '@/lib/http/errors';
import { logValue } from '@/lib/system/log';
import { flush as flushBatched, hitBatched, resetBatched, type Refusal } from './batched-counters';
import { deleteRedisKeys, readyRedis, redis, redisLimiter } from './redis';

// The public widget API's and public calls' fixed-window counters, on the store made for them:
// - REDIS_URL set: Redis (rate-limiter-flexible's Redis store), all of a request's limits in one
//   round trip; while Redis is unreachable the visitor is let through, with a log line.
// - Postgres without Redis: counted in this process first and added to rate_limit_counters in
//   batches, so every instance shares the count without a write per request (batched-counters.ts).
// - PGlite (one process by design): in this process's memory.
/** One counter: `prefix` and `message` override the call's (a request's limits of several kinds go in one call). */
export type RequestLimit = { key: string; max: number; windowMs: number; prefix?: string; message?: string };

// One limiter per limit shape: the maxima come from the environment and may change between calls.
let memoryLimiters = new Map<string, RateLimiterMemory>();

function memoryLimiter(max: number, windowMs: number): RateLimiterMemory {
  const shape = `${max}/${windowMs}`;
  let found = memoryLimiters.get(shape);
  if (!found) memoryLimiters.set(shape, (found = new RateLimiterMemory({ points: max, duration: windowMs / 1000, keyPrefix: '' })));
  return found;
}


const TOO_MANY_MESSAGES = 'Too many messages. Please wait a moment and try again.';

/** Every limit counted at once; `consume` throws a RateLimiterRes when refused. */
async function refusalOf(limits: RequestLimit[], consume: (l: RequestLimit) => Promise<unknown>): Promise<Refusal> {
  const results = await Promise.allSettled(limits.map(consume));
  let refusal: Refusal = null;
  results.forEach((r, i) => {
    if (r.status === 'fulfilled') return;
    if (!(r.reason instanceof RateLimiterRes)) throw r.reason;
    refusal = { retryMs: Math.max(refusal?.retryMs ?? -1, r.reason.msBeforeNext), first: refusal?.first ?? i };
  });
  return refusal;
}

let lastOutageLog = 0;

/**
 * Counts one hit against every limit; throws 429 (with Retry-After) when any is over. Keys are
 * stored under `prefix` (`widget:` for the widget's limits, `public:` for the per-operation limits
 * of public routes, lib/security/public-limit.ts). `perProcess`: counted in this process whatever
 * the store.
 */
export async function takeHits(limits: RequestLimit[], { prefix = 'widget:', message = TOO_MANY_MESSAGES, perProcess = false } = {}): Promise<void> {
  const keyed = limits.map((l) => ({ ...l, key: `${l.prefix ?? prefix}${l.key}` }));
  const client = perProcess ? null : await readyRedis();
  let refusal: Refusal;
  if (client) {
    try {
      // ioredis pipelines commands sent in the same tick: every limit of the request in one round trip.
      refusal = await refusalOf(keyed, (l) => redisLimiter(client, l.max, Math.max(1, Math.round(l.windowMs / 1000))).consume(l.key));
    } catch (err) {
      // Fail open: a visitor's question is answered when the counters cannot be reached.
      if (Date.now() - lastOutageLog > 10_000) {
        lastOutageLog = Date.now();
        console.warn(`[limits] Redis did not answer; the widget's limits are not counted until it does: ${logValue((err as Error)?.message ?? err)}`);
      }
      return;
    }
  } else if (!perProcess && (await getDbKind()) === 'postgres') {
    refusal = await hitBatched(keyed);
  } else {
    refusal = await refusalOf(keyed, (l) => memoryLimiter(l.max, l.windowMs).consume(l.key));
  }
  if (refusal) throw tooManyRequests(Math.max(refusal.retryMs, 1000) / 1000, keyed[refusal.first]?.message ?? message);
}

/** Adds what this process has counted to the shared counters now (tests, and a stopping server). */
export async function flushLimits(): Promise<void> {
  if (!redis() && (await getDbKind()) === 'postgres') await flushBatched();
}

/** Tests start from empty counters (this process's, and the shared widget and public counters). */
export async function resetMemoryLimits(): Promise<void> {
  memoryLimiters = new Map();
  resetBatched();
  if (redis()) await Promise.all([deleteRedisKeys('rl:widget:'), deleteRedisKeys('rl:public:')]);
  if ((await getDbKind()) === 'postgres') {
    const db = await getDb();
    await db.delete(rateLimitCounters).where(or(like(rateLimitCounters.key, 'widget:%'), like(rateLimitCounters.key, 'public:%')));
  }
}
