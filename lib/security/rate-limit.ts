import 'server-only';
import { eq, lt, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import { tooManyRequests } from '@/lib/http/errors';

export type Limit = { key: string; max: number; windowSeconds: number };

/** Throws 429 (with Retry-After) when any of the counters has reached its limit in the current window. */
export async function assertWithinLimits(limits: Limit[]): Promise<void> {
  const db = await getDb();
  const now = Date.now();
  for (const limit of limits) {
    const [row] = await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, limit.key)).limit(1);
    if (!row) continue;
    const windowEnds = row.expiresAt.getTime();
    if (windowEnds > now && row.count >= limit.max) throw tooManyRequests((windowEnds - now) / 1000);
  }
}

/** Counts one event against each limit (fixed windows, atomically per key). */
export async function recordHits(limits: Limit[]): Promise<void> {
  const db = await getDb();
  for (const limit of limits) {
    const interval = sql.raw(`interval '${Math.floor(limit.windowSeconds)} seconds'`);
    await db
      .insert(rateLimitCounters)
      .values({ key: limit.key, windowStart: sql`now()`, count: 1, expiresAt: sql`now() + ${interval}` })
      .onConflictDoUpdate({
        target: rateLimitCounters.key,
        set: {
          count: sql`case when ${rateLimitCounters.expiresAt} <= now() then 1 else ${rateLimitCounters.count} + 1 end`,
          windowStart: sql`case when ${rateLimitCounters.expiresAt} <= now() then now() else ${rateLimitCounters.windowStart} end`,
          expiresAt: sql`case when ${rateLimitCounters.expiresAt} <= now() then now() + ${interval} else ${rateLimitCounters.expiresAt} end`,
        },
      });
  }
}

/** Counts the hit and refuses it when over the limit: for requests that are limited whatever their outcome. */
export async function consume(limits: Limit[]): Promise<void> {
  await assertWithinLimits(limits);
  await recordHits(limits);
}

export async function clearLimits(keys: string[]): Promise<void> {
  const db = await getDb();
  for (const key of keys) await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}

/** Removes counters whose window has passed. */
export async function deleteExpiredCounters(): Promise<number> {
  const db = await getDb();
  const rows = await db.delete(rateLimitCounters).where(lt(rateLimitCounters.expiresAt, new Date())).returning({ key: rateLimitCounters.key });
  return rows.length;
}
