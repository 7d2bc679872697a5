import 'server-only';
import { Redis } from 'ioredis';
import { RateLimiterRedis } from 'rate-limiter-flexible';
import { logValue } from '@/lib/system/log';

// The Redis that holds every rate limit when REDIS_URL is set (docs/deploy.md): one client per
// process. Commands sent in the same tick go out as one pipeline (auto-pipelining), so all of a
// request's limits cost one round trip. While Redis is unreachable, commands fail at once instead
// of queueing: the caller decides (the widget's limits let the visitor through, sign-in refuses).

let client: { url: string; prefix: string; redis: Redis; ready: Promise<void> } | null = null;

const FIRST_CONNECT_MS = 5_000;

/** The prefix of every key Lantern writes to Redis (REDIS_KEY_PREFIX, default `lantern:`). */
export const redisKeyPrefix = () => process.env.REDIS_KEY_PREFIX || 'lantern:';

/** REDIS_URL with any password hidden, for messages. */
export function redisLabel(url = process.env.REDIS_URL ?? ''): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(not a URL)';
  }
}

/**
 * The process's Redis client for REDIS_URL, or null when it is not set. The first call waits for
 * the connection (at most 5 s: the start-up check has seen Redis answer); later calls do not wait,
 * and while Redis is away their commands fail at once.
 */
export async function readyRedis(): Promise<Redis | null> {
  const r = redis();
  if (!r) return null;
  await client!.ready;
  return r;
}

/** The client without waiting for its first connection (null without REDIS_URL). */
export function redis(): Redis | null {
  const url = process.env.REDIS_URL;
  if (!url) return null;
  if (client?.url !== url || client.prefix !== redisKeyPrefix()) {
    client?.redis.disconnect();
    const r = new Redis(url, {
      // Several installs (or test files) may share one Redis: every key carries this prefix.
      keyPrefix: redisKeyPrefix(),
      enableAutoPipelining: true,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 0,
      commandTimeout: 2_000,
      connectTimeout: 2_000,
      // Reconnect quickly and keep trying: Redis coming back is picked up within a second.
      retryStrategy: (times) => Math.min(times * 100, 1_000),
    });
    let down = false;
    r.on('error', (err) => {
      if (down) return;
      down = true;
      console.error(`[limits] Redis at ${redisLabel(url)} is unreachable: ${logValue(err.message)}`);
    });
    r.on('ready', () => {
      if (down) console.warn(`[limits] Redis at ${redisLabel(url)} is back`);
      down = false;
    });
    const ready = new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, FIRST_CONNECT_MS);
      timer.unref?.();
      r.once('ready', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    client = { url, prefix: redisKeyPrefix(), redis: r, ready };
  }
  return client.redis;
}

/** Waits until Redis answers PING, or throws after `ms` (the start-up check: no Redis, no start). */
export async function pingRedis(url: string, ms = 5_000): Promise<void> {
  const r = new Redis(url, { lazyConnect: true, connectTimeout: ms, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  r.on('error', () => {});
  try {
    await r.connect();
    await r.ping();
  } finally {
    r.disconnect();
  }
}

/** Deletes this install's keys that start with `start` (tests start from empty counters). */
export async function deleteRedisKeys(start: string): Promise<void> {
  const r = await readyRedis();
  if (!r) return;
  const prefix = redisKeyPrefix();
  let cursor = '0';
  do {
    const [next, keys] = await r.scan(cursor, 'MATCH', `${prefix}${start}*`, 'COUNT', 500);
    cursor = next;
    // The client adds the prefix itself.
    if (keys.length) await r.del(...keys.map((k) => k.slice(prefix.length)));
  } while (cursor !== '0');
}

/** Tests: drop the client (the next call opens one for the current REDIS_URL). */
export function closeRedis(): void {
  client?.redis.disconnect();
  client = null;
}

const limiters = new WeakMap<Redis, Map<string, RateLimiterRedis>>();

/** The Redis counter of `points` hits per `seconds` (keys `rl:<key>`): one per client and shape, refusing while Redis is away. */
export function redisLimiter(client: Redis, points: number, seconds: number): RateLimiterRedis {
  let byShape = limiters.get(client);
  if (!byShape) limiters.set(client, (byShape = new Map()));
  const shape = `${points}/${seconds}`;
  let found = byShape.get(shape);
  if (!found) byShape.set(shape, (found = new RateLimiterRedis({ storeClient: client, points, duration: seconds, keyPrefix: 'rl', rejectIfRedisNotReady: true })));
  return found;
}
