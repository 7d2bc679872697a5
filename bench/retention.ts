// Budgets of the retention issue, on Postgres:
//   the daily retention task deleting ~1,000,000 expired messages (and their conversations): <= 60 s
//   chat p99 while it runs <= 2 × chat p99 without it (the same load, measured just before)
// Needs a built app (`npm run build`) and a Postgres server (BENCH_PG_URL or postgres://postgres@127.0.0.1:5432/postgres);
// works in a database of its own (lantern_bench_retention), dropped at the end.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { sql } from 'drizzle-orm';
import { closeDb, installDatabase, openDatabase, resultRows } from '../db/client';
import { runMigrations } from '../db/migrate';
import { knowledgeChunks, schools } from '../db/schema';
import { deleteExpiredConversations, RETENTION_BATCH, RETENTION_REST } from '@/lib/conversations/retention';
import { issueKey } from '../lib/widget/keys';
import { generateBenchData, MESSAGES_PER_CONVERSATION } from './data';
import { passage, QUESTIONS } from './knowledge-data';
import { BENCH_SECRET, benchDatabase, requireBuild, startLantern, stopLantern } from './server';

const PORT = Number(process.env.BENCH_PORT || 3212);
const base = `http://127.0.0.1:${PORT}`;
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const TARGET_EXPIRED_MESSAGES = Number(process.env.BENCH_EXPIRED_MESSAGES || 1_000_000);
const DAYS = 365;
const RETENTION = 90;
const CONNECTIONS = 8;
const BASELINE_SECONDS = 20;
// The task's own settings unless tried otherwise.
const BATCH = Number(process.env.BENCH_RETENTION_BATCH || RETENTION_BATCH);
const REST = Number(process.env.BENCH_RETENTION_REST ?? RETENTION_REST);

const results: [string, string, string, boolean | null][] = [];
const print = ([label, value, budget, ok]: [string, string, string, boolean | null]) =>
  console.log(`${ok === null ? 'INFO' : ok ? 'PASS' : 'FAIL'}  ${label.padEnd(58)} ${value.padStart(14)}   ${budget ? `budget ${budget}` : ''}`);
const record = (r: [string, string, string, boolean | null]) => (results.push(r), print(r));

process.env.AUTH_SECRET = BENCH_SECRET;

requireBuild();
const name = 'lantern_bench_retention';
const { admin, url } = await benchDatabase(adminUrl, name);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-retention-'));

