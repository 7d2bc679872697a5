import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, resultRows } from '@/db/client';
import { taskExecutions } from '@/db/schema';
import { buildIsCurrent } from '@/scripts/build-stamp.mjs';
import { PNG_1x1 } from '../fixtures/images';
import { fetchEventStream as events } from '../support/event-stream';
import type { StaffStreamEvents, VisitorStreamEvents } from '@/lib/live/events';
import { STRONG_PASSWORD } from './http';
import { callServer, freePort, spawnServer, untilReady, type ApiOptions, type ServerProcess } from './server-process';

// Three real server processes on this file's own Postgres database, sharing one AUTH_SECRET: two as
// `npm start` runs them (scripts/start.mjs) and one as a container does (`node .next/standalone/server.js`).
// Everything a visitor or a staff member does must behave as on one instance. Needs Postgres
// (TEST_DATABASE_URL) and a current build (`npm run build`; CI has one from its e2e step).

const root = path.resolve(__dirname, '../..');
const standalone = path.join(root, '.next/standalone/server.js');
const SECRET = 'multi-instance-secret-0123456789abcdef0123';
const TICK_TASK = 'rate_limit_cleanup';
const SESSION_LIMIT = 3;

const why = !process.env.TEST_DATABASE_URL
  ? 'needs Postgres (TEST_DATABASE_URL)'
  : !buildIsCurrent(root) || !fs.existsSync(standalone)
    ? 'needs a current build (npm run build)'
    : null;
if (why) console.warn(`[multi-instance] skipped: ${why}`);

type Instance = ServerProcess;
const instances: Instance[] = [];
const dataDirs: string[] = [];

function startInstance(port: number, entry: string): Instance {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-instance-'));
  dataDirs.push(dataDir);
  return spawnServer(
    port,
    {
      DATABASE_URL: process.env.LANTERN_TEST_DATABASE_URL,
      // CI runs this file once more with REDIS_URL: the instances then count their limits there.
      REDIS_URL: process.env.REDIS_URL,
      REDIS_KEY_PREFIX: process.env.REDIS_KEY_PREFIX,
      AUTH_SECRET: SECRET,
      DATA_DIR: dataDir,
      WIDGET_SESSION_LIMIT_PER_MINUTE: String(SESSION_LIMIT),
      // Every instance keeps the schedule; this task ticks every two seconds so the test sees several ticks.
      LANTERN_TASK_SCHEDULES: `${TICK_TASK}=*/2 * * * * *`,
    },
    entry,
  );
}

const ready = (instance: Instance) => untilReady(instance, 45_000);

const api = (instance: Instance, method: string, urlPath: string, opts: ApiOptions = {}) => callServer(instance.url, method, urlPath, opts);

const [a, b, c] = [0, 1, 2].map((i) => () => instances[i]!);

