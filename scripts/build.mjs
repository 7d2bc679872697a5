// `npm run build`: the one build for every host. On a serverless host it refuses to go on without
// DATABASE_URL and AUTH_SECRET; with DATABASE_URL it applies the migrations first (one migrator at a
// time, under an advisory lock); then the widget, `next build`, and the standalone server folder.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exitOnServerlessConfigProblem } from '../db/host.mjs';
import { buildApp } from './build-stamp.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

exitOnServerlessConfigProblem();

if (process.env.DATABASE_URL && process.env.LANTERN_MIGRATE_ON_BUILD !== '0') {
  const { migratePostgres, migrationsFolderOf } = await import('../db/migrate-postgres.mjs');
  const t0 = performance.now();
  await migratePostgres(process.env.DATABASE_URL, migrationsFolderOf(root));
  console.log(`[lantern] migrations applied to DATABASE_URL in ${Math.round(performance.now() - t0)} ms`);
}

await buildApp(root);
