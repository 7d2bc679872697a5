import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { closeDb, getDb, installDatabase, openDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { jobs } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { jobEvents, startJobRunner, type JobRun } from '@/lib/jobs/runner';
import { mailSendJob } from '@/lib/mail/outbox';
import { background } from '@/background';

// A restart for real: the database is closed and opened again, as a new process would. PGlite runs
// from a folder of its own here (the suite's default is in memory); Postgres reopens this file's database.
const dir = process.env.LANTERN_TEST_DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-jobs-restart-'));

async function open() {
  const url = process.env.LANTERN_TEST_DATABASE_URL;
  const handle = await openDatabase(url ? { url } : { pgliteDir: dir });
  await runMigrations(handle.db, handle.kind);
  installDatabase(handle);
}

afterAll(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('runs a job queued before a restart once the runner starts again', async () => {
  await closeDb();
  await open();
  const db = await getDb();
  // Queued with no runner about (the process is going down), then the database is closed.
  const { id } = await db.transaction((tx) => enqueue(mailSendJob, { mail_id: 2024 }, {}, tx));
  await closeDb();

  await open();
  const settled = new Promise<JobRun>((resolve) => jobEvents.on('settled', (run: JobRun) => run.job.id === id && resolve(run)));
  const runner = startJobRunner(background, { pollSchedule: '0 0 1 1 *' });
  try {
    const run = await settled;
    expect(run.outcome).toBe('succeeded');
    const [row] = await (await getDb()).select().from(jobs).where(eq(jobs.id, id));
    expect(row).toMatchObject({ status: 'succeeded', attempts: 1 });
  } finally {
    await runner.stop();
  }
});
