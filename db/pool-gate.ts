import type { Sql } from 'postgres';

/**
 * The wait for a pool connection, bounded. postgres.js queues a caller forever when every connection
 * is held (long transactions, a burst of them), and has no option to bound that wait; a request then
 * hangs instead of answering.
 *
 * The calls that hold a connection (`begin`: a transaction; `reserve`) take one of `max` slots for
 * as long as they hold it. A plain query holds none (postgres.js pipelines it onto any connection
 * not held), so it passes straight through unless every slot is taken; then it waits in line for the
 * next connection released. Whoever waits longer than `timeoutMs` fails with POOL_TIMEOUT before
 * anything is sent (db/faults.ts: 'busy', answered 503 with Retry-After). Statements inside a
 * transaction use its own connection and never pass here.
 */
export const POOL_TIMEOUT_CODE = 'POOL_TIMEOUT';

export class PoolTimeoutError extends Error {
  readonly code = POOL_TIMEOUT_CODE;
  constructor(timeoutMs: number) {
    super(`no database connection became free within ${timeoutMs} ms`);
    this.name = 'PoolTimeoutError';
  }
}

/** 10 s: far above a healthy transaction's wait (milliseconds), below the usual proxy and host timeouts (30–60 s). */
export const DEFAULT_POOL_TIMEOUT_MS = 10_000;

export function poolTimeoutMs(env: Record<string, string | undefined> = process.env): number {
  const value = Number(env.DATABASE_POOL_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : DEFAULT_POOL_TIMEOUT_MS;
}

/** A FIFO counting semaphore whose waits end with PoolTimeoutError after `timeoutMs`. */
export function slotGate(slots: number, timeoutMs: number) {
  let free = slots;
  const waiting: { grant: () => void }[] = [];
  const release = () => {
    const next = waiting.shift();
    if (next) next.grant();
    else free++;
  };
  /** Answers the slot's release, callable any number of times (only the first counts); `waitMs` overrides the gate's wait for one call. */
  const acquire = async (waitMs = timeoutMs): Promise<() => void> => {
    if (free > 0) free--;
    else {
      await new Promise<void>((resolve, reject) => {
        const waiter = { grant: () => (clearTimeout(timer), resolve()) };
        const timer = setTimeout(() => {
          waiting.splice(waiting.indexOf(waiter), 1);
          reject(new PoolTimeoutError(waitMs));
        }, waitMs);
        waiting.push(waiter);
      });
    }
    let held = true;
    return () => {
      if (!held) return;
      held = false;
      release();
    };
  };
  return { acquire, free: () => free, stats: () => ({ free, waiting: waiting.length }) };
}

type Stats = { free: number; waiting: number };
type PendingQuery = { handler: (q: PendingQuery) => void; reject: (err: unknown) => void };

/** The client drizzle and the advisory locks use: `client` with its waits for the pool bounded. */
export function gatePool(client: Sql, opts: { max: number; timeoutMs: number }): Sql & { poolStats: () => Stats } {
  const gate = slotGate(Math.max(1, opts.max), opts.timeoutMs);
  const begin = async (...args: unknown[]) => {
    const release = await gate.acquire();
    try {
      return await (client.begin as (...a: unknown[]) => Promise<unknown>)(...args);
    } finally {
      release();
    }
  };
  const reserve = async () => {
    const release = await gate.acquire();
    let conn;
    try {
      conn = await client.reserve();
    } catch (err) {
      release();
      throw err;
    }
    const giveBack = conn.release;
    conn.release = () => {
      giveBack();
      release();
    };
    return conn;
  };
  // A query is sent when first awaited (Query.handle calls its handler), a tick after it is made;
  // while a slot is free it is left as it is, so the common path costs one comparison.
  const unsafe = (...args: Parameters<Sql['unsafe']>) => {
    const query = client.unsafe(...args) as unknown as PendingQuery;
    if (gate.free() > 0) return query;
    const run = query.handler;
    query.handler = (q) => {
      gate.acquire().then(
        (release) => {
          release();
          run(q);
        },
        (err) => q.reject(err),
      );
    };
    return query;
  };
  return new Proxy(client, {
    get(target, prop) {
      if (prop === 'begin') return begin;
      if (prop === 'reserve') return reserve;
      if (prop === 'unsafe') return unsafe;
      if (prop === 'poolStats') return gate.stats;
      return Reflect.get(target, prop, target);
    },
  }) as Sql & { poolStats: () => Stats };
}
