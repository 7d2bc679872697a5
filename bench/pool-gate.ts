// What the bounded pool wait (db/pool-gate.ts) costs when the pool is not full
// (`npm run bench:pool`): the same drizzle calls on postgres.js as is and through the gate, in turns.
//   plain queries, one at a time and 50 at once; transactions, one at a time and 50 at once.
//   budget: the gate adds <= 0.05 ms per call to each (a request's dozen queries: under 1 ms); the
//   turns are interleaved and the median of 9 taken, as the machine's other work moves both by ±10%.
// Postgres: BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres (no tables are made).
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { gatePool } from '../db/pool-gate';

const url = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const MAX = 10;
const ROUNDS = 9;
const PLAIN = 4000;
const TX = 1000;

type Db = ReturnType<typeof drizzle>;
const plain = (db: Db) => db.execute(sql`select ${1}::int as one`);
const tx = (db: Db) => db.transaction(async (t) => t.execute(sql`select ${1}::int as one`));

/** Milliseconds per call over `n` calls, `concurrency` at a time. */
async function perCall(db: Db, run: (db: Db) => Promise<unknown>, n: number, concurrency: number) {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next++ < n) await run(db);
    }),
  );
  return (performance.now() - started) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const raw = postgres(url, { max: MAX, onnotice: () => {} });
  const bare = drizzle(raw);
  const gated = drizzle(gatePool(raw, { max: MAX, timeoutMs: 10_000 }));
  await perCall(bare, plain, 500, 10); // warm the connections
  let failed = false;
  for (const [label, run, n, concurrency] of [
    ['plain query, 1 at a time', plain, PLAIN, 1],
    ['plain query, 50 at once', plain, PLAIN, 50],
    ['transaction, 1 at a time', tx, TX, 1],
    ['transaction, 50 at once', tx, TX, 50],
  ] as const) {
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // Turns alternate which goes first, so neither always pays for the other's garbage.
      if (r % 2) b.push(await perCall(gated, run, n, concurrency));
      a.push(await perCall(bare, run, n, concurrency));
      if (!(r % 2)) b.push(await perCall(gated, run, n, concurrency));
    }
    const [without, withGate] = [median(a), median(b)];
    const added = withGate - without;
    const ok = added <= 0.05;
    failed ||= !ok;
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(28)} without ${without.toFixed(4)} ms  with gate ${withGate.toFixed(4)} ms  added ${added >= 0 ? '+' : ''}${added.toFixed(4)} ms (${((added / without) * 100).toFixed(1)}%)   budget +0.05 ms`);
  }
  await raw.end({ timeout: 5 });
  if (failed) process.exitCode = 1;
}

void main();
