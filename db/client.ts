import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Sql } from 'postgres';
import * as schema from './schema';
import { dataDir } from './data-dir';
import { runMigrations } from './migrate';
import { migratePostgres, migrationsFolderOf } from './migrate-postgres.mjs';
import { serverlessConfigProblem } from './host.mjs';
import { CONNECT_TIMEOUT_SECONDS, reconnectDelaySeconds } from './faults';
import { gatePool, poolTimeoutMs } from './pool-gate';

export type { Database, Executor, Schema, Tx } from './types';
import type { Database } from './types';

type Unlock = () => Promise<void>;
type DbHandle = {
  db: Database;
  close: () => Promise<void>;
  kind: 'postgres' | 'pglite';
  /** A session-level advisory lock on a connection of its own; null when someone else holds it. */
  tryAdvisoryLock: (key: string) => Promise<Unlock | null>;
  /**
   * LISTEN where a notification reaches this process before the write that sent it resolves
   * (PGlite: one process, one session), so a cache cleared by it is never behind. Absent on
   * Postgres, where other sessions' notifications arrive later.
   */
  listenInProcess?: (channel: string, fn: (payload: string) => void) => Promise<() => Promise<void>>;
  /**
   * Postgres: a database on one connection of its own, outside the pool and its gate, for the
   * runner's heartbeat (lib/scheduler/instance.ts): a pool held by long work must not make a live
   * instance look gone to the others. Opened on first use.
   */
  sideline?: () => Database;
  /** LISTEN on both drivers (Postgres: a connection of its own), for wake-ups where lateness is harmless. */
  listen: (channel: string, fn: (payload: string) => void) => Promise<() => Promise<void>>;
  /** Postgres: postgres.js's pool under Drizzle, for results read as raw bytes (rawStatement). */
  postgres?: Sql;
};

// Advisory locks are per session and re-entrant within one, so a process also tracks its own holds
// (PGlite has a single session for the whole process).
const LOCK_CLASS = 7311;

// Statements this process has sent to Postgres through the pool (postgres.js's debug hook): a test
// counts what one request costs, so a new query on a hot path is a decision, not an accident.
let statements = 0;
const countStatement = () => {
  statements += 1;
};
export const statementCount = () => statements;

// One instance per process, kept on globalThis so dev-mode reloads reuse it (PGlite is single-process).
const globalKey = Symbol.for('lantern.db');
type GlobalSlot = { handle?: Promise<DbHandle> };
const slot = ((globalThis as Record<symbol, GlobalSlot>)[globalKey] ??= {});

/** Opens a database without migrating it. `url` selects postgres.js; otherwise PGlite at `pgliteDir` (or in memory). */
export async function openDatabase(opts: { url?: string; pgliteDir?: string | null }): Promise<DbHandle> {
  if (opts.url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const max = Number(process.env.DATABASE_POOL_MAX || 10);
    const raw = postgres(opts.url, { max, onnotice: () => {}, backoff: reconnectDelaySeconds, connect_timeout: CONNECT_TIMEOUT_SECONDS, debug: countStatement });
    // Nothing waits for a pool connection longer than DATABASE_POOL_TIMEOUT_MS (db/pool-gate.ts); listen passes through.
    const client = gatePool(raw, { max, timeoutMs: poolTimeoutMs() });
    const db: Database = drizzle(client, { schema });
    const tryAdvisoryLock = async (key: string): Promise<Unlock | null> => {
      const conn = await client.reserve();
      try {
        const [row] = await conn`select pg_try_advisory_lock(${LOCK_CLASS}, hashtext(${key})) as ok`;
        if (row?.ok) {
          return async () => {
            try {
              await conn`select pg_advisory_unlock(${LOCK_CLASS}, hashtext(${key}))`;
            } finally {
              conn.release();
            }
          };
        }
      } catch (err) {
        conn.release();
        throw err;
      }
      conn.release();
      return null;
    };
    const listen = async (channel: string, fn: (payload: string) => void) => {
      const { unlisten } = await client.listen(channel, fn);
      return unlisten;
    };
    let side: { db: Database; end: () => Promise<void> } | null = null;
    const sideline = () => {
      if (!side) {
        const one = postgres(opts.url!, { max: 1, onnotice: () => {}, backoff: reconnectDelaySeconds, connect_timeout: CONNECT_TIMEOUT_SECONDS });
        side = { db: drizzle(one, { schema }), end: () => one.end({ timeout: 5 }) };
      }
      return side.db;
    };
    const close = async () => {
      await Promise.all([client.end({ timeout: 5 }), side?.end()]);
    };
    return { db, kind: 'postgres', close, tryAdvisoryLock, listen, sideline, postgres: client };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.pgliteDir) fs.mkdirSync(/*turbopackIgnore: true*/ opts.pgliteDir, { recursive: true });
  // pg_trgm: the Leads page's search index (migration 0023); Postgres servers ship it in contrib.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir, { extensions: { pg_trgm } }) : new PGlite({ extensions: { pg_trgm } });
  await client.waitReady;
  // PGlite has no driver hook: drizzle's logger sees every statement the app sends through it.
  const db: Database = drizzle(client, { schema, logger: { logQuery: countStatement } });
  const tryAdvisoryLock = async (key: string): Promise<Unlock | null> => {
    const res = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as ok', [LOCK_CLASS, key]);
    if (!res.rows[0]?.ok) return null;
    return async () => {
      await client.query('select pg_advisory_unlock($1, hashtext($2))', [LOCK_CLASS, key]);
    };
  };
  const listenInProcess = async (channel: string, fn: (payload: string) => void) => {
    const unlisten = await client.listen(channel, fn);
    return () => unlisten();
  };
  return { db, kind: 'pglite', close: () => client.close(), tryAdvisoryLock, listenInProcess, listen: listenInProcess };
}

