// Budgets of the public-call limits (`npm run bench:public-limits`): what the per-client limit of every
// public call costs, in process (no server, no HTTP), on the embedded database and on Postgres.
//   PGlite (counted in this process):       p99 <= 0.1 ms per call
//   Postgres (rate_limit_counters, shared): p99 <= 5 ms per call
//   one client refused past its limit with Retry-After on both.
// Postgres: BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres; works in lantern_bench_limits, dropped at the end.
import { closeDb, installDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { AppError } from '../lib/http/errors';
import type { Operation } from '../lib/http/operation';
import { limitPublicCall } from '../lib/security/public-limit';
import { BENCH_SECRET, benchDatabase } from './server';

process.env.AUTH_SECRET = BENCH_SECRET;
process.env.LANTERN_FRONT_SERVER = '1';
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CALLS = 2000;
const op: Operation = { method: 'POST', path: '/bench/limited', tag: 'Bench', auth: 'none', summary: 'bench', limit: { max: 1_000_000, windowSeconds: 60 } };
const tight: Operation = { ...op, path: '/bench/tight', limit: { max: 5, windowSeconds: 60 } };

const print = (label: string, value: string, budget: string, ok: boolean | null) =>
  console.log(`${ok === null ? 'INFO' : ok ? 'PASS' : 'FAIL'}  ${label.padEnd(52)} ${value.padStart(12)}   ${budget ? `budget ${budget}` : ''}`);
const req = (ip: string) => new Request('http://localhost/bench', { method: 'POST', headers: { 'x-lantern-client-address': ip } });
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;

async function measure(kind: string, budgetMs: number) {
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    await limitPublicCall(op, req(`198.51.100.${i % 200}`));
    times.push(performance.now() - started);
  }
  print(`${kind}: per-call limit, p50`, `${pct(times, 50).toFixed(3)} ms`, '', null);
  const p99 = pct(times, 99);
  print(`${kind}: per-call limit, p99 (${CALLS} calls)`, `${p99.toFixed(3)} ms`, `<= ${budgetMs} ms`, p99 <= budgetMs);
  let refusedAt = 0;
  let retryAfter = '';
  for (let i = 1; i <= 6 && !refusedAt; i++) {
    try {
      await limitPublicCall(tight, req('203.0.113.200'));
    } catch (err) {
      if (!(err instanceof AppError) || err.status !== 429) throw err;
      refusedAt = i;
      retryAfter = String(err.headers?.['Retry-After'] ?? '');
    }
  }
  print(`${kind}: a client over a limit of 5 refused at call`, `${refusedAt} (Retry-After ${retryAfter})`, '6, with Retry-After', refusedAt === 6 && Number(retryAfter) >= 1);
}

const load = (await import('node:os')).loadavg().map((l) => l.toFixed(1)).join(' ');
console.log(`public limits bench; load average ${load}`);
const lite = await openDatabase({ pgliteDir: null });
await runMigrations(lite.db, 'pglite');
installDatabase(lite);
await measure('PGlite', 0.1);
await closeDb();

const { admin, url } = await benchDatabase(adminUrl, 'lantern_bench_limits');
const pg = await openDatabase({ url });
await runMigrations(pg.db, 'postgres');
installDatabase(pg);
await measure('Postgres', 5);
await closeDb();
await admin.unsafe('drop database if exists lantern_bench_limits with (force)');
await admin.end();
