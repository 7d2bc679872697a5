// The chat's regression gate: `npm run bench:compare -- <commit>` builds <commit> in a temporary
// folder, then runs the same chat load (POST /api/widget/chat, 16 connections, the widget's limits
// opened wide but still counted, as bench/server.ts does) against it and against this working tree
// alternately, three rounds each, on PGlite and on Postgres (when one answers), and prints each
// round, the ratio of the working tree to the commit, and the chat's budgets (docs/performance.md).
//   Budgets: throughput ratio >= 1.0; server time p50 <= 5 ms.
//   Options: --rounds N (3), --duration S (10), --redis (also the working tree with REDIS_URL).
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { buildIsCurrent } from '../scripts/build-stamp.mjs';
import { QUESTIONS } from './knowledge-data';
import { BENCH_SECRET, commitTree, percentile, root, startLantern, stopLantern } from './server';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1]! : fallback;
};
const positional: string[] = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--rounds' || args[i] === '--duration') i++;
  else if (!args[i]!.startsWith('--')) positional.push(args[i]!);
}
const commitArg = positional[0];
if (!commitArg) {
  console.error('usage: npm run bench:compare -- <commit> [--rounds 3] [--duration 10] [--redis]');
  process.exit(2);
}
const ROUNDS = Number(opt('--rounds', '3'));
const DURATION = Number(opt('--duration', '10'));
const WITH_REDIS = args.includes('--redis');
const REDIS_URL = process.env.BENCH_REDIS_URL || 'redis://127.0.0.1:6379';
const PORT = 3230;
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const sha = execFileSync('git', ['rev-parse', commitArg], { cwd: root, encoding: 'utf8' }).trim();
const short = sha.slice(0, 7);

const run = (cmd: string, cmdArgs: string[], cwd: string, env: NodeJS.ProcessEnv = process.env) => {
  const r = spawnSync(cmd, cmdArgs, { cwd, stdio: 'inherit', env });
  if (r.status !== 0) throw new Error(`${cmd} ${cmdArgs.join(' ')} failed in ${cwd}`);
};

/** The commit's tree, built, with the same seed and questions as this one. */
const prepareBase = () => commitTree(sha, ['bench/chat-seed.ts', 'bench/knowledge-data.ts']);

function seed(tree: string, target: { pglite: string } | { url: string }): string {
  const where = 'pglite' in target ? ['--pglite', target.pglite] : ['--url', target.url];
  const out = execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['--conditions=react-server', 'bench/chat-seed.ts', ...where], { cwd: tree, env: { ...process.env, AUTH_SECRET: BENCH_SECRET }, encoding: 'utf8' });
  const key = /KEY=(\S+)/.exec(out)?.[1];
  if (!key) throw new Error(`no key from the seed in ${tree}:\n${out}`);
  return key;
}

const start = (tree: string, env: Record<string, string>) => startLantern(PORT, env, tree);
const stop = stopLantern;

let counter = 0;
const body = () => JSON.stringify({ message: QUESTIONS[++counter % QUESTIONS.length], session_id: `cmp-${counter}` });
const headers = (key: string) => ({ 'content-type': 'application/json', 'x-api-key': key, 'x-forwarded-for': `10.0.${(counter >> 8) & 255}.${counter & 255}` });

/** One round on a running server: server time p50 (one visitor at a time), then throughput. */
async function measure(key: string): Promise<{ rps: number; p50: number }> {
  const url = `http://127.0.0.1:${PORT}/api/widget/chat`;
  const times: number[] = [];
  for (let i = 0; i < 230; i++) {
    const res = await fetch(url, { method: 'POST', headers: headers(key), body: body() });
    const dur = Number(/dur=([\d.]+)/.exec(res.headers.get('server-timing') ?? '')?.[1]);
    await res.text();
    if (!res.ok) throw new Error(`chat answered ${res.status}`);
    if (i >= 30) times.push(dur);
  }
  const load = () => autocannon({ url, connections: 16, duration: DURATION, requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: headers(key), body: body() }) }] });
  await autocannon({ url, connections: 16, duration: 3, requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: headers(key), body: body() }) }] });
  const r = await load();
  if (r.non2xx) throw new Error(`${r.non2xx} answers were not 2xx`);
  return { rps: r.requests.average, p50: percentile(times, 50) };
}

