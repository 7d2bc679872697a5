import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

// The database's types, apart from db/client.ts so that what client.ts imports (the migrator) can name them.
export type Schema = typeof schema;
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** What `db.transaction` hands its callback. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** The database or a transaction on it: a function that writes in its caller's transaction when given one takes this. */
export type Executor = Database | Tx;
