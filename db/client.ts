import 'server-only';
import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';
import { dataDir } from './data-dir';
import { runMigrations } from './migrate';

export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

type DbHandle = { db: Database; close: () => Promise<void>; kind: 'postgres' | 'pglite' };

// One instance per process, kept on globalThis so dev-mode reloads reuse it (PGlite is single-process).
const globalKey = Symbol.for('lantern.db');
type GlobalSlot = { handle?: Promise<DbHandle> };
const slot = ((globalThis as Record<symbol, GlobalSlot>)[globalKey] ??= {});

/** Opens a database without migrating it. `url` selects postgres.js; otherwise PGlite at `pgliteDir` (or in memory). */
export async function openDatabase(opts: { url?: string; pgliteDir?: string | null }): Promise<DbHandle> {
  if (opts.url) {
    const { default: postgres } = await import('postgres');
    const { drizzle } = await import('drizzle-orm/postgres-js');
    const client = postgres(opts.url, { max: Number(process.env.DATABASE_POOL_MAX || 10), onnotice: () => {} });
    const db = drizzle(client, { schema }) as unknown as Database;
    return { db, kind: 'postgres', close: () => client.end({ timeout: 5 }) };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (opts.pgliteDir) fs.mkdirSync(/*turbopackIgnore: true*/ opts.pgliteDir, { recursive: true });
  const client = opts.pgliteDir ? new PGlite(opts.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Database;
  return { db, kind: 'pglite', close: () => client.close() };
}

async function openDefault(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  const handle = await openDatabase(url ? { url } : { pgliteDir: path.join(dataDir(), 'pglite') });
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

export async function getDbKind(): Promise<DbHandle['kind']> {
  await getDb();
  return (await slot.handle!).kind;
}

/** Tests install their own fresh database here. */
export function useDatabase(handle: DbHandle): void {
  slot.handle = Promise.resolve(handle);
}

export async function closeDb(): Promise<void> {
  const handle = slot.handle;
  slot.handle = undefined;
  if (handle) await (await handle).close();
}
