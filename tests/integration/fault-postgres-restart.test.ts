import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsCurrent } from '@/scripts/build-stamp.mjs';
import { STRONG_PASSWORD } from './http';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres';
import { callServer, freePort, spawnServer, untilReady, type ApiOptions, type ServerProcess } from './server-process';

// Postgres restarted (cleanly, then as a crash) while visitors chat and leave
// their details. Nothing the server acknowledged may be lost, a refusal is a 503 the widget can
// retry (Retry-After, {detail, code}), and the same server process recovers by itself: answers,
// background jobs, LISTEN and the widget key check. Runs the built server (`npm start`) on a
// Postgres cluster of this file's own, so restarting it disturbs no other suite.

const root = path.resolve(__dirname, '../..');
const SECRET = 'fault-restart-secret-0123456789abcdef0123';
const VISITORS = 6;
// Bounds, not timings: the figures printed are far below them (under a second on a 2-core machine);
// without a reconnect limit postgres.js would keep queries waiting 10-20 s after the database is back.
/** A request that takes longer than this is a hang: the test fails on it. */
const ANSWER_BOUND_MS = 15_000;
/** The server must answer normally again within this long after the database is back. */
const RECOVERY_BOUND_MS = 10_000;

// It brings its own cluster: npm test runs it after e2e; the Postgres pass of CI would only run it twice.
const why = process.env.TEST_DATABASE_URL
  ? 'runs in npm test (it starts a Postgres of its own)'
  : !buildIsCurrent(root) || !fs.existsSync(path.join(root, '.next/standalone/server.js'))
    ? 'needs a current build (npm run build)'
    : privatePostgresUnavailable();
if (why) console.warn(`[fault-postgres-restart] skipped: ${why}`);

let pg: PrivatePostgres | undefined;
let server: ServerProcess | undefined;
let dataDir: string | undefined;
let sql: postgres.Sql | undefined;

function startServer(port: number, databaseUrl: string): ServerProcess {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-fault-'));
  return spawnServer(port, {
    DATABASE_URL: databaseUrl,
    AUTH_SECRET: SECRET,
    DATA_DIR: dataDir,
    LANTERN_SCHEDULER: 'off',
    // Many visitors from one address: the limits are the school's, not this test's subject.
    WIDGET_KEY_LIMIT_PER_MINUTE: '10000000',
    WIDGET_CLIENT_LIMIT_PER_MINUTE: '10000000',
    WIDGET_SESSION_LIMIT_PER_MINUTE: '10000000',
    WIDGET_CLIENT_CALLS_PER_MINUTE: '10000000',
    PUBLIC_CALLS_PER_MINUTE: '10000000',
  });
}

type Json = Record<string, unknown>;
const api = (method: string, urlPath: string, opts: Omit<ApiOptions, 'timeoutMs'> = {}) => callServer(server!.url, method, urlPath, { ...opts, timeoutMs: ANSWER_BOUND_MS });

/** What became of one request: acknowledged, refused for now (a 503 done right), or anything else. */
type Outcome = { kind: 'ack' | 'refused' | 'other'; at: number; sentAt: number; note?: string };
type AckedTurn = { session: string; message: string; response: string; index: number };
type AckedLead = { leadId: number; email: string };

/** A 503 the widget can act on: Retry-After and {detail, code}. */
function refusalProblem(res: { status: number; json: Json; headers: Headers }): string | null {
  if (res.status !== 503) return `status ${res.status}`;
  if (!/^\d+$/.test(res.headers.get('retry-after') ?? '')) return '503 without Retry-After';
  if (typeof res.json.detail !== 'string' || res.json.code !== 'unavailable') return `503 body ${JSON.stringify(res.json)}`;
  return null;
}

/** The events of a server-sent event stream, in order. */
function sseEvents(text: string): { event: string; data: Json }[] {
  return text
    .split('\n\n')
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
      const data = /^data: (.*)$/m.exec(block)?.[1];
      return { event, data: data ? (JSON.parse(data) as Json) : {} };
    });
}

