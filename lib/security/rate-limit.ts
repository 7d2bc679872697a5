import 'server-only';
import { lt } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { RateLimiterDrizzle, RateLimiterRedis, RateLimiterRes } from 'rate-limiter-flexible';
import { getDb } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import { AppError, tooManyRequests } from '@/lib/http/errors';
import { logValue } from '@/lib/system/log';
import { readyRedis, redis, redisLimiter } from './redis';

export type Limit = { key: string; max: number; windowSeconds: number };

// rate-limiter-flexible's Drizzle store over our rate_limit_counters table, under the column names the
// library expects. Each hit is one INSERT ... ON CONFLICT DO UPDATE ... RETURNING: counting and reading
// the count are one atomic statement, so concurrent requests cannot all slip under a limit.
const counters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  points: integer('count').notNull(),
  expire: timestamp('expires_at', { withTimezone: true }),
  // When the row was first written; the library does not move it when a window starts again.
  windowStart: timestamp('window_start', { withTimezone: true })
    .notNull()
    .$defaultFn(() => new Date()),
});

type Store = RateLimiterDrizzle | RateLimiterRedis;
const limiters = new WeakMap<object, Map<string, RateLimiterDrizzle>>();

// Sign-in, reset and contact limits fail closed: without their counters they refuse (503), so a
// Redis outage can never open the door to password guessing.
const STORE_DOWN = 'This is unavailable for a moment. Please try again shortly.';

/** With REDIS_URL: the Redis store (keys `rl:<key>`); otherwise rate_limit_counters in the database. */
async function limiter(max: number, windowSeconds: number): Promise<Store> {
  const client = await readyRedis();
  if (client) return redisLimiter(client, max, windowSeconds);
  const db = await getDb();
  let byShape = limiters.get(db);
  if (!byShape) limiters.set(db, (byShape = new Map()));
  const shape = `${max}/${windowSeconds}`;
  let found = byShape.get(shape);
  if (!found) {
    // Expired rows are removed by the scheduler's rate-limit cleanup, not by a timer per limiter.
    found = new RateLimiterDrizzle({ storeClient: db, schema: counters, points: max, duration: windowSeconds, keyPrefix: '', clearExpiredByTimeout: false });
    byShape.set(shape, found);
  }
  return found;
}

/** A store error from Redis as 503 (fail closed); database errors pass on (db/faults.ts answers them). */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (err instanceof RateLimiterRes || !redis()) throw err;
    console.warn(`[limits] Redis did not answer; refusing until it does: ${logValue((err as Error)?.message ?? err)}`);
    throw new AppError(503, STORE_DOWN, { 'Retry-After': '5' });
  }
}

/**
 * Counts one hit against every limit and refuses it (429 with Retry-After) when any is over.
 * Answers each counter's count, this hit included.
 */
export async function consume(limits: Limit[]): Promise<number[]> {
  const results = await Promise.allSettled(limits.map((l) => guarded(async () => (await limiter(l.max, l.windowSeconds)).consume(l.key))));
  const refused = results.flatMap((r) => (r.status === 'rejected' ? [r.reason as unknown] : []));
  if (refused.length === 0) return results.map((r) => (r as PromiseFulfilledResult<RateLimiterRes>).value.consumedPoints);
  const failure = refused.find((reason) => !(reason instanceof RateLimiterRes));
  if (failure) throw failure;
  const retryMs = Math.max(1000, ...refused.map((reason) => (reason as RateLimiterRes).msBeforeNext));
  throw tooManyRequests(retryMs / 1000);
}

/** Refuses (429) when any counter is already over its limit, without counting this request. */
export async function assertUnder(limits: Limit[]): Promise<void> {
  const counts = await Promise.all(limits.map(async (l) => [l, await guarded(async () => (await limiter(l.max, l.windowSeconds)).get(l.key))] as const));
  const over = counts.filter(([l, res]) => res !== null && res.consumedPoints > l.max);
  if (over.length) throw tooManyRequests(Math.max(1000, ...over.map(([, res]) => res!.msBeforeNext)) / 1000);
}

/** Gives back the hit of a request that turned out not to count (a sign-in that succeeded). */
export async function refund(limits: Limit[]): Promise<void> {
  await Promise.all(limits.map((l) => guarded(async () => (await limiter(l.max, l.windowSeconds)).reward(l.key))));
}

export async function clearLimits(keys: string[]): Promise<void> {
  const any = await limiter(1, 1);
  await Promise.all(keys.map((key) => guarded(() => any.delete(key))));
}

/** Remembers a fact about a key for a while (a client that signed in to an account). */
export async function remember(key: string, seconds: number): Promise<void> {
  await guarded(async () => (await limiter(1, seconds)).set(key, 1, seconds));
}

export async function remembered(key: string): Promise<boolean> {
  return (await guarded(async () => (await limiter(1, 1)).get(key))) !== null;
}

/** Removes counters whose window has passed. */
export async function deleteExpiredCounters(): Promise<number> {
  const db = await getDb();
  const rows = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, new Date())).returning({ key: rateLimitCounters.key });
  return rows.length;
}
