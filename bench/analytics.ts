// Budgets of the analytics issue, on Postgres with 100,000
// conversations and 1,000,000+ messages in one school (bench/data.ts: --schools 1
// --messages-per-conversation 10, spread over the generator's default 365 days as for the logs
// issue's bench; BENCH_DAYS=30 puts every row inside the analytics window, the worst case, which
// the budget holds for):
//   GET /conversations/analytics                p50 <= 150 ms
//   GET /conversation-analytics/summary?days=30 p50 <= 100 ms
// Closed days are read from the daily rollup, filled first by the daily_stats task as the
// scheduler does every hour; today is counted live.
// The generator leaves visitor messages unanalysed, so one UPDATE gives each a sentiment and one or
// two topics first. The calls go over real HTTP (node:http on a local port, one connection at a
// time) to the app's own route handlers, imported here (as bench/conversations.ts does). The
// database is its own (`lantern_bench_analytics`), dropped after unless BENCH_KEEP=1.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase, resultRows } from '../db/client';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema';
import { issueTokens } from '../lib/auth/tokens';
import { generateDailyStatsForAllSchools } from '../lib/analytics/summary';
import { generateBenchData } from './data';
import { benchDatabase, percentile } from './server';

process.env.AUTH_SECRET ||= 'bench-secret-0123456789abcdef0123456789';
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DAYS = Number(process.env.BENCH_DAYS || 365);
const DB = DAYS === 365 ? 'lantern_bench_analytics' : `lantern_bench_analytics_${DAYS}`;
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS || 100_000);
const RUNS = Number(process.env.BENCH_RUNS || 31);
const KEEP = process.env.BENCH_KEEP === '1';

const pct = percentile;
const results: string[] = [];
function record(label: string, value: number, budget: number) {
  const line = `${value <= budget ? 'PASS' : 'FAIL'}  ${label.padEnd(48)} ${`${value.toFixed(1)} ms`.padStart(10)}   budget ${budget} ms`;
  results.push(line);
  console.log(line);
}

async function main() {
  const { admin, url, reused: reuse } = await benchDatabase(adminUrl, DB, { reuse: KEEP });
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, handle.kind);
  installDatabase(handle);
  try {
    if (reuse) {
      console.log(`Reusing ${DB}`);
    } else {
      console.log(`Generating ${CONVERSATIONS.toLocaleString('en-US')} conversations in one school over ${DAYS} days…`);
      const data = await generateBenchData(handle.db, { conversations: CONVERSATIONS, schools: 1, messagesPerConversation: 10, days: DAYS, prefix: 'Analytics' });
      console.log(`  ${data.conversations.toLocaleString('en-US')} conversations, ${data.messages.toLocaleString('en-US')} messages, ${data.leads.toLocaleString('en-US')} leads in ${(data.ms / 1000).toFixed(1)} s`);
      const t = performance.now();
      const analysed = await handle.db.execute(sql`
        update conversation_messages set
          sentiment = (array['positive', 'neutral', 'negative'])[1 + id % 3],
          topics = case when id % 2 = 0
            then jsonb_build_array(jsonb_build_object('category', (array['admissions', 'financial_aid', 'academic_programs', 'campus_life', 'athletics'])[1 + id % 5], 'confidence', 0.8))
            else jsonb_build_array(jsonb_build_object('category', 'admissions', 'confidence', 0.7), jsonb_build_object('category', 'housing_dining', 'confidence', 0.4)) end,
          analyzed_at = created_at
        where role = 'user'`);
      console.log(`  ${Number((analysed as { count?: number }).count ?? 0).toLocaleString('en-US')} visitor messages given an analysis in ${((performance.now() - t) / 1000).toFixed(1)} s`);
      await handle.db.execute(sql`vacuum analyze`);
      const schoolId = Number(resultRows<{ id: number }>(await handle.db.execute(sql`select min(id) as id from schools`))[0]!.id);
      await handle.db.insert(users).values({ email: 'bench-admin@example.com', username: 'benchadmin', firstName: 'Bench', lastName: 'Admin', role: 'admin', schoolId, passwordHash: 'x' });
    }
    // As in production, the hourly daily_stats task has rolled up every closed day; today counts live.
    const t = performance.now();
    const rolled = await generateDailyStatsForAllSchools();
    console.log(`  daily_stats task: ${rolled.days_rolled} days rolled up in ${((performance.now() - t) / 1000).toFixed(1)} s`);
    const [user] = await handle.db.select({ id: users.id, tokenVersion: users.tokenVersion }).from(users).where(eq(users.username, 'benchadmin'));
    const token = (await issueTokens(user!)).access_token;

    const summary = await import('../app/(rest)/conversations/analytics/route');
    const conversationSummary = await import('../app/(rest)/conversation-analytics/summary/route');
    const server = http.createServer(async (req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request = new Request(u, { headers: req.headers as Record<string, string> });
      const ctx = { params: Promise.resolve({}) };
      const answer =
        u.pathname === '/conversations/analytics'
          ? await summary.GET(request, ctx)
          : u.pathname === '/conversation-analytics/summary'
            ? await conversationSummary.GET(request, ctx)
            : new Response('not found', { status: 404 });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const measure = async (path: string) => {
      const times: number[] = [];
      let body = '';
      for (let i = 0; i < RUNS + 3; i++) {
        const t = performance.now();
        const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
        body = await res.text();
        if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
        if (i >= 3) times.push(performance.now() - t);
      }
      console.log(`  ${path}: p90 ${pct(times, 90).toFixed(1)} ms; ${body.slice(0, 160)}…`);
      return times;
    };
    record('GET /conversations/analytics p50', pct(await measure('/conversations/analytics'), 50), 150);
    record('GET /conversation-analytics/summary?days=30 p50', pct(await measure('/conversation-analytics/summary?days=30'), 50), 100);
    server.close();
  } finally {
    await closeDb();
    if (!KEEP) await admin.unsafe(`drop database if exists ${DB}`);
    await admin.end();
  }
  if (results.some((r) => r.startsWith('FAIL'))) process.exitCode = 1;
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
