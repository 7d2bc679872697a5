// Budgets of the knowledge issue for documents (`npm run bench:documents`):
//   insights for a 20-page PDF in embedded mode <= 3 s (text extraction + summary)
//   uploading a 25 MB file raises the server's resident memory by <= 100 MB
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { extractDocumentText } from '../lib/knowledge/extract-document';
import { writeInsights } from '../lib/knowledge/insight-writer';
import { ensureBuilt } from '../scripts/build-stamp.mjs';
import { makePdf } from '../tests/fixtures/documents';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const results: [string, string, string, boolean][] = [];
delete process.env.OPENAI_API_KEY; // embedded mode

// 1. A 20-page prospectus, each page 40 lines of real sentences.
const topics = ['tuition and fees', 'financial aid', 'application deadlines', 'nursing program', 'campus housing', 'student clubs', 'transfer credit', 'international students'];
const pages = Array.from({ length: 20 }, (_, p) =>
  Array.from({ length: 40 }, (_, l) => `Page ${p + 1}, line ${l + 1}: our ${topics[(p + l) % topics.length]} office answers questions within 2 business days, and the fee is $${(p + 1) * 100 + l}.`),
);
const pdf = makePdf(pages[0]!, ...pages.slice(1));
const runs: number[] = [];
for (let i = 0; i < 5; i++) {
  const t = performance.now();
  const text = await extractDocumentText(new Uint8Array(pdf), 'pdf');
  const out = await writeInsights([{ title: 'Prospectus', headings: text.headings, blocks: text.blocks }]);
  runs.push(performance.now() - t);
  if (!out.text.includes('$')) throw new Error('summary lost the figures');
}
const best = [...runs].sort((a, b) => a - b)[Math.floor(runs.length / 2)]!;
results.push([`20-page PDF (${Math.round(pdf.length / 1024)} KB) to insights, median of 5`, `${(best / 1000).toFixed(2)} s`, '<= 3 s', best <= 3000]);

// 2. A 25 MB upload to the running app, watching the server's resident memory.
await ensureBuilt(root);
const PORT = 3204;
const base = `http://127.0.0.1:${PORT}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-docs-'));
const server = spawn(process.execPath, [path.join(root, 'node_modules/next/dist/bin/next'), 'start', '-p', String(PORT)], {
  cwd: root,
  env: { ...process.env, DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789', LANTERN_SCHEDULER: 'off', NEXT_TELEMETRY_DISABLED: '1' },
  stdio: 'ignore',
});
const rssMb = () => {
  const status = fs.readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)![1]) / 1024;
};
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
  const json = (p: string, body: unknown, token?: string) =>
    fetch(`${base}${p}`, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) }).then((r) => r.json());
  const reg = await json('/auth/register', { email: 'docs@lantern.test', password: 'Lantern-Harbor-2026', username: 'docs', first_name: 'D', last_name: 'B' });
  await json('/schools/', { name: 'Bench College' }, reg.access_token);
  const token = (await json('/auth/login', { email: 'docs@lantern.test', password: 'Lantern-Harbor-2026' })).access_token;
  // Warm the upload path with a small file so one-time start-up allocations are not counted.
  const small = new FormData();
  small.append('file', new Blob([new Uint8Array(makePdf(['warm up']))]), 'warm.pdf');
  await fetch(`${base}/files/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: small });
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMb();
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 10);
  const big = new Uint8Array(25 * 1024 * 1024 - 2048);
  big.set(Buffer.from('%PDF-1.4\n'));
  const form = new FormData();
  form.append('file', new Blob([big]), 'large.pdf');
  const res = await fetch(`${base}/files/`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await new Promise((r) => setTimeout(r, 500));
  clearInterval(sampler);
  if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
  const rise = peak - before;
  results.push([`25 MB upload: server RSS ${before.toFixed(0)} MB -> peak ${peak.toFixed(0)} MB`, `+${rise.toFixed(0)} MB`, '<= +100 MB', rise <= 100]);
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nLantern document benchmarks — ${new Date().toISOString()} — ${os.cpus().length} cores, PGlite`);
for (const [label, value, budget, ok] of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(56)} ${value.padStart(10)}   budget ${budget}`);
process.exit(results.every((r) => r[3]) ? 0 : 1);
