import { expect, it } from 'vitest';
import * as readyRoute from '@/app/(rest)/health/ready/route';
import { getDb, installDatabase, openDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';

it('answers ready while the database answers a query', async () => {
  await getDb();
  const res = await readyRoute.GET(new Request('http://localhost:3000/health/ready'));
  expect(res.status).toBe(200);
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(await res.json()).toMatchObject({ status: 'ready', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite', latency_ms: expect.any(Number) });
});

it('answers 503 with the reason when the database does not answer', async () => {
  await getDb();
  // This file's own database handle (db/client.ts keeps it on globalThis), put back afterwards.
  const slot = (globalThis as Record<symbol, { handle?: Promise<Parameters<typeof installDatabase>[0]> }>)[Symbol.for('lantern.db')]!;
  const healthy = await slot.handle!;
  // A database that was open and is now gone (a failover, a dropped connection).
  const gone = await openDatabase({ pgliteDir: null });
  await runMigrations(gone.db, 'pglite');
  await gone.close();
  installDatabase(gone);
  try {
    const res = await readyRoute.GET(new Request('http://localhost:3000/health/ready'));
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.json()).toEqual({ detail: expect.stringMatching(/^Database unavailable: .+/), code: 'unavailable' });
  } finally {
    installDatabase(healthy);
  }
});