describe.skipIf(why !== null)('Postgres restarted under chat load', () => {
  let staff: string;
  let key: string;
  let run: Awaited<ReturnType<typeof chatThroughRestarts>>;

  beforeAll(async () => {
    pg = await startPrivatePostgres();
    sql = postgres(pg.url, { max: 2, onnotice: () => {} });
    server = startServer(await freePort(), pg.url);
    await untilReady(server);

    // The school is set up as a user would: first account, a staff account, its school, knowledge, leads on, a widget key.
    const root = await api('POST', '/auth/register', { body: { email: 'root@fault.test', password: STRONG_PASSWORD, username: 'root', first_name: 'Root', last_name: 'User' } });
    expect(root.status).toBe(201);
    const su = root.json.access_token as string;
    expect((await api('POST', '/auth/users', { token: su, body: { email: 'staff@fault.test', username: 'staff', password: STRONG_PASSWORD, first_name: 'S', last_name: 'T' } })).status).toBe(201);
    const login = await api('POST', '/auth/login', { body: { email: 'staff@fault.test', password: STRONG_PASSWORD } });
    expect(login.status).toBe(200);
    staff = login.json.access_token as string;
    expect((await api('POST', '/schools/', { token: staff, body: { name: 'Harbour College' } })).status).toBe(201);
    const facts = await api('PUT', '/schools/my-school/fact-sheet', {
      token: staff,
      body: { programs: ['Nursing (BSN)', 'Marine Biology', 'Computer Science'], athletic_teams: ['Rowing'], student_clubs: ['Sailing Club'], important_deadlines: [{ name: 'Early application', date: '2027-11-01', description: 'Early application for nursing closes' }] },
    });
    expect(facts.status).toBe(200);
    expect((await api('PUT', '/lead-gen/settings', { token: staff, body: { enabled: true, collection_mode: 'smart_card' } })).status).toBe(200);
    key = (await api('POST', '/chatbot/generate-api-key', { token: staff })).json.api_key as string;
    expect(key).toBeTruthy();
    run = await chatThroughRestarts();
  }, 180_000);

  afterAll(async () => {
    if (server && server.child.exitCode === null) {
      const s = server;
      await new Promise<void>((resolve) => {
        s.child.once('exit', () => resolve());
        s.child.kill('SIGTERM');
      });
    }
    await sql?.end({ timeout: 1 }).catch(() => {});
    await pg?.destroy();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  /** Visitors chat and leave details while the cluster is restarted cleanly, then crashed; what each got back. */
  async function chatThroughRestarts() {
    const outcomes: Outcome[] = [];
    const others: string[] = [];
    const turns: AckedTurn[] = [];
    const leads: AckedLead[] = [];
    let sentMessages = 0;
    let sentLeads = 0;
    let streamRefusals = 0;
    const t0 = performance.now();
    const now = () => performance.now() - t0;

    const record = (kind: Outcome['kind'], sentAt: number, note?: string) => {
      outcomes.push({ kind, sentAt, at: now(), note });
      if (kind === 'other') others.push(`${note ?? '?'} (sent at ${(sentAt / 1000).toFixed(2)} s, answered at ${(now() / 1000).toFixed(2)} s)`);
    };

    // Each visitor's token, kept from the answers (failed ones too) as the frame keeps it.
    const tokens = new Map<string, string>();
    const widgetHeaders = (session: string) => ({ 'x-api-key': key, ...(tokens.has(session) ? { 'x-visitor-token': tokens.get(session)! } : {}) });
    const keepToken = (session: string, res: { headers: Headers }) => {
      const token = res.headers.get('x-visitor-token');
      if (token) tokens.set(session, token);
    };

    /** One visitor's turn; streamed on even turns, whole on odd ones, as both widget paths are used. */
    async function ask(visitor: number, session: string, history: { role: string; content: string }[], n: number): Promise<void> {
      // The widget sends the recent turns only (the server reads the last 10 of at most 50).
      const message = `When is the early application deadline for nursing? (visitor ${visitor}, question ${n})`;
      const streamed = n % 2 === 0;
      const sentAt = now();
      sentMessages++;
      try {
        const res = await api('POST', streamed ? '/api/widget/chat/stream' : '/api/widget/chat', { headers: widgetHeaders(session), body: { message, session_id: session, conversation_history: history.slice(-10) } });
        keepToken(session, res);
        if (streamed && res.status === 200) {
          const events = sseEvents(res.text);
          const done = events.find((e) => e.event === 'done');
          const error = events.find((e) => e.event === 'error');
          if (done && typeof done.data.message_index === 'number') {
            turns.push({ session, message, response: done.data.response as string, index: done.data.message_index });
            history.push({ role: 'user', content: message }, { role: 'assistant', content: done.data.response as string });
            return record('ack', sentAt);
          }
          // The stream had begun when the answer could not be stored: its last event says so, as a 503 would.
          if (error && error.data.code === 'unavailable' && typeof error.data.retry_after === 'number') {
            streamRefusals++;
            return record('refused', sentAt);
          }
          return record('other', sentAt, `stream: ${res.text.slice(-300)}`);
        }
        if (!streamed && res.status === 200 && typeof res.json.message_index === 'number') {
          turns.push({ session, message, response: res.json.response as string, index: res.json.message_index });
          history.push({ role: 'user', content: message }, { role: 'assistant', content: res.json.response as string });
          return record('ack', sentAt);
        }
        const problem = refusalProblem(res);
        return record(problem ? 'other' : 'refused', sentAt, problem ? `chat ${problem}: ${res.text.slice(0, 300)}` : undefined);
      } catch (err) {
        record('other', sentAt, `chat: ${(err as Error).message}`);
      }
    }

    async function leaveDetails(visitor: number, n: number): Promise<void> {
      const email = `visitor${visitor}.card${n}@fault.test`;
      const sentAt = now();
      sentLeads++;
      try {
        const res = await api('POST', '/api/widget/leads', { headers: { 'x-api-key': key }, body: { session_id: `v${visitor}-card-${n}`, first_name: `Visitor${visitor}`, email } });
        if (res.status === 201 && typeof res.json.lead_id === 'number') {
          leads.push({ leadId: res.json.lead_id, email });
          return record('ack', sentAt);
        }
        const problem = refusalProblem(res);
        record(problem ? 'other' : 'refused', sentAt, problem ? `lead ${problem}: ${res.text.slice(0, 300)}` : undefined);
      } catch (err) {
        record('other', sentAt, `lead: ${(err as Error).message}`);
      }
    }

    let running = true;
    const visitors = Array.from({ length: VISITORS }, async (_, visitor) => {
      const session = `fault-visitor-${visitor}`;
      const history: { role: string; content: string }[] = [];
      for (let n = 0; running; n++) {
        await ask(visitor, session, history, n);
        if (n % 3 === visitor % 3) await leaveDetails(visitor, n);
        // A refusal's Retry-After is for people; the load goes on at once to probe the outage.
      }
    });
    // Beside the visitors: a staff member reading the leads list (the bearer token is checked against
    // the database) and a load balancer polling readiness. Each answer is 200 or a proper 503.
    const side = { staff: { ok: 0, refused: 0 }, ready: { ok: 0, refused: 0 } };
    const watch = async (name: 'staff' | 'ready', call: () => ReturnType<typeof api>, pause: number) => {
      while (running) {
        const sentAt = now();
        try {
          const res = await call();
          const problem = res.status === 200 ? null : refusalProblem(res);
          if (problem) others.push(`${name} ${problem}: ${res.text.slice(0, 300)} (sent at ${(sentAt / 1000).toFixed(2)} s)`);
          else side[name][res.status === 200 ? 'ok' : 'refused']++;
        } catch (err) {
          others.push(`${name}: ${(err as Error).message} (sent at ${(sentAt / 1000).toFixed(2)} s)`);
        }
        await new Promise((r) => setTimeout(r, pause));
      }
    };
    const watchers = [watch('staff', () => api('GET', '/leads/?limit=20', { token: staff }), 50), watch('ready', () => api('GET', '/health/ready'), 100)];

    /** Waits until a request sent after `since` has been acknowledged; answers seconds from `since` (null: not within the bound). */
    async function firstSuccessAfter(since: number): Promise<number | null> {
      const deadline = since + RECOVERY_BOUND_MS;
      while (now() < deadline) {
        const first = outcomes.filter((o) => o.kind === 'ack' && o.sentAt >= since).sort((a, b) => a.at - b.at)[0];
        if (first) return (first.at - since) / 1000;
        await new Promise((r) => setTimeout(r, 50));
      }
      return null;
    }
    const untilAcks = async (count: number) => {
      const deadline = now() + 30_000;
      while (outcomes.filter((o) => o.kind === 'ack').length < count && now() < deadline) await new Promise((r) => setTimeout(r, 50));
    };

    const restarts: { mode: 'fast' | 'immediate'; outage: number; recovery: number | null; refusedDuring: number }[] = [];
    try {
      for (const mode of ['fast', 'immediate'] as const) {
        // Load under way before each restart.
        await untilAcks(outcomes.filter((o) => o.kind === 'ack').length + 3 * VISITORS);
        const down = now();
        const refusedBefore = outcomes.filter((o) => o.kind === 'refused').length;
        await pg!.stop(mode);
        // Down long enough for the visitors to meet it (a restart itself takes a fraction of a second).
        const firstRefusal = now() + 5_000;
        while (outcomes.filter((o) => o.kind === 'refused').length === refusedBefore && now() < firstRefusal) await new Promise((r) => setTimeout(r, 20));
        await pg!.start();
        const up = now();
        const recovery = await firstSuccessAfter(up);
        restarts.push({ mode, outage: (up - down) / 1000, recovery, refusedDuring: outcomes.filter((o) => o.kind === 'refused').length - refusedBefore });
      }
      // And the load keeps going after the last restart.
      await untilAcks(outcomes.filter((o) => o.kind === 'ack').length + 3 * VISITORS);
    } finally {
      running = false;
      await Promise.all([...visitors, ...watchers]);
    }

    // Everything acknowledged is in the database: each turn's question and answer at the positions it was given.
    const stored = await sql!<{ session_id: string; position: number; role: string; content: string }[]>`
      select c.session_id, m.position, m.role, m.content from conversation_messages m join conversations c on c.id = m.conversation_id`;
    const byPlace = new Map(stored.map((m) => [`${m.session_id}#${m.position}`, m]));
    const lostTurns = turns.filter((t) => byPlace.get(`${t.session}#${t.index - 1}`)?.content !== t.message || byPlace.get(`${t.session}#${t.index}`)?.content !== t.response);
    const storedLeads = await sql!<{ id: number; email: string }[]>`select id, email from leads`;
    const leadById = new Map(storedLeads.map((l) => [Number(l.id), l.email]));
    const lostLeads = leads.filter((l) => leadById.get(l.leadId) !== l.email);

    return { outcomes, others, turns, leads, sentMessages, sentLeads, streamRefusals, restarts, lostTurns, lostLeads, side };
  }

  it('loses no acknowledged message or lead, and refuses meanwhile only with a 503 the widget can retry', () => {
    const { outcomes, others, turns, leads, sentMessages, sentLeads, streamRefusals, restarts, lostTurns, lostLeads, side } = run;
    const refused = outcomes.filter((o) => o.kind === 'refused').length;
    console.log(
      `[fault-postgres-restart] messages sent ${sentMessages} / acknowledged ${turns.length} / lost ${lostTurns.length}; ` +
        `leads sent ${sentLeads} / acknowledged ${leads.length} / lost ${lostLeads.length}; ` +
        `503 answers ${refused} (of them ${streamRefusals} as a stream's last event); other answers ${others.length}; ` +
        `staff leads list ${side.staff.ok} ok / ${side.staff.refused} 503; readiness ${side.ready.ok} ok / ${side.ready.refused} 503; ` +
        `longest answer ${(Math.max(...outcomes.map((o) => o.at - o.sentAt)) / 1000).toFixed(2)} s; ` +
        restarts.map((r) => `${r.mode} restart: outage ${r.outage.toFixed(2)} s, first success ${r.recovery === null ? 'never' : `${r.recovery.toFixed(2)} s`} after, ${r.refusedDuring} refused`).join('; '),
    );
    expect(others).toEqual([]);
    expect(lostTurns).toEqual([]);
    expect(lostLeads).toEqual([]);
    expect(turns.length).toBeGreaterThan(6 * VISITORS);
    expect(leads.length).toBeGreaterThan(VISITORS);
    // No request ended in an unhandled server error (a 500 above, or a stream broken off).
    expect(server!.log.join('')).not.toMatch(/unhandled error|stream failed/);
  });

  it('met each outage and answered again within a bound, in the same server process', () => {
    expect(run.restarts.map((r) => r.mode)).toEqual(['fast', 'immediate']);
    for (const r of run.restarts) {
      // The outage was met, not slept through.
      expect(r.refusedDuring).toBeGreaterThan(0);
      expect(r.recovery).not.toBeNull();
    }
    expect(server!.child.exitCode).toBeNull();
  });

  it('runs background work again: a job queued after the restarts runs, and its LISTEN is back', async () => {
    // The in-process runner's LISTEN connection is re-established by the driver (a wake-up for every committed job).
    const deadline = Date.now() + RECOVERY_BOUND_MS;
    let listening = 0;
    while (Date.now() < deadline) {
      [{ n: listening } = { n: 0 }] = await sql!<{ n: number }[]>`select count(*)::int as n from pg_stat_activity where query ilike 'listen "lantern_jobs"%'`;
      if (listening > 0) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(listening).toBeGreaterThan(0);

    // A time zone change queues the school's daily-stats rebuild in the same transaction.
    const changed = await api('PATCH', '/schools/my-school/basic', { token: staff, body: { name: 'Harbour College', time_zone: 'Europe/Lisbon' } });
    expect(changed.status).toBe(200);
    let status = '';
    while (Date.now() < deadline + RECOVERY_BOUND_MS) {
      [{ status } = { status: '' }] = await sql!<{ status: string }[]>`select status from jobs where name = 'daily_stats_rebuild' order by id desc limit 1`;
      if (status === 'succeeded') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(status).toBe('succeeded');
  });

  it('sees a widget key change made after the restarts, and answers ready', async () => {
    const fresh = (await api('POST', '/chatbot/generate-api-key', { token: staff })).json.api_key as string;
    expect(fresh).not.toBe(key);
    expect((await api('GET', '/api/widget/config', { headers: { 'x-api-key': key } })).status).toBe(401);
    expect((await api('GET', '/api/widget/config', { headers: { 'x-api-key': fresh } })).status).toBe(200);
    const ready = await api('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.json.database).toBe('postgres');
    // The same process all along.
    expect(server!.child.exitCode).toBeNull();
  });
});
