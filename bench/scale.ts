// Scale figures (`npm run bench:scale`): chat throughput of one instance and of three
// instances on one Postgres, with the same load generator (autocannon, the same total connections,
// spread evenly over the instances), and what each run used: server CPU, Postgres connections.
//   budget: three instances serve more than one (>= 1.2x here; on 2 cores they share the CPU with
//   Postgres and the load generator, see docs/performance.md for where it stops growing)
// Builds first when the sources changed; needs Postgres (BENCH_PG_URL, default 127.0.0.1:5432).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import autocannon from 'autocannon';
import postgres from 'postgres';
import { closeDb, installDatabase, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { knowledgeChunks, schools } from '../db/schema';
import { issueKey } from '../lib/widget/keys';
import { passage, QUESTIONS } from './knowledge-data';
import { ensureBuilt } from '../scripts/build-stamp.mjs';
import { benchDatabase, root, startLantern, stopLantern } from './server';

// Built once here: three servers starting on a stale build would each start building it.
await ensureBuilt(root);
const PORTS = [3967, 3968, 3969];
const CONNECTIONS = 18;
const DURATION_S = 10;
const CHUNKS = 2_000;
const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

async function seed(url: string): Promise<string> {
  const handle = await openDatabase({ url });
  await runMigrations(handle.db, 'postgres');
  installDatabase(handle);
  const [school] = await handle.db.insert(schools).values({ name: 'Scale College', tuitionInfo: 'Undergraduate tuition is $24,500 per year.' }).returning({ id: schools.id });
  for (let i = 0; i < CHUNKS; i += 500) {
    await handle.db.insert(knowledgeChunks).values(
      Array.from({ length: Math.min(500, CHUNKS - i) }, (_, k) => ({ schoolId: school!.id, sourceType: 'web_link' as const, sourceId: String(i + k), title: `Page ${i + k}`, content: passage(i + k) })),
    );
  }
  const key = await issueKey(school!.id, 'public');
  await closeDb();
  return key;
}

let counter = 0;
const body = () => {
  counter += 1;
  return JSON.stringify({ message: QUESTIONS[counter % QUESTIONS.length], session_id: `scale-${counter}` });
};
const headers = (key: string) => ({ 'content-type': 'application/json', 'x-api-key': key, 'x-forwarded-for': `10.1.${(counter >> 8) & 255}.${counter & 255}` });

/** CPU seconds a process has used so far (Linux /proc). */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100; // utime + stime, in clock ticks
}

async function load(key: string, ports: number[], seconds: number) {
  const per = Math.round(CONNECTIONS / ports.length);
  const runs = await Promise.all(
    ports.map((port) =>
      autocannon({
        url: `http://127.0.0.1:${port}/api/widget/chat`,
        connections: per,
        duration: seconds,
        requests: [{ method: 'POST', setupRequest: (req) => ({ ...req, headers: headers(key), body: body() }) }],
      }),
    ),
  );
  const non2xx = runs.reduce((n, r) => n + r.non2xx, 0);
  if (non2xx) throw new Error(`${non2xx} answers were not 2xx`);
  return { rps: runs.reduce((n, r) => n + r.requests.average, 0), p50: Math.max(...runs.map((r) => r.latency.p50)), p99: Math.max(...runs.map((r) => r.latency.p99)) };
}

async function measure(url: string, key: string, count: number, admin: postgres.Sql) {
  const ports = PORTS.slice(0, count);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-scale-'));
  const children: ChildProcess[] = await Promise.all(ports.map((port) => startLantern(port, { DATABASE_URL: url, DATA_DIR: dataDir })));
  try {
    await load(key, ports, 5); // warm-up: caches, JIT, connection pools
    const cpu0 = children.map((c) => cpuSeconds(c.pid!));
    let peakConnections = 0;
    let samples = 0;
    let active = 0;
    let lockWaits = 0;
    const sampler = setInterval(() => {
      admin`select count(*)::int as n, count(*) filter (where state = 'active')::int as active, count(*) filter (where wait_event_type = 'Lock')::int as locks
            from pg_stat_activity where datname = ${new URL(url).pathname.slice(1)}`.then(([r]) => {
        peakConnections = Math.max(peakConnections, r!.n as number);
        samples += 1;
        active += r!.active as number;
        lockWaits += r!.locks as number;
      }, () => {});
    }, 250);
    const t0 = performance.now();
    const r = await load(key, ports, DURATION_S);
    const wall = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    const cpu = children.map((c, i) => (cpuSeconds(c.pid!) - cpu0[i]!) / wall);
    return { ...r, cpu, peakConnections, active: active / Math.max(1, samples), lockWaits: lockWaits / Math.max(1, samples) };
  } finally {
    await Promise.all(children.map(stopLantern));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const { admin, url } = await benchDatabase(adminUrl, 'lantern_bench_scale');
const key = await seed(url);
const load0 = os.loadavg()[0]!;
const one = await measure(url, key, 1, admin);
const three = await measure(url, key, 3, admin);
await admin.unsafe('drop database if exists lantern_bench_scale with (force)');
await admin.end();

const fmt = (label: string, r: typeof one) =>
  `${label.padEnd(22)} ${`${Math.round(r.rps)} req/s`.padStart(11)}   p50 ${String(r.p50).padStart(4)} ms   p99 ${String(r.p99).padStart(5)} ms   server CPU ${r.cpu.map((c) => `${Math.round(c * 100)}%`).join(' + ')}   Postgres connections: peak ${r.peakConnections}, busy ${r.active.toFixed(1)} on average, waiting on a row lock ${r.lockWaits.toFixed(1)}`;
const ratio = three.rps / one.rps;
console.log(`\nLantern scale benchmark — ${new Date().toISOString()} — ${os.cpus().length} cores, load average ${load0.toFixed(1)} before, ${CONNECTIONS} connections, ${DURATION_S} s, local model, ${CHUNKS} passages`);
console.log(fmt('one instance', one));
console.log(fmt('three instances', three));
const ok = ratio >= 1.2;
console.log(`${ok ? 'PASS' : 'FAIL'}  three instances / one instance ${ratio.toFixed(2)}x   budget >= 1.2x`);
process.exit(ok ? 0 : 1);
