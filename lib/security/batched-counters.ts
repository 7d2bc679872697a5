import 'server-only';
import { sql } from 'drizzle-orm';
import { getSidelineDb, resultRows } from '@/db/client';
import { logValue } from '@/lib/system/log';

// The widget's and public calls' limits on Postgres without Redis, shared by every instance through
// rate_limit_counters but without a write per request. Each instance counts in memory first and
// refuses there when its view of a counter is full; what it has admitted is added to the shared
// rows in one statement for all counters, every FLUSH_MS or at once when a counter has gathered its
// slack (`slackOf`), and each flush reads back the totals of every instance. So a school's busy hour
// writes a few statements a second per instance instead of four upserts per message on one hot row.
// The hit that uses up a counter's slack is decided on the shared total read back with its flush,
// as a database counter would decide it. Precision given up (docs/decisions.md): the hits before it
// are decided on the last total this instance read, so an instance may admit at most slack - 1 hits
// per counter and window beyond the limit; a limit of 10 or less has a slack of 1 and is exact.

export type Counted = { key: string; max: number; windowMs: number };
/** A refused hit: the wait before every limit has room again, and the first limit (in the caller's order) that refused. */
export type Refusal = { retryMs: number; first: number } | null;

const FLUSH_MS = 250;

/** Hits an instance gathers on a counter before it adds them to the shared count: a tenth of the limit, at least 1. */
export const slackOf = (max: number) => Math.max(1, Math.floor(max / 10));

type Counter = { shared: number; pending: number; sending: number; windowEnd: number; windowMs: number };
const counters = new Map<string, Counter>();
let flushing: Promise<void> | null = null;
let timer: ReturnType<typeof setInterval> | null = null;

function counterOf(l: Counted, now: number): Counter {
  let c = counters.get(l.key);
  if (!c) counters.set(l.key, (c = { shared: 0, pending: 0, sending: 0, windowEnd: now + l.windowMs, windowMs: l.windowMs }));
  // The window has passed here: the shared total starts again (the next flush reads the real one).
  if (now >= c.windowEnd) {
    c.shared = 0;
    c.windowEnd = now + l.windowMs;
  }
  return c;
}

/**
 * Counts one hit on every counter unless one of them is full in this instance's view: then nothing
 * is counted and the answer is the wait in ms until that window ends; -1 when admitted.
 */
export async function hitBatched(limits: Counted[]): Promise<Refusal> {
  const now = Date.now();
  const list = limits.map((l) => [l, counterOf(l, now)] as const);
  const refusal = (over: (l: Counted, c: (typeof list)[number][1]) => boolean, at: number): Refusal => {
    let found: Refusal = null;
    list.forEach(([l, c], i) => {
      if (over(l, c)) found = { retryMs: Math.max(found?.retryMs ?? -1, c.windowEnd - at), first: found?.first ?? i };
    });
    return found;
  };
  const early = refusal((l, c) => c.shared + c.pending + c.sending + 1 > l.max, now);
  if (early) return early;
  let due = false;
  for (const [l, c] of list) {
    c.pending += 1;
    if (c.pending >= slackOf(l.max)) due = true;
  }
  if (!timer) {
    timer = setInterval(() => void flush().catch(() => {}), FLUSH_MS);
    timer.unref?.();
  }
  if (!due) return null;
  // A counter has used its slack: the hits go to the shared count now, and this one is judged by the
  // total of every instance, itself included (over the limit: refused, and counted, as in a database).
  await flush();
  return refusal((l, c) => c.shared > l.max, Date.now());
}

/** Adds every counter's pending hits to the shared rows in one statement and reads the totals back. */
export function flush(): Promise<void> {
  // One flush at a time; a caller that arrives during one waits for it and then sends its own.
  const run = (flushing ?? Promise.resolve()).then(send, send);
  flushing = run.finally(() => {
    if (flushing === run) flushing = null;
  });
  return run;
}

let statementsSent = 0;
let lastFailureLog = 0;
/** Flush statements sent by this process (a test of a request's statements leaves them out). */
export const flushStatements = () => statementsSent;

async function send(): Promise<void> {
  const batch = [...counters].filter(([, c]) => c.pending > 0);
  const now = Date.now();
  // Forget counters whose window is over and that have nothing left to send.
  for (const [key, c] of counters) if (c.pending === 0 && c.sending === 0 && now >= c.windowEnd) counters.delete(key);
  if (!batch.length) return;
  for (const [, c] of batch) {
    c.sending = c.pending;
    c.pending = 0;
  }
  try {
    // Flushes go one at a time over the instance's own side connection (the heartbeat's), so a
    // pool held by requests never holds the counters back, nor do they take a request's connection.
    const db = await getSidelineDb();
    statementsSent += 1;
    const rows = resultRows<{ key: string; count: number; ends_in: number }>(
      await db.execute(sql`
        insert into rate_limit_counters (key, count, expires_at, window_start)
        select t.key, t.delta, now() + t.window_ms * interval '1 millisecond', now()
        from jsonb_to_recordset(${JSON.stringify(batch.map(([key, c]) => ({ key, delta: c.sending, window_ms: c.windowMs })))}::jsonb) as t(key text, delta int, window_ms int)
        on conflict (key) do update set
          count = case when rate_limit_counters.expires_at <= now() then excluded.count else rate_limit_counters.count + excluded.count end,
          window_start = case when rate_limit_counters.expires_at <= now() then now() else rate_limit_counters.window_start end,
          expires_at = case when rate_limit_counters.expires_at <= now() then excluded.expires_at else rate_limit_counters.expires_at end
        returning key, count, greatest(0, extract(epoch from (expires_at - now())) * 1000)::float8 as ends_in`),
    );
    const at = Date.now();
    for (const row of rows) {
      const c = counters.get(row.key);
      if (!c) continue;
      c.shared = Number(row.count);
      c.windowEnd = at + Number(row.ends_in);
    }
    for (const [, c] of batch) c.sending = 0;
  } catch (err) {
    // Not lost: counted again with the next flush.
    for (const [, c] of batch) {
      c.pending += c.sending;
      c.sending = 0;
    }
    if (Date.now() - lastFailureLog > 10_000) {
      lastFailureLog = Date.now();
      console.error(`[limits] could not add the counted hits to the shared counters (tried again every ${FLUSH_MS} ms): ${logValue((err as { cause?: Error })?.cause?.message ?? (err as Error)?.message ?? err)}`);
    }
    throw err;
  }
}

/** Tests: forget what this process counted (the shared rows are the database's). */
export function resetBatched(): void {
  counters.clear();
}
