// Live chat figures (`npm run bench:live`), on the built app and Postgres (BENCH_PG_URL, default
// 127.0.0.1:5432):
//   1. a staff message to the visitor's stream, the visitor on one instance and the staff member on
//      another (two instances on one Postgres: the message crosses LISTEN/NOTIFY):  p95 <= 1 s
//   2. 500 idle visitor event streams on one instance: <= 100 MB more memory (the server's RSS),
//      and no database work per connection (transactions per second while they idle, next to the
//      same figure with none open).
// Widget sizes (loader <= 6 KB, the frame's live chat <= 8 KB) are bench/widget-size.mjs's.
// The commit before live chat has none of this: the figures stand alone (docs/performance.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import { closeDb, installDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { liveChatSettings, schools, users } from '../db/schema';
import { hashPassword } from '../lib/auth/password';
import { issueKey } from '../lib/widget/keys';
import type { VisitorStreamEvents } from '../lib/live/events';
import { fetchEventStream as events, type EventStream } from '../tests/support/event-stream';
import { ensureBuilt } from '../scripts/build-stamp.mjs';
import { benchDatabase, percentile, root, startLantern, stopLantern } from './server';

await ensureBuilt(root);
const PORTS = [3973, 3974];
const MESSAGES = 200;
const IDLE_STREAMS = 500;
const PASSWORD = 'Bench-Live-Harbor-2026';
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function seed(url: string): Promise<string> {
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, 'postgres');
  installDatabase(handle);
  const [school] = await handle.db.insert(schools).values({ name: 'Live Bench College' }).returning({ id: schools.id });
  await handle.db.insert(users).values({ email: 'desk@live.bench', username: 'desk', firstName: 'Dana', lastName: 'Desk', role: 'admin', schoolId: school!.id, passwordHash: await hashPassword(PASSWORD) });
  await handle.db.insert(liveChatSettings).values({ schoolId: school!.id, enabled: true, officeHours: [], waitMinutes: 60 });
  const key = await issueKey(school!.id, 'public');
  await closeDb();
  return key;
}

async function json(url: string, init: RequestInit & { token?: string; key?: string; body?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': '10.9.0.1' };
  if (init.token) headers.authorization = `Bearer ${init.token}`;
  if (init.key) headers['x-api-key'] = init.key;
  const res = await fetch(url, { ...init, headers });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024;

const { admin, url } = await benchDatabase(adminUrl, 'lantern_bench_live');
const key = await seed(url);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-live-'));
const children: ChildProcess[] = await Promise.all(PORTS.map((port) => startLantern(port, { DATABASE_URL: url, DATA_DIR: dataDir })));
const [visitorSide, staffSide] = PORTS.map((p) => `http://127.0.0.1:${p}`) as [string, string];
let failed = false;
try {
  const token = (await json(`${staffSide}/auth/login`, { method: 'POST', body: JSON.stringify({ email: 'desk@live.bench', password: PASSWORD }) })).access_token as string;
  await json(`${staffSide}/live/availability`, { method: 'PUT', token, body: JSON.stringify({ available: true }) });

  // 1. Latency: the visitor's stream on one instance, the staff member's calls on the other.
  const session = `bench-live-${Date.now()}`;
  const asked = await json(`${visitorSide}/api/widget/live/request`, { method: 'POST', key, body: JSON.stringify({ session_id: session, message: 'May I talk to a person?' }) });
  const [conversation] = (await json(`${staffSide}/live/conversations`, { token })) as { id: number }[];
  const visitor = await events<VisitorStreamEvents>(`${visitorSide}/api/widget/live/events?session_id=${session}`, { 'x-api-key': key, 'x-visitor-token': asked.visitor_token, 'x-forwarded-for': '10.9.0.1' });
  await json(`${staffSide}/live/conversations/${conversation!.id}/join`, { method: 'POST', token });
  await visitor.next('status');
  const times: number[] = [];
  for (let n = 0; n < MESSAGES + 20; n++) {
    const text = `Message ${n}`;
    const arrived = visitor.next('message', (d) => d.text === text);
    const t0 = performance.now();
    await json(`${staffSide}/live/conversations/${conversation!.id}/messages`, { method: 'POST', token, body: JSON.stringify({ text }) });
    await arrived;
    if (n >= 20) times.push(performance.now() - t0); // the first 20 warm up
  }
  visitor.close();
  const p50 = percentile(times, 50);
  const p95 = percentile(times, 95);
  const okLatency = p95 <= 1000;
  failed ||= !okLatency;
  console.log(`${okLatency ? 'PASS' : 'FAIL'}  staff message -> visitor's stream, two instances: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms   budget p95 <= 1000 ms (${MESSAGES} messages)`);

  // 2. Idle streams on one instance: memory, and the database's work while they idle.
  const pid = children[0]!.pid!;
  const commits = async () => Number((await admin`select xact_commit from pg_stat_database where datname = 'lantern_bench_live'`)[0]!.xact_commit);
  const idleRate = async () => {
    const c0 = await commits();
    await new Promise((r) => setTimeout(r, 10_000));
    return ((await commits()) - c0) / 10;
  };
  // The latency run's trailing work (request counters flushing, the runners' sweeps) settles first.
  await new Promise((r) => setTimeout(r, 15_000));
  const before = rssMb(pid);
  const quiet = await idleRate();
  // Streams open only for waiting visitors with their token, two a visitor: 250 visitors, each asking from an address of its own.
  const open: EventStream<VisitorStreamEvents>[] = [];
  for (let n = 0; n < IDLE_STREAMS / 2; n += 25) {
    const opened = await Promise.all(
      Array.from({ length: 25 }, async (_, k) => {
        const from = { 'x-forwarded-for': `10.8.${(n + k) >> 8}.${(n + k) & 255}` };
        const session = `idle-${n + k}`;
        const res = await fetch(`${visitorSide}/api/widget/live/request`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': key, ...from }, body: JSON.stringify({ session_id: session, message: 'A person, please' }) });
        const { visitor_token: visitorToken } = (await res.json()) as { visitor_token: string };
        const url = `${visitorSide}/api/widget/live/events?session_id=${session}`;
        return Promise.all([0, 1].map(() => events<VisitorStreamEvents>(url, { 'x-api-key': key, 'x-visitor-token': visitorToken, ...from })));
      }),
    );
    open.push(...opened.flat());
  }
  // Opening them counted each call's limits (batched counters, flushed shortly after): settled first.
  await new Promise((r) => setTimeout(r, 15_000));
  const busy = await idleRate();
  const after = rssMb(pid);
  const grown = after - before;
  const okMemory = grown <= 100;
  const okDb = busy - quiet < 1; // not one transaction per connection per second, not even per 500
  failed ||= !okMemory || !okDb;
  console.log(`${okMemory ? 'PASS' : 'FAIL'}  ${IDLE_STREAMS} idle event streams: RSS ${before.toFixed(0)} -> ${after.toFixed(0)} MB (+${grown.toFixed(1)} MB)   budget <= 100 MB`);
  console.log(`${okDb ? 'PASS' : 'FAIL'}  database transactions per second while idle: ${quiet.toFixed(1)} with none open, ${busy.toFixed(1)} with ${IDLE_STREAMS}   budget: no work per connection (< 1/s more)`);
  open.forEach((o) => o.close());
} finally {
  await Promise.all(children.map(stopLantern));
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin.unsafe('drop database if exists lantern_bench_live with (force)');
  await admin.end();
}
process.exit(failed ? 1 : 0);
