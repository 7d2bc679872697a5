// Budgets of the logs issue, on Postgres with 100,000
// conversations and 1,000,000+ messages in one school (bench/data.ts: --schools 1
// --messages-per-conversation 10, with its staff ratings, thumbs, leads and corrections):
//   GET /conversations/?limit=10000   p50 <= 400 ms
//   GET /conversations/{id}           p50 <= 20 ms
// The calls go over real HTTP (node:http on a local port, one connection at a time) to the app's own
// route handlers, which this process imports: authentication (a bearer token), query parsing, the
// service, the database and JSON serialization are the app's; only Next.js's router is not in the
// path (no `next build` is needed). The database is its own (`lantern_bench_conversations`), dropped after.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase, resultRows } from '../db/client';
import { runMigrations } from '../db/migrate';
import { users } from '../db/schema';
import { issueTokens } from '../lib/auth/tokens';
import { generateBenchData } from './data';
import { benchDatabase, percentile } from './server';

process.env.AUTH_SECRET ||= 'bench-secret-0123456789abcdef0123456789';
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = 'lantern_bench_conversations';
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS || 100_000);
const LIST_RUNS = Number(process.env.BENCH_LIST_RUNS || 21);
const DETAIL_RUNS = 301;
/** BENCH_KEEP=1: keep the database after the run and reuse it (no new data) the next time. */
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
    let schoolId: number;
    if (reuse) {
      schoolId = Number(resultRows<{ id: number }>(await handle.db.execute(sql`select min(id) as id from schools`))[0]!.id);
      console.log(`Reusing ${DB} (school ${schoolId})`);
    } else {
      console.log(`Generating ${CONVERSATIONS.toLocaleString('en-US')} conversations in one school…`);
      const data = await generateBenchData(handle.db, { conversations: CONVERSATIONS, schools: 1, messagesPerConversation: 10, prefix: 'Logs' });
      console.log(
        `  ${data.conversations.toLocaleString('en-US')} conversations, ${data.messages.toLocaleString('en-US')} messages, ${data.ratings.toLocaleString('en-US')} staff ratings, ${data.leads.toLocaleString('en-US')} leads, ${data.corrections.toLocaleString('en-US')} corrections in ${(data.ms / 1000).toFixed(1)} s`,
      );
      await handle.db.execute(sql`analyze`);
      schoolId = data.schoolIds[0]!;
      await handle.db.insert(users).values({ email: 'bench-admin@example.com', username: 'benchadmin', firstName: 'Bench', lastName: 'Admin', role: 'admin', schoolId, passwordHash: 'x' });
    }
    const [user] = await handle.db.select({ id: users.id, tokenVersion: users.tokenVersion }).from(users).where(eq(users.username, 'benchadmin'));
    const token = (await issueTokens(user!)).access_token;

    const list = await import('../app/(rest)/conversations/route');
    const detail = await import('../app/(rest)/conversations/[id]/route');
    const server = http.createServer(async (req, res) => {
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const m = /^\/conversations\/(\d+)$/.exec(u.pathname);
      const request = new Request(u, { headers: req.headers as Record<string, string> });
      const answer =
        u.pathname === '/conversations/' ? await list.GET(request, { params: Promise.resolve({}) }) : m ? await detail.GET(request, { params: Promise.resolve({ id: m[1]! }) }) : new Response('not found', { status: 404 });
      res.writeHead(answer.status, Object.fromEntries(answer.headers));
      res.end(Buffer.from(await answer.arrayBuffer()));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const get = async (path: string) => {
      const t = performance.now();
      const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
      const body = await res.text();
      const ms = performance.now() - t;
      if (res.status !== 200) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
      return { ms, body };
    };

    const listTimes: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let i = 0; i < LIST_RUNS + 2; i++) {
      const r = await get('/conversations/?limit=10000');
      if (i >= 2) listTimes.push(r.ms);
      rows = (JSON.parse(r.body) as unknown[]).length;
      bytes = r.body.length;
    }
    console.log(`  list: ${rows} conversations, ${(bytes / 1e6).toFixed(1)} MB of JSON; p90 ${pct(listTimes, 90).toFixed(1)} ms`);
    record('GET /conversations/?limit=10000 p50', pct(listTimes, 50), 400);

    // Engaged conversations (10–26 messages, some rated) spread over the school.
    const ids = resultRows<{ id: number }>(
      await handle.db.execute(sql`select id from conversations where school_id = ${schoolId} and message_count > 0 order by md5(id::text) limit ${DETAIL_RUNS + 20}`),
    ).map((r) => Number(r.id));
    const detailTimes: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const r = await get(`/conversations/${ids[i]}`);
      if (i >= 20) detailTimes.push(r.ms);
    }
    console.log(`  detail: p90 ${pct(detailTimes, 90).toFixed(1)} ms over ${detailTimes.length} conversations`);
    record('GET /conversations/{id} p50', pct(detailTimes, 50), 20);
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
