import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs, runnerInstances } from '@/db/schema';
import { buildIsCurrent } from '@/scripts/build-stamp.mjs';
import { startCrmReceiver, type CrmReceiver } from '../fixtures/crm-receiver';
import { STRONG_PASSWORD } from './http';
import { callServer, freePort, spawnServer, untilReady, type ApiOptions, type ServerProcess } from './server-process';

// The built server is SIGKILLed while a task runs (a CRM delivery job,
// held open by the test's CRM), then started again on the same database. The interrupted execution
// must read as a failure with the interrupted message, and the job must run again and succeed, once.
// Postgres when TEST_DATABASE_URL is set, else PGlite in a DATA_DIR of this file's own.

const root = path.resolve(__dirname, '../..');
const SECRET = 'task-kill-secret-0123456789abcdef0123456789';
const INTERRUPTED = 'Interrupted: the server stopped while this task was running';

const why = !buildIsCurrent(root) ? 'needs a current build (npm run build)' : null;
if (why) console.warn(`[fault-task-kill] skipped: ${why}`);

type Server = ServerProcess;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-task-kill-'));
const children: Server[] = [];

function startServer(port: number, crmPort: number): Server {
  const server = spawnServer(port, {
    DATABASE_URL: process.env.LANTERN_TEST_DATABASE_URL || undefined,
    AUTH_SECRET: SECRET,
    DATA_DIR: dataDir,
    OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${crmPort}`,
    // Only the job is of interest: no cron runs in the history.
    LANTERN_SCHEDULER: 'off',
  });
  children.push(server);
  return server;
}

const ready = (server: Server) => untilReady(server, 45_000);

type Json = Record<string, unknown> & { items?: Json[] };
const api = (server: Server, method: string, urlPath: string, opts: ApiOptions = {}) => callServer(server.url, method, urlPath, opts);

/** Polls until `check` answers a value (not undefined), or fails at the deadline. */
async function until<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Stops the servers still running (each test stops its own: another test's would run its jobs). */
async function stopServers(): Promise<void> {
  for (const s of children.splice(0)) {
    if (s.child.exitCode === null && s.child.signalCode === null) {
      const exited = new Promise((resolve) => s.child.once('exit', resolve));
      s.child.kill('SIGTERM');
      await exited;
    }
  }
}

afterAll(async () => {
  await stopServers();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A superuser (registered on the first call, signed in after), and a staff member's school sending leads to `receiver`. */
async function schoolSendingLeads(server: Server, receiver: CrmReceiver, tag: string) {
  const root = { email: 'root@kill.test', password: STRONG_PASSWORD };
  const reg = await api(server, 'POST', '/auth/register', { body: { ...root, username: 'root', first_name: 'Root', last_name: 'User' } });
  const su = (reg.status === 201 ? reg.json : (await api(server, 'POST', '/auth/login', { body: root })).json).access_token as string;
  const email = `staff-${tag}@kill.test`;
  expect((await api(server, 'POST', '/auth/users', { token: su, body: { email, username: `staff-${tag}`, password: STRONG_PASSWORD, first_name: 'S', last_name: 'T' } })).status).toBe(201);
  const staff = (await api(server, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
  expect((await api(server, 'POST', '/schools/', { token: staff, body: { name: `Kill College ${tag}` } })).status).toBe(201);
  const settings = { enabled: true, collection_mode: 'smart_card', field_order: ['first_name', 'email'], minimum_requirements: 'first_name AND email' };
  expect((await api(server, 'PUT', '/lead-gen/settings', { token: staff, body: settings })).status).toBe(200);
  const key = (await api(server, 'POST', '/chatbot/generate-api-key', { token: staff })).json.api_key as string;
  const crm = await api(server, 'POST', '/api/crm-integration', { token: staff, body: { integration_name: 'Slate', webhook_url: receiver.url } });
  expect(crm.status).toBe(201);
  receiver.secret = crm.json.signing_secret as string;
  return { su, staff, key };
}

/**
 * Sends a lead whose CRM delivery the receiver holds open until `released` resolves, and answers once
 * the receiver has the request: the delivery job is certainly running then.
 */
async function deliveryHeldOpen(server: Server, receiver: CrmReceiver, key: string, released: Promise<void>) {
  receiver.script = [{ status: 200, hold: released }];
  const card = await api(server, 'POST', '/api/widget/leads', { headers: { 'x-api-key': key }, body: { session_id: `kill-${Date.now()}`, first_name: 'Avery', email: 'avery@example.com' } });
  expect(card.status).toBe(201);
  await until('the CRM to receive the delivery', async () => (receiver.received.length >= 1 ? true : undefined));
}

async function kill(server: Server): Promise<void> {
  const exited = new Promise((resolve) => server.child.once('exit', resolve));
  server.child.kill('SIGKILL');
  await exited;
}

const executionsOf = async (server: Server, su: string, seen: Set<unknown>) =>
  ((await api(server, 'GET', '/api/scheduler/task-executions?task_name=crm_delivery', { token: su })).json as unknown as Json[]).filter((e) => !seen.has(e.id));

/** What must hold after the recovery: the failure, one successful rerun, one delivery sent by one recorded attempt. */
async function expectRecovered(server: Server, receiver: CrmReceiver, school: { su: string; staff: string }, seen: Set<unknown>, failed: Json, rerun: Json) {
  // The Scheduler's history: the interrupted run as a failure with its message, and one successful rerun.
  expect(failed).toMatchObject({ task_name: 'crm_delivery', trigger: 'event', error_message: INTERRUPTED });
  expect(rerun).toMatchObject({ task_name: 'crm_delivery', trigger: 'event', error_message: null });
  expect((await executionsOf(server, school.su, seen)).map((e) => e.status).sort()).toEqual(['failure', 'success']);
  const deliveries = (await api(server, 'GET', '/api/crm-integration/deliveries', { token: school.staff })).json.items!;
  expect(deliveries).toHaveLength(1);
  expect(deliveries[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
  // The CRM saw the same webhook twice: delivery is at least once, and the id lets it drop the repeat.
  expect(receiver.received).toHaveLength(2);
  expect(receiver.received.map((r) => r.verifyError)).toEqual([null, null]);
  expect(receiver.received[1]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
  if (process.env.LANTERN_TEST_DATABASE_URL) {
    // Postgres: the job row itself (PGlite's folder belongs to the server process).
    const rows = await (await getDb()).select().from(jobs).where(eq(jobs.name, 'crm_delivery'));
    expect(rows.filter((j) => j.status !== 'succeeded')).toEqual([]);
    expect(rows.at(-1)).toMatchObject({ status: 'succeeded', attempts: 2, lockedBy: null });
  }
}

describe.skipIf(why !== null)('the server killed in the middle of a running task', () => {
  it('marks the execution failed on the next start and runs the task again, once', async () => {
    const receiver = await startCrmReceiver();
    try {
      const port = await freePort();
      let server = startServer(port, receiver.port);
      await ready(server);
      const school = await schoolSendingLeads(server, receiver, 'restart');
      const seen = new Set((await executionsOf(server, school.su, new Set())).map((e) => e.id));
      let release!: () => void;
      await deliveryHeldOpen(server, receiver, school.key, new Promise<void>((resolve) => (release = resolve)));
      await kill(server);
      release();

      const restartedAt = performance.now();
      server = startServer(port, receiver.port);
      await ready(server);
      const readyAfter = (performance.now() - restartedAt) / 1000;
      const failed = await until('the interrupted execution to be marked', async () => (await executionsOf(server, school.su, seen)).find((e) => e.status === 'failure'));
      const markedAfter = (performance.now() - restartedAt) / 1000;
      const rerun = await until('the delivery to run again', async () => (await executionsOf(server, school.su, seen)).find((e) => e.status === 'success'));
      const rerunAfter = (performance.now() - restartedAt) / 1000;
      await expectRecovered(server, receiver, school, seen, failed, rerun);
      console.log(
        `[fault-task-kill] ${process.env.LANTERN_TEST_DATABASE_URL ? 'postgres' : 'pglite'}: SIGKILL during a CRM delivery; after the restart (ready in ${readyAfter.toFixed(1)} s) the execution was marked failure in ${markedAfter.toFixed(1)} s and the rerun succeeded in ${rerunAfter.toFixed(1)} s (1 delivery, 2 executions, ${receiver.received.length} webhook requests)`,
      );
    } finally {
      await stopServers();
      await receiver.close();
    }
  }, 120_000);

  const postgres = process.env.TEST_DATABASE_URL ? null : 'needs Postgres (TEST_DATABASE_URL): PGlite serves one process';
  if (postgres) console.warn(`[fault-task-kill] the two-instance case skipped: ${postgres}`);
  it.skipIf(postgres !== null)('on Postgres, another running instance recovers the killed one\'s task without a restart', async () => {
    const receiver = await startCrmReceiver();
    try {
      const a = startServer(await freePort(), receiver.port);
      const b = startServer(await freePort(), receiver.port);
      await Promise.all([ready(a), ready(b)]);
      const school = await schoolSendingLeads(a, receiver, 'survivor');
      const seen = new Set((await executionsOf(a, school.su, new Set())).map((e) => e.id));
      let release!: () => void;
      await deliveryHeldOpen(a, receiver, school.key, new Promise<void>((resolve) => (release = resolve)));
      // Whichever instance claimed the job is killed; the other one must notice.
      const [claimed] = await (await getDb()).select().from(jobs).where(eq(jobs.status, 'running'));
      const [owner] = await (await getDb()).select().from(runnerInstances).where(eq(runnerInstances.id, claimed!.lockedBy!));
      const [victim, survivor] = owner!.pid === a.child.pid ? [a, b] : [b, a];
      expect(victim.child.pid).toBe(owner!.pid);
      await kill(victim);
      release();

      const killedAt = performance.now();
      const failed = await until('the interrupted execution to be marked', async () => (await executionsOf(survivor, school.su, seen)).find((e) => e.status === 'failure'));
      const markedAfter = (performance.now() - killedAt) / 1000;
      const rerun = await until('the delivery to run again', async () => (await executionsOf(survivor, school.su, seen)).find((e) => e.status === 'success'));
      const rerunAfter = (performance.now() - killedAt) / 1000;
      await expectRecovered(survivor, receiver, school, seen, failed, rerun);
      console.log(
        `[fault-task-kill] postgres, two instances: SIGKILL of the one running a CRM delivery; the other marked the execution failure ${markedAfter.toFixed(1)} s later and its rerun succeeded ${rerunAfter.toFixed(1)} s after the kill`,
      );
    } finally {
      await stopServers();
      await receiver.close();
    }
  }, 120_000);
});
