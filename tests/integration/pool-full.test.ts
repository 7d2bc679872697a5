import { randomBytes } from 'node:crypto';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as filesRoute from '@/app/(rest)/files/route';
import * as leadExportRoute from '@/app/(rest)/leads/export/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { closeDb, getDb, installDatabase, openDatabase, type Database } from '@/db/client';
import { databaseFault } from '@/db/faults';
import { blobs, knowledgeFiles } from '@/db/schema';
import { errorResponse } from '@/lib/http/error-response';
import { beat, stopHeartbeat } from '@/lib/scheduler/instance';
import { saveBlob } from '@/lib/storage/blobs';
import { call, fromClient, STRONG_PASSWORD } from './http';

// The Postgres pool held or refused: callers get 503 with Retry-After within the pool timeout, not a
// hang, nothing is written, and the same calls succeed once connections are free again. PGlite has
// one in-process connection and no pool, so this file needs Postgres.

const why = process.env.TEST_DATABASE_URL ? null : 'needs Postgres (TEST_DATABASE_URL)';
if (why) console.warn(`[pool-full] skipped: ${why}`);

const POOL_MAX = 3;
const TIMEOUT_MS = 1500;
let token: string;
const restoreEnv = { max: process.env.DATABASE_POOL_MAX, timeout: process.env.DATABASE_POOL_TIMEOUT_MS };

/** Opens this file's database again with a small pool and a short wait, as the app's client. */
async function reopen(url: string) {
  process.env.DATABASE_POOL_MAX = String(POOL_MAX);
  process.env.DATABASE_POOL_TIMEOUT_MS = String(TIMEOUT_MS);
  try {
    return await openDatabase({ url });
  } finally {
    process.env.DATABASE_POOL_MAX = restoreEnv.max;
    process.env.DATABASE_POOL_TIMEOUT_MS = restoreEnv.timeout;
    if (restoreEnv.max === undefined) delete process.env.DATABASE_POOL_MAX;
    if (restoreEnv.timeout === undefined) delete process.env.DATABASE_POOL_TIMEOUT_MS;
  }
}

const poolStats = (db: Database) => (db as unknown as { $client: { poolStats(): { free: number; waiting: number } } }).$client.poolStats();

/** Transactions that each hold a connection until `release` is called. */
async function holdConnections(db: Database, n: number) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const open: Promise<unknown>[] = [];
  let started = 0;
  for (let i = 0; i < n; i++) {
    open.push(
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        started++;
        await held;
      }),
    );
  }
  const deadline = Date.now() + 10_000;
  while (started < n && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  expect(started).toBe(n);
  return async () => {
    release();
    await Promise.all(open);
  };
}

async function upload(text: string) {
  const form = new FormData();
  form.append('file', new Blob([text]), 'notes.txt');
  const started = performance.now();
  const res = await filesRoute.POST(new Request('http://localhost:3000/files/', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }), { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, json: await res.json(), ms: performance.now() - started };
}

async function stored(db: Database) {
  const [b] = await db.select({ n: count() }).from(blobs);
  const [f] = await db.select({ n: count() }).from(knowledgeFiles);
  return { blobs: b!.n, files: f!.n };
}

