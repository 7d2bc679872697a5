// Budget of the conversation export, on Postgres with 100,000
// conversations and 1,000,000 messages in one school:
//   GET /conversations/export?format=jsonl of all conversations streams at >= 20,000 conversations/s
//   with the server's resident memory rising <= 150 MB
// Needs a built app (`npm run build`) and a Postgres server (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres);
// works in a database of its own (lantern_bench_export), dropped at the end.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { closeDb, installDatabase, openDatabase, resultRows } from '../db/client';
import { runMigrations } from '../db/migrate';
import { generateBenchData } from './data';
import { benchDatabase, requireBuild, startLantern, stopLantern } from './server';

const PORT = Number(process.env.BENCH_PORT || 3213);
const base = `http://127.0.0.1:${PORT}`;
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const CONVERSATIONS = Number(process.env.BENCH_CONVERSATIONS || 100_000);
const MESSAGES = Number(process.env.BENCH_MESSAGES || 1_000_000);
const RATE_BUDGET = 20_000;
const RSS_BUDGET_MB = 150;
const PASSWORD = 'Lantern-Harbor-2026';

const results: [string, string, string, boolean | null][] = [];
const record = (r: [string, string, string, boolean | null]) => {
  results.push(r);
  const [label, value, budget, ok] = r;
  console.log(`${ok === null ? 'INFO' : ok ? 'PASS' : 'FAIL'}  ${label.padEnd(58)} ${value.padStart(16)}   ${budget ? `budget ${budget}` : ''}`);
};

requireBuild();
const name = 'lantern_bench_export';
// BENCH_KEEP_DB=1 keeps the database afterwards; BENCH_REUSE_DB=1 uses the one kept (no generation).
const { admin, url, reused: reuse } = await benchDatabase(adminUrl, name, { reuse: process.env.BENCH_REUSE_DB === '1' });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-export-'));

/** The server's resident memory (MB), from /proc. */
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

