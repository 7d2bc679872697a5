import path from 'node:path';
import type { Database } from './types';

export const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), 'db', 'migrations');

/** Applies the committed drizzle-kit migrations with the migrator matching the driver. */
export async function runMigrations(db: Database, kind: 'postgres' | 'pglite'): Promise<void> {
  if (kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
  } else {
    const { migrate } = await import('drizzle-orm/postgres-js/migrator');
    await migrate(db as never, { migrationsFolder });
  }
}