let server: ChildProcess | null = null;
try {
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, 'postgres');
  installDatabase(handle);
  const db = handle.db;

  // A year of traffic for 20 schools, sized so that about TARGET_EXPIRED_MESSAGES messages are past a 90-day retention.
  const conversations = Math.round(TARGET_EXPIRED_MESSAGES / (MESSAGES_PER_CONVERSATION * ((DAYS - RETENTION) / DAYS)));
  console.log(`Generating ${conversations.toLocaleString('en-US')} conversations over ${DAYS} days for 20 schools…`);
  const data = await generateBenchData(db, { conversations, schools: 20, days: DAYS, retentionDays: RETENTION, autoDelete: true });
  await db.execute(sql`vacuum analyze`);
  const expiredNow = async (at: string | null = null) =>
    resultRows<{ c: number; m: number; total_c: number; total_m: number }>(
      await db.execute(sql`select
        (select count(*)::int from conversations c join chatbot_settings s using (school_id) where s.auto_delete_enabled and c.started_at < coalesce(${at}::timestamptz, now()) - make_interval(days => s.retention_days)) as c,
        (select count(*)::int from conversation_messages m join conversations c on c.id = m.conversation_id join chatbot_settings s on s.school_id = c.school_id where s.auto_delete_enabled and c.started_at < coalesce(${at}::timestamptz, now()) - make_interval(days => s.retention_days)) as m,
        (select count(*)::int from conversations) as total_c,
        (select count(*)::int from conversation_messages) as total_m`),
    )[0]!;
  const before = await expiredNow();
  record(['generated (bench/data.ts)', `${(data.ms / 1000).toFixed(1)} s`, '', null]);
  record(['conversations / messages / leads / staff ratings', `${data.conversations} / ${data.messages} / ${data.leads} / ${data.ratings}`, '', null]);
  record(['expired conversations / messages (90 days)', `${before.c} / ${before.m}`, '', null]);

  // The school the chat load talks to (auto-delete off, logging on: every request stores a conversation and two messages).
  const [chatSchool] = await db
    .insert(schools)
    .values({ name: 'Chat College', tuitionInfo: 'Undergraduate tuition is $24,500 per year.', contactPoints: [{ name: 'Office of Admissions', email: 'admissions@chat.edu' }] })
    .returning({ id: schools.id });
  await db.insert(knowledgeChunks).values(Array.from({ length: 200 }, (_, k) => ({ schoolId: chatSchool!.id, sourceType: 'web_link' as const, sourceId: String(k), title: `Page ${k}`, content: passage(k) })));
  const key = await issueKey(chatSchool!.id, 'public');

  server = await startLantern(PORT, { DATABASE_URL: url, DATA_DIR: dataDir });

  let counter = 0;
  const options = (duration: number): autocannon.Options => ({
    url: `${base}/api/widget/chat`,
    connections: CONNECTIONS,
    duration,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          counter += 1;
          return {
            ...req,
            headers: { 'content-type': 'application/json', 'x-api-key': key, 'x-forwarded-for': `10.1.${(counter >> 8) & 255}.${counter & 255}` },
            body: JSON.stringify({ message: QUESTIONS[counter % QUESTIONS.length], session_id: `load-${counter}` }),
          };
        },
      },
    ],
  });
  const load = (duration: number) =>
    new Promise<Result>((resolve, reject) => {
      autocannon(options(duration), (err, r) => (err ? reject(err) : resolve(r)));
    });
  const checked = (r: Result, label: string) => {
    if (r.non2xx || r.errors) throw new Error(`${label}: ${r.non2xx} answers were not 2xx, ${r.errors} errors`);
    return r;
  };

  // Warm-up, discarded: the server's code and the chat index settle first.
  await load(15);

  // 1. The task as it runs every night, beside the chat load: its time, and the load's p99 just
  //    before, during and just after it (back to back).
  const baseline = checked(await load(BASELINE_SECONDS), 'baseline');
  let stopLoad = () => {};
  const during = new Promise<Result>((resolve, reject) => {
    const inst = autocannon(options(600), (err, r) => (err ? reject(err) : resolve(r)));
    stopLoad = () => inst.stop();
  });
  await new Promise((r) => setTimeout(r, 1000));
  const [{ at: runStart }] = resultRows<{ at: string }>(await db.execute(sql`select now()::text as at`)) as [{ at: string }];
  const t0 = performance.now();
  const summary = await deleteExpiredConversations({ batchSize: BATCH, rest: REST });
  const retentionMs = performance.now() - t0;
  stopLoad();
  const loaded = checked(await during, 'during retention');
  // Nothing past the cutoff as it stood when the run began is left.
  const left = await expiredNow(runStart);
  if (left.c !== 0 || left.m !== 0) throw new Error(`retention left ${left.c} expired conversations and ${left.m} messages`);
  // Time passes during the run: a few more conversations may cross the cutoff, never fewer.
  if (summary.deleted_conversations < before.c || summary.deleted_messages < before.m) throw new Error(`retention deleted ${summary.deleted_conversations}/${summary.deleted_messages}, expected ${before.c}/${before.m}`);
  const after = checked(await load(BASELINE_SECONDS), 'after');

  record([`retention: ${summary.deleted_messages.toLocaleString('en-US')} messages, ${summary.deleted_conversations.toLocaleString('en-US')} conversations`, `${(retentionMs / 1000).toFixed(1)} s`, '<= 60 s', retentionMs <= 60_000]);
  record([`  (${summary.schools_processed} schools, batches of ${BATCH} conversations, rest ${REST}× each batch)`, `${Math.round(summary.deleted_messages / (retentionMs / 1000)).toLocaleString('en-US')} msg/s`, '', null]);
  record([`back to back: chat p99 before / during / after`, `${baseline.latency.p99} / ${loaded.latency.p99} / ${after.latency.p99} ms`, '', null]);
  record(['back to back: chat p50 before / during / after', `${baseline.latency.p50} / ${loaded.latency.p50} / ${after.latency.p50} ms`, '', null]);
  record(['back to back: chat req/s before / during / after', `${Math.round(baseline.requests.average)} / ${Math.round(loaded.requests.average)} / ${Math.round(after.requests.average)}`, '', null]);

  // 2. The p99 comparison, interleaved so that the machine's other work (it is shared) weighs on
  //    both sides alike: a fresh year of data, one continuous chat load, and the task working for
  //    SLICE ms, then held for SLICE ms, and so on; each answer counts for the window it arrived in.
  console.log('Generating the same data again for the interleaved comparison…');
  await generateBenchData(db, { conversations, schools: 20, days: DAYS, retentionDays: RETENTION, autoDelete: true, prefix: 'Again' });
  await db.execute(sql`vacuum analyze`);
  const SLICE = 3000;
  const samples: [number, number][] = [];
  const windows: [number, number][] = []; // when the task was working
  let stopSecond = () => {};
  const second = new Promise<Result>((resolve, reject) => {
    const inst = autocannon(options(600), (err, r) => (err ? reject(err) : resolve(r)));
    inst.on('response', (_client, _status, _bytes, ms) => samples.push([performance.now(), ms]));
    stopSecond = () => inst.stop();
  });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await sleep(SLICE);
  let since = performance.now();
  const t1 = performance.now();
  const again = await deleteExpiredConversations({
    batchSize: BATCH,
    rest: REST,
    beforeBatch: async () => {
      if (performance.now() - since < SLICE) return;
      windows.push([since, performance.now()]);
      await sleep(SLICE);
      since = performance.now();
    },
  });
  windows.push([since, performance.now()]);
  const interleavedMs = performance.now() - t1;
  await sleep(SLICE);
  stopSecond();
  checked(await second, 'interleaved');
  const working = (at: number) => windows.some(([a, b]) => at >= a && at <= b);
  const inside = samples.filter(([at]) => working(at)).map(([, ms]) => ms);
  const outside = samples.filter(([at]) => !working(at) && at >= windows[0]![0] - SLICE).map(([, ms]) => ms);
  const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.99))]!;
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.5)]!;
  const [pIn, pOut] = [p99(inside), p99(outside)];
  record([`interleaved: ${again.deleted_messages.toLocaleString('en-US')} messages in ${windows.length} working windows of ~${SLICE / 1000} s`, `${(interleavedMs / 1000).toFixed(1)} s`, '', null]);
  record([`chat p99 without cleanup (${outside.length} answers)`, `${pOut.toFixed(0)} ms`, '', null]);
  record([`chat p99 during cleanup (${inside.length} answers, ${(pIn / pOut).toFixed(2)}× without)`, `${pIn.toFixed(0)} ms`, `<= ${(2 * pOut).toFixed(0)} ms (2×)`, pIn <= 2 * pOut]);
  record(['chat p50 without / during cleanup', `${p50(outside).toFixed(0)} / ${p50(inside).toFixed(0)} ms`, '', null]);
} finally {
  if (server) await stopLantern(server);
  await closeDb();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await admin.unsafe(`drop database if exists ${name} with (force)`);
  await admin.end();
}

console.log(`\nLantern retention benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
results.forEach(print);
process.exit(results.every((r) => r[3] !== false) ? 0 : 1);
