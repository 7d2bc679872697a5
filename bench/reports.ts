// Budgets of the reports issue, on Postgres with 1,000,000
// conversations over 50 schools and a year (bench/data.ts's generator), the schools spread over
// eight time zones and the daily rollup filled for every closed day (as the hourly task leaves it):
//   GET /api/reports/chatbot-metrics, 30 days, one school          p50 <= 50 ms
//   GET /api/reports/leads-metrics, 30 days, one school            p50 <= 50 ms
//   GET /api/reports/chatbot-metrics, 365 days, one school         p50 <= 200 ms
//   GET /api/reports/leads-metrics, 365 days, one school           p50 <= 200 ms
//   GET /api/reports/chatbot-metrics-multi-school, 50 schools, 30 days   p50 <= 150 ms
//   GET /api/reports/leads-metrics-multi-school, 50 schools, 30 days     p50 <= 150 ms
// Before the rollup is filled, the same reports count every day live; those figures are printed for
// information (what a report costs on a day the rollup has not caught up). The calls go over real
// HTTP (node:http on a local port, one connection at a time) to the app's own route handlers. The
// database is its own (`lantern_bench_reports`), dropped after unless BENCH_KEEP=1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase, resultRows } from '../db/client';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema';
import { issueTokens } from '../lib/auth/tokens';
import { rollupClosedDays } from '../lib/analytics/rollup';
import { generateBenchData } from './data';
import { benchDatabase, percentile } from './server';

process.env.AUTH_SECRET ||= 'bench-secret-0123456789abcdef0123456789';
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'lantern_bench_reports';
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS || 1_000_000);
const SCHOOLS = Number(process.env.BENCH_SCHOOLS || 50);
const RUNS = Number(process.env.BENCH_RUNS || 31);
const KEEP = process.env.BENCH_KEEP === '1';
const ZONES = ['UTC', 'America/New_York', 'America/Chicago', 'America/Denver', 'America/Los_Angeles', 'Europe/London', 'Asia/Tokyo', 'Australia/Sydney'];

const results: string[] = [];
function record(label: string, value: number, budget: number | null) {
  const verdict = budget === null ? 'INFO' : value <= budget ? 'PASS' : 'FAIL';
  const line = `${verdict}  ${label.padEnd(62)} ${`${value.toFixed(1)} ms`.padStart(10)}${budget === null ? '' : `   budget ${budget} ms`}`;
  results.push(line);
  console.log(line);
}

const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

