import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { getDb, resultRows } from '@/db/client';

// The database store of the widget's limits without Redis (lib/security/batched-counters.ts): two
// instances (two copies of the module, one database) share a counter without a write per hit, and
// let through no more than the stated precision: slack - 1 hits per instance beyond the limit.

type Module = typeof import('@/lib/security/batched-counters');

async function instance(): Promise<Module> {
  vi.resetModules();
  return import('@/lib/security/batched-counters');
}

describe('counters added to the shared rows in batches', () => {
  it('two instances share one limit within the stated precision, with a statement per slack of hits', async () => {
    const [a, b] = [await instance(), await instance()];
    expect(a).not.toBe(b);
    const limit = { key: 'widget:test:shared-school', max: 100, windowMs: 60_000 };
    const slack = a.slackOf(limit.max);
    expect(slack).toBe(10);
    let admitted = 0;
    for (let i = 0; i < 300; i++) if ((await (i % 2 ? b : a).hitBatched([limit])) === null) admitted += 1;
    await Promise.all([a.flush(), b.flush()]);
    // At least the limit, at most slack - 1 more per instance.
    expect(admitted).toBeGreaterThanOrEqual(limit.max);
    expect(admitted).toBeLessThanOrEqual(limit.max + 2 * (slack - 1));
    // Both instances refuse now, and the shared row holds every admitted hit.
    expect((await a.hitBatched([limit]))?.retryMs).toBeGreaterThan(0);
    expect((await b.hitBatched([limit]))?.retryMs).toBeGreaterThan(0);
    const [row] = resultRows<{ count: number }>(await (await getDb()).execute(sql`select count from rate_limit_counters where key = ${limit.key}`));
    expect(Number(row!.count)).toBeGreaterThanOrEqual(admitted);
    // Written about once per slack of hits, not once per hit.
    expect(a.flushStatements() + b.flushStatements()).toBeLessThanOrEqual(Math.ceil(300 / slack) + 10);
  });

  it('a limit of ten or less is exact: every hit is judged by the shared total', async () => {
    const [a, b, c] = [await instance(), await instance(), await instance()];
    const limit = { key: 'widget:test:one-session', max: 3, windowMs: 60_000 };
    const answers: boolean[] = [];
    for (let i = 0; i < 7; i++) answers.push((await [a, b, c][i % 3]!.hitBatched([limit])) === null);
    expect(answers).toEqual([true, true, true, false, false, false, false]);
  });

  it('a hit refused by one counter is counted by none', async () => {
    const a = await instance();
    const tight = { key: 'widget:test:tight', max: 1, windowMs: 60_000 };
    const loose = { key: 'widget:test:loose', max: 1000, windowMs: 60_000 };
    expect(await a.hitBatched([loose, tight])).toBeNull();
    const refusal = await a.hitBatched([loose, tight]);
    // The refusal names the counter that refused (the caller's message for it is shown).
    expect(refusal?.first).toBe(1);
    expect(refusal?.retryMs).toBeGreaterThan(0);
    expect(refusal?.retryMs).toBeLessThanOrEqual(60_000);
    await a.flush();
    const [row] = resultRows<{ count: number }>(await (await getDb()).execute(sql`select count from rate_limit_counters where key = ${loose.key}`));
    expect(Number(row!.count)).toBe(1);
  });
});
