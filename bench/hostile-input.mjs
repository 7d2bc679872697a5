// Hostile input, measured on the built app:
//   1. one deeply nested JSON body ('[' * 400000 + ']' * 400000) to POST /auth/login: answer time
//      (the issue found ~200 ms of CPU and a 500 before the fix)
//   2. GET /health p50 while 8 such requests are always in flight (was ~500 ms before the fix)
// Usage: node bench/hostile-input.mjs [--seconds 5]
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureBuilt } from '../scripts/build-stamp.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const i = process.argv.indexOf('--seconds');
const SECONDS = i > 0 ? Number(process.argv[i + 1]) : 5;
const PORT = 3250;
const base = `http://127.0.0.1:${PORT}`;

await ensureBuilt(root);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-'));
const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789' },
  stdio: 'ignore',
});
for (const started = Date.now(); ; ) {
  try {
    if ((await fetch(`${base}/health`)).ok) break;
  } catch {
    // not listening yet
  }
  if (Date.now() - started > 60_000) throw new Error('server did not start within 60 s');
  await new Promise((r) => setTimeout(r, 50));
}

const hostile = '['.repeat(400_000) + ']'.repeat(400_000);
const send = async () => {
  const res = await fetch(`${base}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: hostile });
  await res.arrayBuffer();
  return res.status;
};
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const times = [];
const statuses = new Set();
for (let n = 0; n < 20; n++) {
  const t = performance.now();
  statuses.add(await send());
  times.push(performance.now() - t);
}

let running = true;
const attackers = Array.from({ length: 8 }, async () => {
  while (running) await send();
});
const health = [];
const until = Date.now() + SECONDS * 1000;
while (Date.now() < until) {
  const t = performance.now();
  await (await fetch(`${base}/health`)).arrayBuffer();
  health.push(performance.now() - t);
}
running = false;
await Promise.all(attackers);

const hostileMs = median(times);
const healthMs = median(health);
console.log(`hostile body answered ${[...statuses].join(', ')}`);
console.log(`${hostileMs <= 50 ? 'PASS' : 'FAIL'}  nested-JSON request, median of 20   ${hostileMs.toFixed(1).padStart(8)} ms   budget 50 ms (was ~200 ms and a 500)`);
console.log(`${healthMs <= 50 ? 'PASS' : 'FAIL'}  /health p50 under 8 hostile clients  ${healthMs.toFixed(1).padStart(8)} ms   budget 50 ms (was ~500 ms)`);
child.kill('SIGTERM');
await new Promise((r) => child.once('exit', r));
fs.rmSync(dataDir, { recursive: true, force: true });
