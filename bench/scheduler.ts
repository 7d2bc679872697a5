// Budgets of the background-jobs issue (run with `npm run bench:scheduler`):
//   with 100,000 execution rows on Postgres, each Scheduler Dashboard call p50 <= 100 ms
//   runTask bookkeeping (a run of a no-op handler) <= 5 ms per run, on Postgres and on PGlite
// Needs Postgres: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { closeDb, openDatabase, installDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { runTask } from '../lib/scheduler/run-task';
import { ensureBuilt } from '../scripts/build-stamp.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'lantern_bench_scheduler';
const dbUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const PORT = 3203;
const base = `http://127.0.0.1:${PORT}`;
const ROWS = 100_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: [string, string, string, boolean][] = [];

async function bookkeeping(label: string, runs = 200) {
  for (let i = 0; i < 20; i++) await runTask('bench_noop', async () => ({}));
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await runTask('bench_noop', async () => ({}));
    times.push(performance.now() - t);
  }
  const p50 = median(times);
  results.push([`runTask bookkeeping p50, ${label} (${runs} runs)`, `${p50.toFixed(2)} ms`, '<= 5 ms', p50 <= 5]);
}

await ensureBuilt(root);

// PGlite, in memory.
const lite = await openDatabase({ pgliteDir: null });
await runMigrations(lite.db, 'pglite');
installDatabase(lite);
await bookkeeping('PGlite');
await closeDb();

// Postgres with 100,000 executions over the last 30 days.
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.unsafe(`create database ${dbName}`);
const pg = await openDatabase({ url: dbUrl });
await runMigrations(pg.db, 'postgres');
installDatabase(pg);
const raw = postgres(dbUrl, { max: 1, onnotice: () => {} });
await raw.unsafe(`
  insert into task_executions (task_name, status, trigger, started_at, finished_at, duration_seconds, result_summary, error_message)
  select (array['cleanup_expired_tokens','mail_delivery','rate_limit_cleanup'])[1 + i % 3],
         case when i % 20 = 0 then 'failure' when i % 97 = 0 then 'skipped' else 'success' end,
         'schedule',
         now() - (i * interval '26 seconds'),
         now() - (i * interval '26 seconds') + interval '1 second',
         (i % 50) / 10.0,
         case when i % 20 = 0 then null else '{"sent":1,"failed":0}' end,
         case when i % 20 = 0 then 'SMTP connection refused' else null end
  from generate_series(1, ${ROWS}) as i`);
await raw.unsafe('analyze task_executions');
await bookkeeping('Postgres with 100k rows');

const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), DATABASE_URL: dbUrl, AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789', LANTERN_SCHEDULER: 'off' },
  stdio: 'ignore',
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {
      // starting
    }
    if (i > 600) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
  const su = { email: 'bench@lantern.test', password: 'Lantern-Harbor-2026', username: 'bench', first_name: 'Ben', last_name: 'Ch' };
  const reg = await fetch(`${base}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(su) });
  const token = ((await reg.json()) as { access_token: string }).access_token;
  for (const [label, url] of [
    ['GET /api/scheduler/scheduled-tasks', '/api/scheduler/scheduled-tasks'],
    ['GET /api/scheduler/task-executions?limit=50', '/api/scheduler/task-executions?limit=50'],
    ['GET /api/scheduler/task-statistics?days=7', '/api/scheduler/task-statistics?days=7'],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 33; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${url}`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
      if (i >= 3) times.push(performance.now() - t);
    }
    results.push([`${label} p50`, `${median(times).toFixed(1)} ms`, '<= 100 ms', median(times) <= 100]);
  }
} finally {
  server.kill('SIGTERM');
  await closeDb();
  await raw.end();
  await new Promise((r) => setTimeout(r, 500));
  await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  await admin.end();
}

console.log(`\nLantern scheduler benchmarks — ${new Date().toISOString()} — ${os.cpus().length} cores, ${ROWS.toLocaleString()} execution rows`);
for (const [label, value, budget, ok] of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(52)} ${value.padStart(10)}   budget ${budget}`);
process.exit(results.every((r) => r[3]) ? 0 : 1);
