// Budgets of the staff web app issue, on the production build (not timed tests):
//   Lighthouse on the public home page: performance >= 90, accessibility >= 95, best practices >= 95
//   First-load JavaScript, gzipped: / <= 120 KB, /dashboard <= 200 KB
// Usage: node bench/frontend.mjs   (needs Chromium: /usr/bin/chromium or PLAYWRIGHT_CHROMIUM_PATH)
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { ensureBuilt } from '../scripts/build-stamp.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const PORT = 3201;
const base = `http://127.0.0.1:${PORT}`;
const chromePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || '/usr/bin/chromium';
const FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

await ensureBuilt(root);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-fe-'));
const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
  cwd: root,
  env: { ...process.env, PORT: String(PORT), DATA_DIR: dataDir, AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789' },
  stdio: 'ignore',
});
const stop = () => {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
};

async function waitForServer() {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

/** Sums the gzipped size of every script the page loads before it settles. */
async function firstLoadJs(page, url) {
  const bodies = [];
  const onResponse = (res) => {
    if (res.request().resourceType() === 'script' && res.ok()) bodies.push(res.body().catch(() => Buffer.alloc(0)));
  };
  page.on('response', onResponse);
  await page.goto(url, { waitUntil: 'networkidle' });
  page.off('response', onResponse);
  const sizes = (await Promise.all(bodies)).map((b) => zlib.gzipSync(b, { level: 9 }).length);
  return { kb: sizes.reduce((a, b) => a + b, 0) / 1024, files: sizes.length };
}

const results = [];
try {
  await waitForServer();
  const user = { email: 'bench@lantern.test', password: 'Lantern-Harbor-2026', username: 'bench', first_name: 'Ben', last_name: 'Ch' };
  const reg = await fetch(`${base}/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(user) });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}`);

  const browser = await chromium.launch({ executablePath: chromePath, args: FLAGS.filter((f) => f !== '--headless=new') });
  const page = await browser.newPage();
  // The floor: a page with no client component of ours (/docs/api) still loads React and Next's router.
  const floor = await firstLoadJs(page, `${base}/docs/api`);
  results.push(['framework floor (/docs/api, gzip)', `${floor.kb.toFixed(1)} KB`, '(info)', true]);
  const home = await firstLoadJs(page, `${base}/`);
  results.push(['first-load JS of / (gzip)', `${home.kb.toFixed(1)} KB`, '<= 120 KB', home.kb <= 120]);
  await page.goto(`${base}/login`);
  await page.getByLabel('E-mail').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/dashboard');
  const dash = await firstLoadJs(page, `${base}/dashboard`);
  results.push(['first-load JS of /dashboard (gzip)', `${dash.kb.toFixed(1)} KB`, '<= 200 KB', dash.kb <= 200]);
  await browser.close();

  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: FLAGS });
  try {
    // Lighthouse's default: a mid-range phone on a throttled connection.
    const run = await lighthouse(`${base}/`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility', 'best-practices'] });
    const score = (id) => Math.round(run.lhr.categories[id].score * 100);
    results.push(['Lighthouse performance (/, mobile)', String(score('performance')), '>= 90', score('performance') >= 90]);
    results.push(['Lighthouse accessibility (/)', String(score('accessibility')), '>= 95', score('accessibility') >= 95]);
    results.push(['Lighthouse best practices (/)', String(score('best-practices')), '>= 95', score('best-practices') >= 95]);
    for (const id of ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']) {
      results.push([`  ${id}`, run.lhr.audits[id].displayValue, '(info)', true]);
    }
    const failing = Object.values(run.lhr.audits).filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary');
    if (failing.length) console.log('audits not passed:', failing.map((a) => a.id).join(', '));
  } finally {
    await chrome.kill();
  }
} finally {
  stop();
}

console.log(`\nLantern front-end benchmarks — ${new Date().toISOString()} — ${os.cpus().length} cores`);
for (const [label, value, budget, ok] of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(38)} ${value.padStart(10)}   budget ${budget}`);
process.exit(results.every((r) => r[3]) ? 0 : 1);
