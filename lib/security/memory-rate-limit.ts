import { tooManyRequests } from '@/lib/http/errors';

// Fixed-window counters kept in this process, for the public widget API: a chat message must not
// pay for database round trips just to be counted. Several server processes each count on their
// own, so a limit is per process (documented in docs/decisions.md).
type Window = { count: number; resetAt: number };
const windows = new Map<string, Window>();
let nextSweep = 0;

export type MemoryLimit = { key: string; max: number; windowMs: number };

function sweep(now: number) {
  if (now < nextSweep) return;
  nextSweep = now + 60_000;
  for (const [key, w] of windows) if (w.resetAt <= now) windows.delete(key);
}

/** Counts one hit against every limit; throws 429 (with Retry-After) when any is over. */
export function takeHits(limits: MemoryLimit[], now = Date.now()): void {
  sweep(now);
  let retryMs = 0;
  for (const limit of limits) {
    let w = windows.get(limit.key);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + limit.windowMs };
      windows.set(limit.key, w);
    }
    w.count += 1;
    if (w.count > limit.max) retryMs = Math.max(retryMs, w.resetAt - now);
  }
  if (retryMs > 0) throw tooManyRequests(retryMs / 1000, 'Too many messages. Please wait a moment and try again.');
}

/** Tests start from empty counters. */
export function resetMemoryLimits(): void {
  windows.clear();
}
