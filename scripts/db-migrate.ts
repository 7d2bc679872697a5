// `npm run db:migrate`: applies db/migrations to DATABASE_URL, or to the PGlite folder in DATA_DIR.
// With PGlite, run it while the server is stopped (PGlite is single-process; the server also migrates on start).
import { closeDb, getDbKind } from '../db/client';

const kind = await getDbKind();
console.log(`[lantern] migrations applied (${kind === 'postgres' ? 'Postgres at DATABASE_URL' : 'PGlite in DATA_DIR'})`);
await closeDb();
