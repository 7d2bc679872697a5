// Budget of the styling issue (`npm run bench:styling`), on the built app (`npm run build`
// first) with a fresh embedded database:
//   save styling (POST /widget-styling, multipart) then the next GET /api/widget/config, p50 <= 30 ms
// Each round saves a new primary colour and checks that the very next config call answers it (no
// stale cache). Runs on PGlite (the embedded default) and, when BENCH_PG_URL or 127.0.0.1:5432
// answers, on Postgres.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { percentile, startLantern, stopLantern } from './server';

const PORT = 3211;
const base = `http://127.0.0.1:${PORT}`;
const PASSWORD = 'Lantern-Harbor-2026';
const ROUNDS = 300;
const WARM_UP = 30;
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const pct = percentile;
let failed = false;


async function json(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

/** The first account of a fresh install, a school, and its widget key, all over HTTP. */
async function setUp() {
  const post = (path: string, body: unknown, extra: Record<string, string> = {}) => json(path, { method: 'POST', headers: { ...extra, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const root = await post('/auth/register', { email: 'root@lantern.test', password: PASSWORD, username: 'root', first_name: 'R', last_name: 'T' });
  await post('/auth/users', { email: 'staff@lantern.test', username: 'staff', password: PASSWORD, first_name: 'S', last_name: 'T' }, { authorization: `Bearer ${root.access_token}` });
  const staff = await post('/auth/login', { email: 'staff@lantern.test', password: PASSWORD });
  const headers = { authorization: `Bearer ${staff.access_token}` };
  await json('/schools/', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench College' }) });
  const { api_key } = await json('/chatbot/generate-api-key', { method: 'POST', headers });
  return { headers, key: api_key as string };
}

async function measure(label: string, env: Record<string, string>) {
  const child = await startLantern(PORT, env);
  try {
    const { headers, key } = await setUp();
    const times: number[] = [];
    for (let i = 0; i < ROUNDS + WARM_UP; i++) {
      const colour = '#' + (0x100000 + i).toString(16);
      const form = new FormData();
      form.append('styling', JSON.stringify({ primaryColor: colour, buttonTextContent: `Round ${i}` }));
      const t = performance.now();
      await json('/widget-styling', { method: 'POST', headers, body: form });
      const config = await json('/api/widget/config', { headers: { 'x-api-key': key } });
      const ms = performance.now() - t;
      if (config.styling.primaryColor !== colour) throw new Error(`stale config: ${config.styling.primaryColor} after saving ${colour}`);
      if (i >= WARM_UP) times.push(ms);
    }
    const p50 = pct(times, 50);
    const ok = p50 <= 30;
    failed ||= !ok;
    console.log(`${ok ? 'PASS' : 'FAIL'}  ${`save styling then next config p50, ${label}`.padEnd(58)} ${`${p50.toFixed(1)} ms`.padStart(10)}   budget <= 30 ms   (p99 ${pct(times, 99).toFixed(1)} ms, ${ROUNDS} rounds)`);
  } finally {
    await stopLantern(child);
  }
}

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-styling-'));
try {
  await measure('PGlite', { DATA_DIR: dataDir });
} finally {
  fs.rmSync(dataDir, { recursive: true, force: true });
}

// Postgres, when a server answers: a database of its own, dropped afterwards.
const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 });
const dbName = `lantern_bench_styling_${process.pid}`;
let pgUp = false;
try {
  await admin`select 1`;
  pgUp = true;
} catch {
  console.log('skip  Postgres: no server at ' + adminUrl.replace(/\/\/[^@]*@/, '//'));
}
if (pgUp) {
  await admin.unsafe(`create database ${dbName}`);
  try {
    const pgDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-styling-pg-'));
    try {
      await measure('Postgres', { DATABASE_URL: Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString(), DATA_DIR: pgDataDir });
    } finally {
      fs.rmSync(pgDataDir, { recursive: true, force: true });
    }
  } finally {
    await admin.unsafe(`drop database if exists ${dbName} with (force)`);
  }
}
await admin.end();
process.exit(failed ? 1 : 0);
