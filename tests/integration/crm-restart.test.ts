import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { closeDb, getDb, installDatabase, openDatabase } from '@/db/client';
import { runMigrations } from '@/db/migrate';
import { crmDeliveries, crmIntegrations, schools } from '@/db/schema';
import { seal } from '@/lib/security/secret-box';
import { newSigningSecret } from '@/lib/crm/webhook';
import { drainJobs, jobEvents, startJobRunner, type JobRun } from '@/lib/jobs/runner';
import { saveLead } from '@/lib/leads/save';
import { startCrmReceiver } from '../fixtures/crm-receiver';
import { background } from '@/background';

// A server restart between two attempts of a delivery still delivers it. The database
// is closed and opened again, as a new process would (PGlite from a folder of its own here).
const dir = process.env.LANTERN_TEST_DATABASE_URL ? null : fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-crm-restart-'));

async function open() {
  const url = process.env.LANTERN_TEST_DATABASE_URL;
  const handle = await openDatabase(url ? { url } : { pgliteDir: dir });
  await runMigrations(handle.db, handle.kind);
  installDatabase(handle);
}

afterAll(() => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  delete process.env.CRM_RETRY_BASE_MS;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

it('delivers a lead whose first attempt failed before a restart, once the runner starts again', async () => {
  const receiver = await startCrmReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${receiver.port}`;
  process.env.CRM_RETRY_BASE_MS = '50';
  try {
    await closeDb();
    await open();
    const db = await getDb();
    const [school] = await db.insert(schools).values({ name: 'Restart College' }).returning({ id: schools.id });
    const secret = newSigningSecret();
    receiver.secret = secret;
    await db.insert(crmIntegrations).values({ schoolId: school!.id, integrationName: 'Slate', webhookUrl: receiver.url, signingSecretSealed: seal(secret, 'crm-signing-secret') });
    receiver.script = [{ status: 503 }];
    const saved = await saveLead({ schoolId: school!.id, sessionId: 'restart-1', source: 'chatbot_quickinfocard', data: { email: 'rae@example.com' }, isTest: false });
    // One run only: under load the retry (due 50 ms later) could otherwise run before the restart.
    const [first] = await drainJobs(background, { max: 1 });
    expect(first!.outcome).toBe('succeeded');
    const [waiting] = await db.select().from(crmDeliveries).where(eq(crmDeliveries.leadId, saved.id));
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
    await closeDb();

    await open();
    const settled = new Promise<JobRun>((resolve) => jobEvents.on('settled', (run: JobRun) => run.job.name === 'crm_delivery' && resolve(run)));
    const runner = startJobRunner(background, { pollSchedule: '* * * * * *' });
    try {
      await settled;
      await receiver.waitFor(2);
      const [done] = await (await getDb()).select().from(crmDeliveries).where(eq(crmDeliveries.leadId, saved.id));
      expect(done).toMatchObject({ status: 'succeeded', attempts: 2, lastStatusCode: 200 });
      expect(receiver.received.map((r) => r.verifyError)).toEqual([null, null]);
      expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    } finally {
      await runner.stop();
    }
  } finally {
    await receiver.close();
  }
});