async function openDefault(): Promise<DbHandle> {
  // A serverless host's disk is read-only and per instance: never put PGlite there.
  const problem = serverlessConfigProblem();
  if (problem) throw new Error(problem);
  const url = process.env.DATABASE_URL;
  if (url) {
    // Several instances (or a build) may start at once: one migrates under an advisory lock, the others wait.
    await migratePostgres(url, migrationsFolderOf(/*turbopackIgnore: true*/ process.cwd()));
    return openDatabase({ url });
  }
  const handle = await openDatabase({ pgliteDir: path.join(dataDir(), 'pglite') });
  await runMigrations(handle.db, handle.kind);
  return handle;
}

/** The process-wide database, opened and migrated on first use (never at import time, so `next build` never opens it). */
export async function getDb(): Promise<Database> {
  slot.handle ??= openDefault().catch((err) => {
    slot.handle = undefined;
    throw err;
  });
  return (await slot.handle).db;
}

const heldHere = new Set<string>();

/**
 * Runs `fn` while holding the advisory lock `key`, across processes (Postgres) and within this one.
 * Answers `{ acquired: false }` without running `fn` when the lock is taken.
 */
export async function withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<{ acquired: true; value: T } | { acquired: false }> {
  if (heldHere.has(key)) return { acquired: false };
  heldHere.add(key);
  try {
    await getDb();
    const unlock = await (await slot.handle!).tryAdvisoryLock(key);
    if (!unlock) return { acquired: false };
    try {
      return { acquired: true, value: await fn() };
    } finally {
      await unlock();
    }
  } finally {
    heldHere.delete(key);
  }
}

/**
 * Subscribes `fn` to a NOTIFY channel of the current database when its notifications are exact for
 * a cache (see DbHandle.listenInProcess); answers the database subscribed to and how to stop, or null.
 */
export async function listenInProcess(channel: string, fn: (payload: string) => void): Promise<{ db: Database; unlisten: () => Promise<void> } | null> {
  await getDb();
  const handle = await slot.handle!;
  if (!handle.listenInProcess) return null;
  return { db: handle.db, unlisten: await handle.listenInProcess(channel, fn) };
}

/** Subscribes `fn` to a NOTIFY channel of the current database; answers how to stop. */
export async function listen(channel: string, fn: (payload: string) => void): Promise<() => Promise<void>> {
  await getDb();
  return (await slot.handle!).listen(channel, fn);
}

/** The database for small writes that must not wait behind a full pool (the heartbeat): Postgres's sideline, else the database itself. */
export async function getSidelineDb(): Promise<Database> {
  await getDb();
  const handle = await slot.handle!;
  return handle.sideline?.() ?? handle.db;
}

export async function getDbKind(): Promise<DbHandle['kind']> {
  await getDb();
  return (await slot.handle!).kind;
}

/** Tests install their own fresh database here. */
export function installDatabase(handle: DbHandle): void {
  slot.handle = Promise.resolve(handle);
}

export async function closeDb(): Promise<void> {
  const handle = slot.handle;
  slot.handle = undefined;
  if (handle) await (await handle).close();
}

const dialect = new PgDialect();

/**
 * On Postgres, `query` as postgres.js runs it, with the pool to run it on, for a result read as raw
 * bytes (the streamed exports: no string is made per row); null on PGlite.
 */
export async function rawStatement(query: SQL): Promise<{ client: Sql; text: string; params: Parameters<Sql['unsafe']>[1] } | null> {
  await getDb();
  const client = (await slot.handle!).postgres;
  if (!client) return null;
  const { sql: text, params } = dialect.sqlToQuery(query);
  return { client, text, params: params as Parameters<Sql['unsafe']>[1] };
}

/** The rows of `db.execute(sql…)`: postgres.js answers an array, PGlite an object with `rows`. */
export function resultRows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : ((result as { rows?: T[] }).rows ?? [])) as T[];
}
