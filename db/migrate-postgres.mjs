// Applies db/migrations to a Postgres server while holding a session-level advisory lock, so concurrent
// builds or instances never race: the first migrates, the others wait for it and then find nothing to do.
// Plain JavaScript, so the build (scripts/build.mjs) and the standalone server run it without a compiler.
import path from 'node:path';
import postgres from 'postgres';
import { drizzle } from 'drizzle-orm/postgres-js';
import { migrate } from 'drizzle-orm/postgres-js/migrator';

/** The advisory lock's two keys: db/client.ts's lock class and a fixed id for the migrator. */
export const MIGRATION_LOCK = [7311, 1];

/** Where the committed migrations are, under `root` (default: the working directory). */
export const migrationsFolderOf = (root = process.cwd()) => path.join(/*turbopackIgnore: true*/ root, 'db', 'migrations');

/**
 * Migrates the database at `url` on a connection of its own (one session holds the lock and runs every
 * statement); answers how many milliseconds it waited for another migrator.
 */
export async function migratePostgres(url, migrationsFolder = migrationsFolderOf()) {
  const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 30 });
  try {
    const t0 = performance.now();
    await client`select pg_advisory_lock(${MIGRATION_LOCK[0]}, ${MIGRATION_LOCK[1]})`;
    const waitedMs = performance.now() - t0;
    try {
      await migrate(drizzle(client), { migrationsFolder });
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK[0]}, ${MIGRATION_LOCK[1]})`;
    }
    return { waitedMs };
  } finally {
    await client.end({ timeout: 5 });
  }
}