async function main() {
  const { admin, url, reused } = await benchDatabase(adminUrl, DB, { reuse: KEEP });
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, handle.kind);
  installDatabase(handle);
  const db = handle.db;
  try {
    if (reused) {
      console.log(`Reusing ${DB}`);
    } else {
      console.log(`Generating ${CONVERSATIONS.toLocaleString('en-US')} conversations over ${SCHOOLS} schools and 365 days…`);
      const data = await generateBenchData(db, { conversations: CONVERSATIONS, schools: SCHOOLS, days: 365, prefix: 'Reports', log: (l) => console.log(`  ${l}`) });
      console.log(`  ${data.conversations.toLocaleString('en-US')} conversations, ${data.messages.toLocaleString('en-US')} messages, ${data.leads.toLocaleString('en-US')} leads in ${(data.ms / 1000).toFixed(1)} s`);
      await db.execute(sql.raw(`update schools set time_zone = (array[${ZONES.map((z) => `'${z}'`).join(',')}])[1 + id % ${ZONES.length}]`));
      const schoolId = Number(resultRows<{ id: number }>(await db.execute(sql`select min(id) as id from schools`))[0]!.id);
      await db.insert(users).values([
        { email: 'bench-admin@example.com', username: 'benchadmin', firstName: 'Bench', lastName: 'Admin', role: 'admin', schoolId, passwordHash: 'x' },
        { email: 'bench-root@example.com', username: 'benchroot', firstName: 'Bench', lastName: 'Root', role: 'superuser', schoolId: null, passwordHash: 'x' },
      ]);
      await db.execute(sql`vacuum analyze`);
    }
    const tokenOf = async (username: string) => {
      const [u] = await db.select({ id: users.id, tokenVersion: users.tokenVersion }).from(users).where(sql`${users.username} = ${username}`);
      return (await issueTokens(u!)).access_token;
    };
    const adminToken = await tokenOf('benchadmin');
    const rootToken = await tokenOf('benchroot');

    const routes: Record<string, { GET: (r: Request, c: { params: Promise<Record<string, string>> }) => Promise<Response> }> = {
      '/api/reports/chatbot-metrics': await import('../app/(rest)/api/reports/chatbot-metrics/route'),
      '/api/reports/leads-metrics': await import('../app/(rest)/api/reports/leads-metrics/route'),
      '/api/reports/chatbot-metrics-multi-school': await import('../app/(rest)/api/reports/chatbot-metrics-multi-school/route'),
      '/api/reports/leads-metrics-multi-school': await import('../app/(rest)/api/reports/leads-metrics-multi-school/route'),
    };
    const server = http.createServer(async (req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const handler = routes[u.pathname];
      const answer = handler ? await handler.GET(new Request(u, { headers: req.headers as Record<string, string> }), { params: Promise.resolve({}) }) : new Response('not found', { status: 404 });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const measure = async (path: string, token: string, runs = RUNS) => {
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < runs + 3; i++) {
        const t = performance.now();
        const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
        body = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
        if (i >= 3) times.push(performance.now() - t);
      }
      console.log(`  ${path}: p90 ${percentile(times, 90).toFixed(1)} ms, ${body.length.toLocaleString('en-US')} bytes`);
      return percentile(times, 50);
    };
    const today = isoDay(Date.now());
    const range = (days: number) => `from_date=${isoDay(Date.now() - (days - 1) * 86_400_000)}&to_date=${today}`;
    const cases: [string, string, string, number][] = [
      ['chatbot-metrics, 30 days, one school', `/api/reports/chatbot-metrics?${range(30)}`, adminToken, 50],
      ['leads-metrics, 30 days, one school', `/api/reports/leads-metrics?${range(30)}`, adminToken, 50],
      ['chatbot-metrics, 365 days, one school', `/api/reports/chatbot-metrics?${range(365)}`, adminToken, 200],
      ['leads-metrics, 365 days, one school', `/api/reports/leads-metrics?${range(365)}`, adminToken, 200],
      [`chatbot-metrics-multi-school, ${SCHOOLS} schools, 30 days`, `/api/reports/chatbot-metrics-multi-school?${range(30)}`, rootToken, 150],
      [`leads-metrics-multi-school, ${SCHOOLS} schools, 30 days`, `/api/reports/leads-metrics-multi-school?${range(30)}`, rootToken, 150],
    ];

    if (!reused) {
      console.log('Before the rollup (every day counted live), for information:');
      for (const [label, path, token] of cases) record(`live only: ${label} p50`, await measure(path, token, 7), null);
      const t = performance.now();
      const rolled = await rollupClosedDays();
      const ms = performance.now() - t;
      console.log(`  daily_stats task, first run: ${rolled.days_rolled.toLocaleString('en-US')} school-days of ${rolled.schools_rolled} schools in ${(ms / 1000).toFixed(1)} s`);
      await db.execute(sql`vacuum analyze conversation_daily_stats`);
      const t2 = performance.now();
      await rollupClosedDays();
      record('daily_stats task, an hourly run with nothing to roll up', performance.now() - t2, null);
    }
    console.log('With the rollup (closed days) plus live rows for today:');
    for (const [label, path, token, budget] of cases) record(`${label} p50`, await measure(path, token), budget);
    server.close();
  } finally {
    await closeDb();
    if (!KEEP) await admin.unsafe(`drop database if exists ${DB} with (force)`);
    await admin.end();
  }
  console.log('\nSummary:');
  for (const r of results) console.log(r);
  if (results.some((r) => r.startsWith('FAIL'))) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