type Side = { label: string; tree: string; env: Record<string, string>; key: string; rounds: { rps: number; p50: number }[] };
const lines: string[] = [];
const say = (line: string) => (lines.push(line), console.log(line));
let failed = false;

async function compare(db: string, sides: Side[]) {
  for (let round = 1; round <= ROUNDS; round++) {
    for (const side of sides) {
      const child = await start(side.tree, side.env);
      try {
        const r = await measure(side.key);
        side.rounds.push(r);
        console.log(`[compare] ${db} round ${round} ${side.label}: ${Math.round(r.rps)} req/s, p50 ${r.p50.toFixed(1)} ms`);
      } finally {
        await stop(child);
      }
    }
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const [base, ...others] = sides;
  say(`${db}: ${base!.label} ${base!.rounds.map((r) => Math.round(r.rps)).join(' / ')} req/s, p50 ${base!.rounds.map((r) => r.p50.toFixed(1)).join(' / ')} ms`);
  for (const side of others) {
    const ratio = mean(side.rounds.map((r) => r.rps)) / mean(base!.rounds.map((r) => r.rps));
    const p50 = mean(side.rounds.map((r) => r.p50));
    const ok = ratio >= 1.0 && p50 <= 5;
    failed ||= !ok;
    say(`${db}: ${side.label} ${side.rounds.map((r) => Math.round(r.rps)).join(' / ')} req/s, p50 ${side.rounds.map((r) => r.p50.toFixed(1)).join(' / ')} ms`);
    say(`${ok ? 'PASS' : 'FAIL'}  ${db}: ${side.label} / ${base!.label} throughput ratio ${ratio.toFixed(2)} (budget >= 1.0), server p50 ${p50.toFixed(1)} ms (budget <= 5 ms)`);
  }
}

const baseTree = prepareBase();
if (!buildIsCurrent(root)) {
  console.log('[compare] building the working tree');
  run(process.execPath, ['scripts/build.mjs'], root, { ...process.env, DATABASE_URL: '' });
}

// PGlite: a data folder per tree.
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-compare-data-'));
try {
  const sides: Side[] = [
    { label: short, tree: baseTree, env: {}, key: '', rounds: [] },
    { label: 'working tree', tree: root, env: {}, key: '', rounds: [] },
  ];
  for (const [i, side] of sides.entries()) {
    const dir = path.join(tmp, `pglite-${i}`);
    side.key = seed(side.tree, { pglite: path.join(dir, 'pglite') });
    side.env = { DATA_DIR: dir };
  }
  await compare('PGlite', sides);

  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 2 });
  if (await admin`select 1`.then(() => true, () => false)) {
    const pgSides: Side[] = [
      { label: short, tree: baseTree, env: {}, key: '', rounds: [] },
      { label: 'working tree', tree: root, env: {}, key: '', rounds: [] },
    ];
    if (WITH_REDIS) pgSides.push({ label: 'working tree + Redis', tree: root, env: { REDIS_URL }, key: '', rounds: [] });
    for (const [i, side] of pgSides.entries()) {
      const name = `lantern_compare_${i}`;
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.unsafe(`create database ${name}`);
      const url = Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString();
      side.key = seed(side.tree, { url });
      side.env = { ...side.env, DATABASE_URL: url, DATA_DIR: path.join(tmp, `pg-${i}`) };
    }
    try {
      await compare('Postgres', pgSides);
    } finally {
      for (let i = 0; i < pgSides.length; i++) await admin.unsafe(`drop database if exists lantern_compare_${i} with (force)`);
    }
  } else console.log(`[compare] no Postgres at ${adminUrl}: PGlite only`);
  await admin.end();
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}

console.log(`\nbench:compare ${short} vs the working tree (${execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim()}${execFileSync('git', ['status', '--porcelain'], { cwd: root, encoding: 'utf8' }).trim() ? ' + changes' : ''}) — ${new Date().toISOString()} — ${os.cpus().length} cores, ${ROUNDS} rounds of ${DURATION} s each, alternating`);
lines.forEach((l) => console.log(l));
process.exit(failed ? 1 : 0);
