// The container entry point, bundled by the build into `.next/standalone/server.js` (in place of the
// one Next writes): `node .next/standalone/server.js` applies the migrations first (Postgres, under
// the migrator's advisory lock), then serves like `npm start`, with no build step and no dev tools.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnServerlessConfigProblem } from '../db/host.mjs';
import { migratePostgres, migrationsFolderOf } from '../db/migrate-postgres.mjs';
import { serve } from './serve.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
process.chdir(dir);
process.env.NODE_ENV = 'production';
exitOnServerlessConfigProblem();

if (process.env.DATABASE_URL) {
  const t0 = performance.now();
  const { waitedMs } = await migratePostgres(process.env.DATABASE_URL, migrationsFolderOf(dir));
  console.log(`[lantern] migrations applied in ${Math.round(performance.now() - t0)} ms${waitedMs > 50 ? ` (waited ${Math.round(waitedMs)} ms for another instance)` : ''}`);
}

// A container's HOSTNAME is its own name: bind every interface unless HOSTNAME_BIND says otherwise.
await serve({ dir, port: Number(process.env.PORT || '3000'), host: process.env.HOSTNAME_BIND || '0.0.0.0' });
