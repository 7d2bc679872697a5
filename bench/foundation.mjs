// Budgets of the foundation issue, measured on the built app (not timed tests):
//   1. start to first 200 from /health  <= 3 s        (npm start on an already built app)
//   2. GET /health throughput           >= 70% of a bare route handler with the same JSON
//   3. POST /auth/login p50             <= 150 ms      (argon2id included)
// Usage: node bench/foundation.mjs [--duration 10] [--connections 50]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { ensureBuilt } from '../scripts/build-stamp.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const DURATION = arg('duration', 10);
const CONNECTIONS = arg('connections', 50);
const PORT = 3200;
const base = `http://127.0.0.1:${PORT}`;

await ensureBuilt(root);

async function startServer() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, LANTERN_BENCH: '1', AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789' },
    stdio: 'ignore',
  });
  for (;;) {
    try {
      const res = await fetch(`${base}/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - started > 60_000) throw new Error('server did not start within 60 s');
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - started;
  const stop = () =>
    new Promise((resolve) => {
      child.once('exit', () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        resolve();
      });
      child.kill('SIGTERM');
    });
  return { ms, stop };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const line = (label, value, budget, ok) => console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(38)} ${value.padStart(14)}   budget ${budget}`);
const results = [];

// 1. Startup, three cold starts on fresh data folders.
const starts = [];
for (let i = 0; i < 3; i++) {
  const s = await startServer();
  starts.push(s.ms);
  await s.stop();
}
const startMs = median(starts);
results.push(['start to first /health 200 (median of 3)', `${Math.round(startMs)} ms`, '<= 3000 ms', startMs <= 3000]);

// 2 and 3 on one running server.
const server = await startServer();
try {
  const run = (url) => autocannon({ url, connections: CONNECTIONS, duration: DURATION });
  await run(`${base}/health`); // warm-up, discarded
  const bare = await run(`${base}/bench/bare-json`);
  const health = await run(`${base}/health`);
  if (bare.non2xx || health.non2xx) throw new Error('non-2xx answers during the throughput run');
  const ratio = health.requests.average / bare.requests.average;
  results.push(['bare route handler throughput', `${Math.round(bare.requests.average)} req/s`, '(baseline)', true]);
  results.push(['GET /health throughput', `${Math.round(health.requests.average)} req/s`, '(see ratio)', true]);
  results.push(['/health vs bare handler', `${(ratio * 100).toFixed(1)} %`, '>= 70 %', ratio >= 0.7]);

  const user = { email: 'bench@lantern.test', password: 'Lantern-Harbor-2026', username: 'bench', first_name: 'Ben', last_name: 'Ch' };
  const reg = await fetch(`${base}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}`);
  const times = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: user.email, password: user.password }) });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`login answered ${res.status}`);
    if (i >= 10) times.push(performance.now() - t); // first ten warm the server
  }
  const p50 = median(times);
  const p95 = [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)];
  results.push(['POST /auth/login p50 (50 sequential)', `${p50.toFixed(1)} ms`, '<= 150 ms', p50 <= 150]);
  results.push(['POST /auth/login p95', `${p95.toFixed(1)} ms`, '(info)', true]);
} finally {
  await server.stop();
}

console.log(`\nLantern foundation benchmarks — ${new Date().toISOString()} — ${os.cpus().length} cores, node ${process.version}`);
for (const r of results) line(...r);
process.exit(results.every((r) => r[3]) ? 0 : 1);
