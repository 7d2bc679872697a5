import { describe, expect, it } from 'vitest';
import { poolTimeoutMs, PoolTimeoutError, slotGate } from '@/db/pool-gate';

describe('slotGate', () => {
  it('hands slots out in arrival order and takes each back once', async () => {
    const gate = slotGate(2, 5_000);
    const a = await gate.acquire();
    const b = await gate.acquire();
    const order: string[] = [];
    const c = gate.acquire().then((r) => (order.push('c'), r));
    const d = gate.acquire().then((r) => (order.push('d'), r));
    expect(gate.stats()).toEqual({ free: 0, waiting: 2 });
    a();
    a(); // a second release of the same slot frees nothing more
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(gate.stats()).toEqual({ free: 0, waiting: 1 });
    b();
    const releaseD = await d;
    expect(order).toEqual(['c', 'd']);
    releaseC();
    releaseD();
    expect(gate.stats()).toEqual({ free: 2, waiting: 0 });
  });

  it('ends a wait with PoolTimeoutError and leaves no waiter or slot behind', async () => {
    const gate = slotGate(1, 30);
    const held = await gate.acquire();
    const waited = gate.acquire();
    await expect(waited).rejects.toBeInstanceOf(PoolTimeoutError);
    await expect(waited).rejects.toMatchObject({ code: 'POOL_TIMEOUT' });
    expect(gate.stats()).toEqual({ free: 0, waiting: 0 });
    held();
    expect(gate.stats()).toEqual({ free: 1, waiting: 0 });
    (await gate.acquire())();
    expect(gate.stats()).toEqual({ free: 1, waiting: 0 });
  });

  it('reads DATABASE_POOL_TIMEOUT_MS, defaulting to 10 s', () => {
    expect(poolTimeoutMs({})).toBe(10_000);
    expect(poolTimeoutMs({ DATABASE_POOL_TIMEOUT_MS: '2500' })).toBe(2500);
    expect(poolTimeoutMs({ DATABASE_POOL_TIMEOUT_MS: 'soon' })).toBe(10_000);
    expect(poolTimeoutMs({ DATABASE_POOL_TIMEOUT_MS: '0' })).toBe(10_000);
  });
});