describe.skipIf(!!why)('database pool full or refused', () => {
  beforeAll(async () => {
    token = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'pool@lantern.test', password: STRONG_PASSWORD, username: 'pool', first_name: 'P', last_name: 'L' } })).json.access_token;
    expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Pool College' } })).status).toBe(201);
    await closeDb();
    installDatabase(await reopen(process.env.LANTERN_TEST_DATABASE_URL!));
  });

  it('answers 503 with Retry-After within the pool timeout while every connection is held, writes nothing, and recovers', async () => {
    const db = await getDb();
    const before = await stored(db);
    const release = await holdConnections(db, POOL_MAX);
    expect(poolStats(db)).toEqual({ free: 0, waiting: 0 });

    const t0 = performance.now();
    const list = await call(filesRoute.GET, 'GET', '/files/', { token });
    const listMs = performance.now() - t0;
    expect(list.status).toBe(503);
    expect(list.json).toEqual({ detail: 'The server is busy. Please try again in a moment.', code: 'unavailable' });
    expect(list.headers.get('retry-after')).toBe('5');
    const refused = await upload('Parking is in Lot C.');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    // A service that writes in a transaction (the stored bytes of an upload) gets the same fault.
    const t2 = performance.now();
    const fault = await saveBlob({ schoolId: null, contentType: 'text/plain', filename: 'notes.txt', data: Buffer.from('Parking is in Lot C.'), isPublic: false }).catch((err: unknown) => err);
    const writeMs = performance.now() - t2;
    expect(databaseFault(fault)).toBe('busy');
    expect(errorResponse(fault).status).toBe(503);
    // The wait is bounded by the timeout (not a hang), and is not cut short either.
    for (const ms of [listMs, refused.ms, writeMs]) {
      expect(ms).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
      expect(ms).toBeLessThan(TIMEOUT_MS + 5_000);
    }
    expect(poolStats(db)).toEqual({ free: 0, waiting: 0 });

    const t1 = performance.now();
    await release();
    expect(poolStats(db)).toEqual({ free: POOL_MAX, waiting: 0 });
    expect(await stored(db)).toEqual(before);
    expect((await call(filesRoute.GET, 'GET', '/files/', { token })).status).toBe(200);
    const ok = await upload('Parking is in Lot C.');
    expect(ok.status).toBe(201);
    const recoveryMs = performance.now() - t1;
    expect(await stored(db)).toEqual({ blobs: before.blobs + 1, files: before.files + 1 });
    console.log(`[pool-full] pool ${POOL_MAX}, timeout ${TIMEOUT_MS} ms: list 503 after ${listMs.toFixed(0)} ms, upload 503 after ${refused.ms.toFixed(0)} ms, a blob write in a transaction refused after ${writeMs.toFixed(0)} ms (nothing stored); after release list 200 and upload 201 in ${recoveryMs.toFixed(0)} ms`);
  });

  it('lets callers waiting for a connection through, in order, as soon as one is released', async () => {
    const db = await getDb();
    const release = await holdConnections(db, POOL_MAX);
    const t0 = performance.now();
    const waiting = call(filesRoute.GET, 'GET', '/files/', { token });
    const inTransaction = db.transaction(async (tx) => (await tx.execute(sql`select 1 as one`)) && performance.now() - t0);
    const deadline = Date.now() + 5_000;
    while (poolStats(db).waiting < 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(poolStats(db).waiting).toBe(2);
    await release();
    expect((await waiting).status).toBe(200);
    expect(await inTransaction).toBeLessThan(TIMEOUT_MS);
    expect(poolStats(db)).toEqual({ free: POOL_MAX, waiting: 0 });
  });

  it("keeps a live instance's heartbeat going while every pool connection is held (it has a connection of its own)", async () => {
    const db = await getDb();
    const release = await holdConnections(db, POOL_MAX);
    try {
      // Through the gate it would wait for the pool timeout and fail (beat answers false).
      expect(await beat()).toBe(true);
    } finally {
      stopHeartbeat();
      await release();
    }
  });

  it('counts a lead export in progress (its cursor keeps a connection) and gives the connection back when the download is dropped', async () => {
    const db = await getDb();
    // More leads than one cursor batch (5,000), so the download pauses with its cursor open.
    await db.execute(sql`insert into leads (school_id, first_name, email, source)
      select s.id, 'Lead ' || g, 'lead' || g || '@example.com', 'chatbot_conversation' from schools s, generate_series(1, 12000) g where s.name = 'Pool College'`);
    // Called directly (not through `call`, which reads the whole body): the download is read one piece.
    const res = await leadExportRoute.GET(new Request('http://localhost:3000/leads/export?format=csv', { headers: { authorization: `Bearer ${token}`, ...fromClient('203.0.113.10') } }), {
      params: Promise.resolve({}),
    });
    expect(res.status).toBe(200);
    const reader = res.body!.getReader();
    expect((await reader.read()).done).toBe(false);
    expect(poolStats(db).free).toBe(POOL_MAX - 1);
    const release = await holdConnections(db, POOL_MAX - 1);
    // With the export's connection counted, the pool is full: a bounded 503, not a wait behind the download.
    expect((await call(filesRoute.GET, 'GET', '/files/', { token })).status).toBe(503);
    await release();
    await reader.cancel();
    const deadline = Date.now() + 5_000;
    while (poolStats(db).free < POOL_MAX && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    expect(poolStats(db)).toEqual({ free: POOL_MAX, waiting: 0 });
    expect((await call(filesRoute.GET, 'GET', '/files/', { token })).status).toBe(200);
  });
});

describe.skipIf(!!why)('Postgres refusing connections (53300)', () => {
  const role = `lantern_limited_${randomBytes(4).toString('hex')}`;
  let admin: Awaited<ReturnType<typeof openDatabase>>;

  beforeAll(async () => {
    admin = await openDatabase({ url: process.env.LANTERN_TEST_DATABASE_URL! });
    // A role allowed one connection: the server refuses the second with too_many_connections, as a
    // full max_connections does, without a private cluster.
    await admin.db.execute(sql.raw(`create role ${role} login connection limit 1`));
    await admin.db.execute(sql.raw(`grant all on all tables in schema public to ${role}; grant all on all sequences in schema public to ${role}`));
  });

  afterAll(async () => {
    await closeDb();
    await admin.db.execute(sql.raw(`drop owned by ${role}`));
    await admin.db.execute(sql.raw(`drop role if exists ${role}`));
    await admin.close();
  });

  it('answers 503 with Retry-After when the server refuses a connection, and serves again once one is free', async () => {
    const url = new URL(process.env.LANTERN_TEST_DATABASE_URL!);
    url.username = role;
    await closeDb();
    installDatabase(await reopen(url.toString()));
    const db = await getDb();
    const release = await holdConnections(db, 1);

    const t0 = performance.now();
    const refused = await call(filesRoute.GET, 'GET', '/files/', { token });
    const refusedMs = performance.now() - t0;
    expect(refused.status).toBe(503);
    expect(refused.json).toEqual({ detail: 'The server is busy. Please try again in a moment.', code: 'unavailable' });
    expect(refused.headers.get('retry-after')).toBe('5');
    // The refusal is the server's own (53300), not the pool timeout.
    await expect(db.execute(sql`select 1`)).rejects.toMatchObject({ cause: { code: '53300' } });

    await release();
    const t1 = performance.now();
    expect((await call(filesRoute.GET, 'GET', '/files/', { token })).status).toBe(200);
    console.log(`[pool-full] role connection limit 1: 53300 answered 503 after ${refusedMs.toFixed(0)} ms; 200 again ${(performance.now() - t1).toFixed(0)} ms after the held connection was released`);
  });
});
