import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONNECT_TIMEOUT_SECONDS, databaseFault, reconnectDelaySeconds } from '@/db/faults';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres';

// The driver as db/client.ts configures it, under transactions while its server restarts.
// postgres.js 3.4.9 as released wrote a transaction's rollback to a connection that had
// closed: an uncaught TypeError (nextWrite) and a next connect that never sent its startup message,
// so queries on that connection waited for connect_timeout (patches/postgres+3.4.9.patch). Needs
// only initdb/pg_ctl, no build.

// A stress run of the driver alone (12 lanes, six restarts), on demand: `npm run test:driver-stress`.
// It still finds a rare stall of postgres.js 3.4.9 that the patch does not cover (about one run in ten
// on this machine: one transaction never settles), so it is not part of `npm test`; the server-level
// test (fault-postgres-restart.test.ts) is. docs/security.md, "Postgres restarts and driver faults".
const why = process.env.LANTERN_DRIVER_STRESS !== '1' ? 'on demand only (npm run test:driver-stress)' : privatePostgresUnavailable();
if (why) console.warn(`[fault-postgres-driver] skipped: ${why}`);

/**
 * A query left unanswered this long after the server is back is a hang: the driver's bugs left them
 * waiting for connect_timeout (30 s); a loaded 2-core machine may take a few seconds to reconnect a pool.
 */
const HANG_BOUND_MS = 15_000;

describe.skipIf(why !== null)('postgres.js across server restarts', () => {
  let pg: PrivatePostgres;
  let sql: postgres.Sql;
  const uncaught: unknown[] = [];
  const onUncaught = (err: unknown) => uncaught.push(err);

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    sql = postgres(pg.url, { max: 10, onnotice: () => {}, backoff: reconnectDelaySeconds, connect_timeout: CONNECT_TIMEOUT_SECONDS });
    await sql`create table visits (id serial primary key, note text not null)`;
    process.on('uncaughtException', onUncaught);
  }, 60_000);

  afterAll(async () => {
    process.off('uncaughtException', onUncaught);
    await sql?.end({ timeout: 1 }).catch(() => {});
    await pg?.destroy();
  });

  it('fails transactions cut by a restart with a database fault, and never hangs or crashes', async () => {
    let running = true;
    const inFlight = new Map<number, number>();
    const faults = new Set<string>();
    const notFaults: unknown[] = [];
    let committed = 0;
    let n = 0;
    const lanes = Array.from({ length: 12 }, async () => {
      while (running) {
        const id = n++;
        inFlight.set(id, performance.now());
        try {
          await sql.begin(async (tx) => {
            await tx`insert into visits (note) values (${`visit ${id}`})`;
            await tx`select count(*) from visits`;
          });
          committed++;
        } catch (err) {
          const fault = databaseFault(err);
          if (fault) faults.add((err as { code?: string }).code ?? fault);
          else notFaults.push(err);
          // A refused caller comes back a moment later, as a visitor's retry would.
          await new Promise((r) => setTimeout(r, 5));
        }
        inFlight.delete(id);
      }
    });

    for (let round = 0; round < 6; round++) {
      const before = committed;
      const until = performance.now() + 5_000;
      while (committed < before + 30 && performance.now() < until) await new Promise((r) => setTimeout(r, 5));
      await pg.stop(round % 2 ? 'immediate' : 'fast');
      await pg.start();
    }
    const back = performance.now();
    // Every transaction under way when the server came back settles, and new ones commit.
    const settledBy = back + HANG_BOUND_MS;
    while ([...inFlight.values()].some((started) => started <= back) && performance.now() < settledBy) await new Promise((r) => setTimeout(r, 20));
    const hung = [...inFlight.values()].filter((started) => started <= back).length;
    const after = committed;
    while (committed < after + 30 && performance.now() < settledBy + HANG_BOUND_MS) await new Promise((r) => setTimeout(r, 5));
    running = false;
    // A lane stuck on a hung query never ends: wait for the others only as long as the bound.
    await Promise.race([Promise.all(lanes), new Promise((r) => setTimeout(r, HANG_BOUND_MS))]);

    expect(uncaught).toEqual([]);
    expect(hung).toBe(0);
    expect(notFaults).toEqual([]);
    expect(committed).toBeGreaterThanOrEqual(after + 30);
    expect(faults.size).toBeGreaterThan(0);
    // Every committed transaction is there.
    const [{ count }] = await sql<{ count: number }[]>`select count(*)::int as count from visits`;
    expect(count).toBeGreaterThanOrEqual(committed);
  }, 120_000);
});
