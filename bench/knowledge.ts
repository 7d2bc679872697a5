// Budget of the knowledge issue (`npm run bench:knowledge`):
//   a search p50 <= 10 ms on Postgres with 5,000 chunks in the school and 100,000 in the
//   database, and <= 30 ms on PGlite with the same data. It measures the one
//   retrieval engine the product uses (the chat engine's in-process index, after it is built).
// Needs Postgres: BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import os from 'node:os';
import postgres from 'postgres';
import { closeDb, openDatabase, installDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { knowledgeChunks, schools } from '../db/schema';
import { searchSchoolKnowledge as searchKnowledge } from '@/lib/retrieval/knowledge-index';
import { passage, QUESTIONS } from './knowledge-data';

const adminUrl = process.env.BENCH_PG_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = 'lantern_bench_knowledge';
const SCHOOLS = 20;
const PER_SCHOOL = 5_000;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const results: [string, string, string, boolean][] = [];

async function fill(db: Awaited<ReturnType<typeof openDatabase>>['db']) {
  const ids = (await db.insert(schools).values(Array.from({ length: SCHOOLS }, (_, i) => ({ name: `Bench School ${i}` }))).returning({ id: schools.id })).map((r) => r.id);
  for (const schoolId of ids) {
    for (let i = 0; i < PER_SCHOOL; i += 1000) {
      await db.insert(knowledgeChunks).values(Array.from({ length: 1000 }, (_, k) => ({ schoolId, sourceType: 'web_link' as const, sourceId: String(i + k), title: `Page ${i + k}`, content: passage(schoolId * PER_SCHOOL + i + k), position: 0 })));
    }
  }
  return ids[0]!;
}

async function measure(label: string, budget: number, schoolId: number) {
  for (const q of QUESTIONS) await searchKnowledge(schoolId, q, 5);
  const times: number[] = [];
  for (let i = 0; i < 60; i++) {
    const t = performance.now();
    const hits = await searchKnowledge(schoolId, QUESTIONS[i % QUESTIONS.length]!, 5);
    times.push(performance.now() - t);
    if (hits.length === 0) throw new Error('no hits');
  }
  const p50 = median(times);
  results.push([`search p50, ${label}`, `${p50.toFixed(2)} ms`, `<= ${budget} ms`, p50 <= budget]);
}

// Postgres.
const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.unsafe(`create database ${dbName}`);
const pg = await openDatabase({ url: Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString() });
await runMigrations(pg.db, 'postgres');
installDatabase(pg);
const pgSchool = await fill(pg.db);
await pg.db.execute('analyze knowledge_chunks' as never);
await measure(`Postgres (${(SCHOOLS * PER_SCHOOL).toLocaleString()} chunks, ${PER_SCHOOL.toLocaleString()} in the school)`, 10, pgSchool);
await closeDb();
await admin.unsafe(`drop database if exists ${dbName} with (force)`);
await admin.end();

// PGlite, in memory, same data.
const lite = await openDatabase({ pgliteDir: null });
await runMigrations(lite.db, 'pglite');
installDatabase(lite);
const liteSchool = await fill(lite.db);
await measure('PGlite (same data)', 30, liteSchool);
await closeDb();

console.log(`\nLantern knowledge benchmarks — ${new Date().toISOString()} — ${os.cpus().length} cores`);
for (const [label, value, budget, ok] of results) console.log(`${ok ? 'PASS' : 'FAIL'}  ${label.padEnd(66)} ${value.padStart(10)}   budget ${budget}`);
process.exit(results.every((r) => r[3]) ? 0 : 1);