describe.skipIf(why !== null)('several instances on one Postgres', () => {
  let su: string;
  let staff: { access: string; refresh: string };

  beforeAll(async () => {
    // Started together, as a deploy does: they also race to migrate (the migrator's lock lets one through).
    const ports = [await freePort(), await freePort(), await freePort()];
    instances.push(startInstance(ports[0]!, path.join(root, 'scripts/start.mjs')));
    instances.push(startInstance(ports[1]!, path.join(root, 'scripts/start.mjs')));
    instances.push(startInstance(ports[2]!, standalone));
    await Promise.all(instances.map(ready));

    const reg = await api(a(), 'POST', '/auth/register', { body: { email: 'root@multi.test', password: STRONG_PASSWORD, username: 'root', first_name: 'Root', last_name: 'User' } });
    expect(reg.status).toBe(201);
    su = reg.json.access_token as string;
    // A staff account made on A, signed in on B, whose school is created on C.
    expect((await api(a(), 'POST', '/auth/users', { token: su, body: { email: 'staff@multi.test', username: 'staff', password: STRONG_PASSWORD, first_name: 'S', last_name: 'T' } })).status).toBe(201);
    const login = await api(b(), 'POST', '/auth/login', { body: { email: 'staff@multi.test', password: STRONG_PASSWORD } });
    expect(login.status).toBe(200);
    staff = { access: login.json.access_token as string, refresh: login.json.refresh_token as string };
    expect((await api(c(), 'POST', '/schools/', { token: staff.access, body: { name: 'Multi College' } })).status).toBe(201);
  }, 90_000);

  afterAll(async () => {
    await Promise.all(
      instances.map(
        (i) =>
          new Promise<void>((resolve) => {
            if (i.child.exitCode !== null) return resolve();
            i.child.once('exit', () => resolve());
            i.child.kill('SIGTERM');
          }),
      ),
    );
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('access and refresh tokens issued by one instance work on the others', async () => {
    for (const i of instances) expect((await api(i, 'GET', '/auth/me', { token: staff.access })).status).toBe(200);
    const refreshed = await api(c(), 'POST', '/auth/refresh', { body: { refresh_token: staff.refresh } });
    expect(refreshed.status).toBe(200);
    expect((await api(a(), 'GET', '/auth/me', { token: refreshed.json.access_token as string })).json.email).toBe('staff@multi.test');
    // The rotated token is spent everywhere: reusing it on another instance is refused (and, as a
    // reuse, ends the whole family, so the refresh token it was swapped for stops working too).
    expect((await api(b(), 'POST', '/auth/refresh', { body: { refresh_token: staff.refresh } })).status).toBe(401);
    expect((await api(a(), 'POST', '/auth/refresh', { body: { refresh_token: refreshed.json.refresh_token } })).status).toBe(401);
    const again = await api(c(), 'POST', '/auth/login', { body: { email: 'staff@multi.test', password: STRONG_PASSWORD } });
    expect(again.status).toBe(200);
    staff = { access: again.json.access_token as string, refresh: again.json.refresh_token as string };
  });

  it('a web session signed in on one instance is the same session on the others', async () => {
    const csrf = await fetch(`${a().url}/api/auth/csrf`);
    const cookies = new Map<string, string>();
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        cookies.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    keep(csrf);
    const { csrfToken } = (await csrf.json()) as { csrfToken: string };
    const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const signIn = await fetch(`${a().url}/api/auth/callback/credentials`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
      body: new URLSearchParams({ csrfToken, email: 'staff@multi.test', password: STRONG_PASSWORD, json: 'true' }),
    });
    keep(signIn);
    expect([...cookies.keys()].some((k) => k.endsWith('next-auth.session-token'))).toBe(true);
    for (const i of [b(), c()]) {
      const session = (await (await fetch(`${i.url}/api/auth/session`, { headers: { cookie: cookie() } })).json()) as { user?: { email?: string } };
      expect(session.user?.email).toBe('staff@multi.test');
    }
  });

  it('a widget key regenerated on one instance is refused by the others on the very next call', async () => {
    const first = (await api(a(), 'POST', '/chatbot/generate-api-key', { token: staff.access })).json.api_key as string;
    for (const i of instances) expect((await api(i, 'GET', '/api/widget/config', { headers: { 'x-api-key': first } })).status).toBe(200);
    const second = (await api(a(), 'POST', '/chatbot/generate-api-key', { token: staff.access })).json.api_key as string;
    expect(second).not.toBe(first);
    for (const i of [b(), c(), a()]) {
      expect((await api(i, 'GET', '/api/widget/config', { headers: { 'x-api-key': first } })).status).toBe(401);
      expect((await api(i, 'GET', '/api/widget/config', { headers: { 'x-api-key': second } })).status).toBe(200);
    }
  });

  it('counts a rate limit once across instances', async () => {
    const key = (await api(b(), 'GET', '/chatbot/current-key', { token: staff.access })).json.api_key as string;
    // One visitor's session, its messages spread over the instances as a load balancer would; its
    // token (from the first answer, signed with the key every instance shares) goes with each.
    let visitorToken = '';
    const ask = async (i: Instance) => {
      const res = await api(i, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key, ...(visitorToken ? { 'x-visitor-token': visitorToken } : {}) }, body: { message: 'When is the open day?', session_id: 'one-visitor-session' } });
      visitorToken = res.headers.get('x-visitor-token') ?? visitorToken;
      return res;
    };
    const statuses = [];
    for (let n = 0; n < SESSION_LIMIT + 1; n++) statuses.push((await ask(instances[n % instances.length]!)).status);
    expect(statuses).toEqual([...Array(SESSION_LIMIT).fill(200), 429]);
    // Over the limit on every instance, not only the one that counted last.
    for (const i of instances) expect((await ask(i)).status).toBe(429);
  });

  it('a visitor on one instance and a staff member on another talk as if on one (live chat)', async () => {
    const key = (await api(b(), 'GET', '/chatbot/current-key', { token: staff.access })).json.api_key as string;
    const widget = { 'x-api-key': key };
    expect((await api(c(), 'PUT', '/live/settings', { token: staff.access, body: { enabled: true, office_hours: [], wait_minutes: 3 } })).status).toBe(200);
    expect((await api(b(), 'PUT', '/live/availability', { token: staff.access, body: { available: true } })).status).toBe(200);
    const staffEvents = await events<StaffStreamEvents>(`${b().url}/live/stream`, { authorization: `Bearer ${staff.access}` });
    const session = 'multi-live-visitor';
    const asked = await api(a(), 'POST', '/api/widget/live/request', { headers: widget, body: { session_id: session, message: 'May I talk to a person?' } });
    expect(asked.json).toMatchObject({ status: 'waiting' });
    const visitorHeaders = { ...widget, 'x-visitor-token': asked.json.visitor_token as string };
    const id = (await staffEvents.next('changed', (d) => d.status === 'waiting')).data.id as number;
    // The visitor's stream on another instance than the one that handed out the token.
    const visitor = await events<VisitorStreamEvents>(`${c().url}/api/widget/live/events?session_id=${session}`, visitorHeaders);
    expect((await api(c(), 'POST', `/live/conversations/${id}/join`, { token: staff.access })).status).toBe(200);
    expect((await visitor.next('status')).data).toMatchObject({ status: 'active', agent: 'S' });
    expect((await api(b(), 'POST', `/live/conversations/${id}/messages`, { token: staff.access, body: { text: 'Hello from B' } })).status).toBe(201);
    expect((await visitor.next('message')).data).toMatchObject({ text: 'Hello from B', author: 'S' });
    expect((await api(a(), 'POST', '/api/widget/live/messages', { headers: visitorHeaders, body: { session_id: session, text: 'Hi from A' } })).status).toBe(201);
    // The words the visitor asked with came first; then what they wrote to the person.
    expect((await staffEvents.next('message', (d) => d.role === 'user')).data).toMatchObject({ id, text: 'May I talk to a person?' });
    expect((await staffEvents.next('message', (d) => d.role === 'user')).data).toMatchObject({ id, text: 'Hi from A' });
    expect((await api(c(), 'POST', `/live/conversations/${id}/leave`, { token: staff.access })).status).toBe(200);
    expect((await visitor.next('status', (d) => d.status === 'returned')).data.status).toBe('returned');
    staffEvents.close();
    visitor.close();
  });

  it('serves an upload written through one instance from the others', async () => {
    const form = new FormData();
    form.set('file', new Blob([PNG_1x1], { type: 'image/png' }), 'logo.png');
    const uploaded = await api(c(), 'POST', '/schools/my-school/upload-logo', { token: staff.access, form });
    expect(uploaded.status).toBe(200);
    const logoUrl = uploaded.json.logo_url as string;
    expect(logoUrl).toMatch(/^\/uploads\//);
    for (const i of [a(), b()]) {
      const res = await fetch(`${i.url}${logoUrl}`);
      expect(res.status).toBe(200);
      expect(Buffer.from(await res.arrayBuffer()).equals(PNG_1x1)).toBe(true);
    }
  });

  it('runs each scheduled tick once, whichever instance claims it, and shows one history', async () => {
    const db = await getDb();
    const ticks = () =>
      db
        .select({ id: taskExecutions.id, status: taskExecutions.status, scheduledFor: taskExecutions.scheduledFor })
        .from(taskExecutions)
        .where(and(eq(taskExecutions.taskName, TICK_TASK), eq(taskExecutions.trigger, 'schedule')));
    // Three instances keep a two-second schedule: wait for a few ticks to be run.
    const deadline = Date.now() + 20_000;
    while ((await ticks()).filter((t) => t.status === 'success').length < 3 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 250));
    const rows = await ticks();
    const done = rows.filter((t) => t.status === 'success');
    expect(done.length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((t) => t.status === 'skipped')).toEqual([]);
    // One row per tick: three instances fired each tick, one of them ran it. (A tick may be missed
    // outright when every instance's event loop is late past the next one on a loaded machine.)
    const times = new Set(rows.map((t) => t.scheduledFor!.getTime()));
    expect(times.size).toBe(rows.length);
    for (const t of times) expect(t % 2000).toBe(0);

    // Trigger Now on one instance: the same run in every instance's Scheduler Dashboard.
    const triggered = await api(b(), 'POST', '/api/scheduler/tasks/cleanup_expired_tokens/trigger', { token: su });
    expect(triggered.status).toBe(202);
    const executionId = triggered.json.execution_id as number;
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const [row] = await db.select({ status: taskExecutions.status }).from(taskExecutions).where(eq(taskExecutions.id, executionId));
      if (row?.status === 'success') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const histories = await Promise.all(instances.map(async (i) => (await api(i, 'GET', '/api/scheduler/task-executions?task_name=cleanup_expired_tokens', { token: su })).json));
    for (const history of histories) expect(history).toEqual(histories[0]);
    expect(JSON.stringify(histories[0])).toContain(`"id":${executionId}`);
    const [{ n } = { n: 0 }] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${taskExecutions} where ${taskExecutions.id} = ${executionId} and ${taskExecutions.status} = 'success'`));
    expect(n).toBe(1);
  });
});