let server: ChildProcess | null = null;
try {
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, 'postgres');
  installDatabase(handle);
  const db = handle.db;
  const started = performance.now();

  console.log(reuse ? 'Reusing lantern_bench_export…' : `Generating ${CONVERSATIONS.toLocaleString('en-US')} conversations in one school…`);
  const data = reuse
    ? { schoolIds: [resultRows<{ id: number }>(await db.execute(sql`select min(school_id)::int as id from conversations`))[0]!.id], messages: MESSAGES }
    : await generateBenchData(db, { conversations: CONVERSATIONS, schools: 1, days: 365, autoDelete: false });
  const schoolId = data.schoolIds[0]!;
  // bench/data.ts writes about 4 messages a conversation; the engaged ones get longer until the
  // school holds MESSAGES messages (10 more each for 100,000 conversations: 1,000,000 in all).
  const missing = MESSAGES - data.messages;
  if (missing > 0) {
    const [{ engaged }] = resultRows<{ engaged: number }>(await db.execute(sql`select count(*)::int as engaged from conversations where school_id = ${schoolId} and status = 'engaged'`)) as [{ engaged: number }];
    const extra = Math.ceil(missing / engaged / 2) * 2;
    await db.execute(sql`
      insert into conversation_messages (conversation_id, school_id, position, role, content, created_at, response_time_ms)
      select c.id, c.school_id, p, case when p % 2 = 0 then 'user' else 'assistant' end,
        case when p % 2 = 0 then 'Follow-up question ' || p / 2 || ' about programs, costs and visits?'
             else 'A follow-up answer about programs, costs and campus visits, with the details the visitor asked for (' || p || ').' end,
        c.started_at + (20 + p * 20) * interval '1 second', case when p % 2 = 1 then 900 end
      from conversations c, generate_series(c.message_count, c.message_count + ${extra} - 1) p
      where c.school_id = ${schoolId} and c.status = 'engaged'`);
    await db.execute(sql`update conversations set message_count = message_count + ${extra}, ended_at = ended_at + ${extra * 20} * interval '1 second' where school_id = ${schoolId} and status = 'engaged'`);
  }
  if (!reuse) await db.execute(sql`vacuum analyze`);
  const [counts] = resultRows<{ c: number; m: number }>(
    await db.execute(sql`select (select count(*)::int from conversations where school_id = ${schoolId}) as c, (select count(*)::int from conversation_messages where school_id = ${schoolId}) as m`),
  );
  record(['generated (bench/data.ts, then longer conversations)', `${((performance.now() - started) / 1000).toFixed(1)} s`, '', null]);
  record(['conversations / messages in the school', `${counts!.c} / ${counts!.m}`, '', null]);
  await closeDb();

  server = await startLantern(PORT, { DATABASE_URL: url, DATA_DIR: dataDir });
  const post = (p: string, body: unknown, token?: string) =>
    fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());
  await (async () => {
    const t = postgres(url, { max: 1, onnotice: () => {} });
    await t`delete from users where email = 'export@lantern.test'`;
    await t`delete from schools where name = 'Export Sign-up College'`;
    await t.end();
  })();
  const reg = await post('/auth/register', { email: 'export@lantern.test', password: PASSWORD, username: 'export', first_name: 'E', last_name: 'B' });
  await post('/schools/', { name: 'Export Sign-up College' }, reg.access_token);
  // The account reads the generated school's conversations.
  const target = postgres(url, { max: 1, onnotice: () => {} });
  await target`update users set school_id = ${schoolId} where email = 'export@lantern.test'`;
  await target.end();
  const token = (await post('/auth/login', { email: 'export@lantern.test', password: PASSWORD })).access_token as string;
  const auth = { authorization: `Bearer ${token}` };

  // Warm up: the route compiled and loaded, a small export read in full.
  for (let i = 0; i < 3; i++) await (await fetch(`${base}/conversations/export?format=jsonl&status=opened&from_date=${new Date(Date.now() - 7 * 86400_000).toISOString()}`, { headers: auth })).text();
  await new Promise((r) => setTimeout(r, 1000));
  const pid = server.pid!;
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 20);

  const t0 = performance.now();
  const res = await fetch(`${base}/conversations/export?format=jsonl`, { headers: auth });
  if (!res.ok) throw new Error(`export answered ${res.status}: ${await res.text()}`);
  // The client stays cheap (it shares the machine): count the lines' ends, and parse the first
  // whole line of every 50th chunk to check the lines are JSON with their messages.
  let lines = 0;
  let bytes = 0;
  let firstByteMs = 0;
  let chunks = 0;
  let checked = 0;
  let messages = 0;
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
    if (!firstByteMs) firstByteMs = performance.now() - t0;
    bytes += chunk.byteLength;
    const buf = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    let at = buf.indexOf(10);
    const firstEnd = at;
    while (at !== -1) {
      lines++;
      at = buf.indexOf(10, at + 1);
    }
    if (chunks++ % 50 === 0 && firstEnd !== -1) {
      const next = buf.indexOf(10, firstEnd + 1);
      if (next !== -1) {
        messages += (JSON.parse(buf.subarray(firstEnd + 1, next).toString('utf8')) as { messages: unknown[] }).messages.length;
        checked++;
      }
    }
  }
  const seconds = (performance.now() - t0) / 1000;
  clearInterval(sampler);
  peak = Math.max(peak, rssMb(pid));
  if (lines !== counts!.c) throw new Error(`export wrote ${lines} lines for ${counts!.c} conversations`);
  if (checked === 0 || messages === 0) throw new Error('the sampled lines carried no messages');

  const rate = lines / seconds;
  record(['JSONL export: conversations (lines) / size', `${lines} / ${(bytes / 1024 / 1024).toFixed(0)} MB`, '', null]);
  record(['JSONL export: first byte', `${firstByteMs.toFixed(0)} ms`, '', null]);
  record(['JSONL export: total time', `${seconds.toFixed(2)} s`, '', null]);
  record(['JSONL export: conversations per second', `${Math.round(rate).toLocaleString('en-US')}/s`, `>= ${RATE_BUDGET.toLocaleString('en-US')}/s`, rate >= RATE_BUDGET]);
  record(['server resident memory: before / peak', `${before.toFixed(0)} / ${peak.toFixed(0)} MB`, '', null]);
  record(['server resident memory rise during the export', `${(peak - before).toFixed(0)} MB`, `<= ${RSS_BUDGET_MB} MB`, peak - before <= RSS_BUDGET_MB]);

  // The CSV export of the same conversations, for information.
  const c0 = performance.now();
  const csv = await fetch(`${base}/conversations/export?format=csv`, { headers: auth });
  let csvBytes = 0;
  for await (const chunk of csv.body as unknown as AsyncIterable<Uint8Array>) csvBytes += chunk.byteLength;
  const csvSeconds = (performance.now() - c0) / 1000;
  record(['CSV export: conversations per second (size)', `${Math.round(counts!.c / csvSeconds).toLocaleString('en-US')}/s (${(csvBytes / 1024 / 1024).toFixed(0)} MB)`, '', null]);
} finally {
  if (server) {
    await stopLantern(server);
  }
  await closeDb().catch(() => {});
  if (process.env.BENCH_KEEP_DB !== '1') await admin.unsafe(`drop database if exists ${name} with (force)`).catch(() => {});
  await admin.end();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
const failed = results.filter((r) => r[3] === false);
process.exit(failed.length ? 1 : 0);
