import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import { closeDb, openDatabase, installDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';

// Each test file gets a database of its own: an in-memory PGlite, or a fresh Postgres database
// when TEST_DATABASE_URL is set.
// Route handlers are called as `npm start` serves them: behind its front server, which sets the client
// address header from the socket (tests/integration/http.ts sends it for the simulated client).
process.env.LANTERN_FRONT_SERVER = '1';
// With REDIS_URL (CI's second pass of the limit tests), each file counts under keys of its own.
process.env.REDIS_KEY_PREFIX = `lantern-test-${randomBytes(6).toString('hex')}:`;

let dropDatabase: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const handle = await openDatabase({ pgliteDir: null });
    await runMigrations(handle.db, 'pglite');
    installDatabase(handle);
    return;
  }
  const { default: postgres } = await import('postgres');
  const name = `lantern_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(url, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  // Tests that reopen the database (a restart) find this file's database here.
  process.env.LANTERN_TEST_DATABASE_URL = target.toString();
  const handle = await openDatabase({ url: target.toString() });
  await runMigrations(handle.db, 'postgres');
  installDatabase(handle);
  dropDatabase = async () => {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  };
});

afterAll(async () => {
  await closeDb();
  await dropDatabase?.();
});
