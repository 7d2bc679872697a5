import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as logoutRoute from '@/app/(rest)/auth/logout/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as userRoute from '@/app/(rest)/auth/users/[id]/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as availabilityRoute from '@/app/(rest)/live/availability/route';
import * as joinRoute from '@/app/(rest)/live/conversations/[id]/join/route';
import * as staffMessagesRoute from '@/app/(rest)/live/conversations/[id]/messages/route';
import * as leaveRoute from '@/app/(rest)/live/conversations/[id]/leave/route';
import * as settingsRoute from '@/app/(rest)/live/settings/route';
import * as streamRoute from '@/app/(rest)/live/stream/route';
import * as closeWaitingRoute from '@/app/(rest)/live/waiting/close/route';
import * as waitingRoute from '@/app/(rest)/live/waiting/route';
import * as contactRoute from '@/app/(rest)/schools/my-school/contact/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as widgetEventsRoute from '@/app/(rest)/api/widget/events/route';
import * as handoffRoute from '@/app/(rest)/api/widget/handoff/route';
import * as eventsRoute from '@/app/(rest)/api/widget/live/events/route';
import * as visitorMessagesRoute from '@/app/(rest)/api/widget/live/messages/route';
import * as requestRoute from '@/app/(rest)/api/widget/live/request/route';
import * as stateRoute from '@/app/(rest)/api/widget/live/state/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, mailOutbox } from '@/db/schema';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client';
import { openStreams } from '@/lib/live/bus';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { sweepLive } from '@/lib/live/sweep';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { issueVisitorToken } from '@/lib/widget/visitor-token';
import { readEventStream } from '../support/event-stream';
import type { StaffStreamEvents, VisitorStreamEvents } from '@/lib/live/events';
import { call, STRONG_PASSWORD } from './http';

// Issue 47: what a stranger with the public widget key could do to live chat, each a test that
// failed before: a stream per session id (item 1), a session id that opened a visitor's chat
// (item 3), a flood of live requests (item 4), a deactivated account's open Live view (item 5).

// Streams are checked often here (their life, their sign-ins), so the tests wait for events, not minutes.
process.env.LIVE_STREAM_CHECK_MS = '50';

afterEach(() => {
  resetMemoryLimits();
  for (const k of ['LIVE_STREAMS_PER_CLIENT', 'LIVE_STREAMS_PER_KEY', 'LIVE_STREAMS_PER_INSTANCE', 'LIVE_STREAM_MAX_LIFE_MS']) delete process.env[k];
});

let su: string;
let admin: string;
let other: string;
let key: string;
let otherKey: string;
let schoolId: number;
let otherSchoolId: number;

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'attack-root@lantern.test', password: STRONG_PASSWORD, username: 'attackroot', first_name: 'A', last_name: 'R' } })).json.access_token;
  for (const [email, first] of [
    ['ana@attack.test', 'Ana'],
    ['oscar@attack-other.test', 'Oscar'],
  ] as const) {
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: first, last_name: 'Staff', role: 'admin' } });
  }
  admin = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'ana@attack.test', password: STRONG_PASSWORD } })).json.access_token;
  other = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'oscar@attack-other.test', password: STRONG_PASSWORD } })).json.access_token;
  schoolId = (await call(schoolsRoute.POST, 'POST', '/schools/', { token: admin, body: { name: 'Attack College' } })).json.id;
  otherSchoolId = (await call(schoolsRoute.POST, 'POST', '/schools/', { token: other, body: { name: 'Bystander College' } })).json.id;
  await call(contactRoute.PATCH, 'PATCH', '/schools/my-school/contact', { token: admin, body: { contact_points: [{ name: 'Admissions', email: 'office@attack.example.edu' }] } });
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: admin })).json.api_key;
  otherKey = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: other })).json.api_key;
  for (const token of [admin, other]) {
    await call(settingsRoute.PUT, 'PUT', '/live/settings', { token, body: { enabled: true, office_hours: [], wait_minutes: 3, notify_email: '' } });
    await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token, body: { available: true } });
  }
});

// A visitor as the frame is one: their own address, their token kept from the first answer.
function visitor(session: string, ip = '198.51.100.7', k = key) {
  let token: string | null = null;
  const headers = () => ({ 'x-api-key': k, ...(token ? { 'x-visitor-token': token } : {}) });
  const keep = <T extends { headers: Headers }>(res: T) => {
    token = res.headers.get('x-visitor-token') ?? token;
    return res;
  };
  return {
    session,
    token: () => token,
    chat: async (message: string) => keep(await call(chatRoute.POST, 'POST', '/api/widget/chat', { ip, headers: headers(), body: { message, session_id: session } })),
    ask: async (message?: string) => keep(await call(requestRoute.POST, 'POST', '/api/widget/live/request', { ip, headers: headers(), body: { session_id: session, message } })),
    says: async (text: string) => keep(await call(visitorMessagesRoute.POST, 'POST', '/api/widget/live/messages', { ip, headers: headers(), body: { session_id: session, text } })),
    state: async (after = -1) => keep(await call(stateRoute.GET, 'GET', `/api/widget/live/state?session_id=${session}&after=${after}`, { ip, headers: headers() })),
    /** The event stream: open (status 200, read it) or refused (status and detail). */
    listen: async (from = ip) => {
      const abort = new AbortController();
      const res = await eventsRoute.GET(new Request(`http://localhost:3000/api/widget/live/events?session_id=${session}`, { headers: { [CLIENT_ADDRESS_HEADER]: from, ...headers() }, signal: abort.signal }));
      if (res.status !== 200) return { status: res.status, detail: ((await res.json()) as { detail: string }).detail, retryAfter: res.headers.get('retry-after') };
      return { status: 200, ...readEventStream<VisitorStreamEvents>(res, abort) };
    },
  };
}
type Listening = Extract<Awaited<ReturnType<ReturnType<typeof visitor>['listen']>>, { next: unknown }>;
const listening = (l: Awaited<ReturnType<ReturnType<typeof visitor>['listen']>>) => {
  expect(l.status).toBe(200);
  return l as Listening;
};

const idOf = async (session: string) => (await (await getDb()).select({ id: conversations.id }).from(conversations).where(eq(conversations.sessionId, session)))[0]!.id;
const byId = (id: number) => ({ params: { id: String(id) } });

async function staffStream(token: string) {
  const abort = new AbortController();
  const res = await streamRoute.GET(new Request('http://localhost:3000/live/stream', { headers: { [CLIENT_ADDRESS_HEADER]: '203.0.113.10', authorization: `Bearer ${token}` }, signal: abort.signal }), { params: Promise.resolve({}) });
  expect(res.status).toBe(200);
  return readEventStream<StaffStreamEvents>(res, abort);
}

describe('item 3: a session id alone reads and writes nothing', () => {
  it('hands the visitor a token with the first answer and refuses every call on the session without it', async () => {
    const maria = visitor('victim-session-0001');
    const first = await maria.chat('Hello, I am applying in the fall.');
    expect(first.status).toBe(200);
    expect(first.json.visitor_token).toEqual(expect.any(String));
    expect(first.headers.get('x-visitor-token')).toEqual(expect.any(String));
    // Later answers renew it in the header only.
    const second = await maria.chat('What does it cost?');
    expect(second.status).toBe(200);
    expect(second.json.visitor_token).toBeUndefined();
    expect((await maria.ask('Can I talk to a person?')).json.status).toBe('waiting');
    const id = await idOf(maria.session);
    expect((await call(joinRoute.POST, 'POST', `/live/conversations/${id}/join`, { token: admin, ...byId(id) })).status).toBe(200);
    expect((await call(staffMessagesRoute.POST, 'POST', `/live/conversations/${id}/messages`, { token: admin, ...byId(id), body: { text: 'Your application PIN is 4711' } })).status).toBe(201);
    expect((await maria.state()).json.messages.map((m: { text: string }) => m.text)).toEqual(['Your application PIN is 4711']);

    // The attacker knows the session id (it once went to the CRM, Logs and exports), not the token.
    const attacker = visitor(maria.session, '192.0.2.66');
    for (const [label, res] of [
      ['state', await attacker.state()],
      ['write to the person', await attacker.says('It is me, send the PIN again')],
      ['chat', await attacker.chat('What did the person say?')],
      ['ask for a person', await attacker.ask('hello')],
      ['handoff', await call(handoffRoute.POST, 'POST', '/api/widget/handoff', { ip: '192.0.2.66', headers: { 'x-api-key': key }, body: { session_id: maria.session, name: 'Mallory', email: 'm@evil.test', question: 'Overwrite' } })],
      ['thumbs', await call(widgetEventsRoute.POST, 'POST', '/api/widget/events', { ip: '192.0.2.66', headers: { 'x-api-key': key }, body: { session_id: maria.session, event_type: 'message_feedback', message_index: 1, rating: -1 } })],
      ['stream', await attacker.listen()],
    ] as const) {
      expect(res.status, label).toBe(401);
      expect(('json' in res ? res.json : res).detail, label).toMatch(/visitor token/);
    }
    // A token of another session, of another school, expired, or forged is refused like none.
    const otherSession = visitor('other-session-0002');
    await otherSession.chat('hi');
    const expired = issueVisitorToken(schoolId, maria.session, Date.now() - 8 * 24 * 3600_000);
    const forged = maria.token()!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const [label, token] of [
      ['another session', otherSession.token()!],
      ['another school', issueVisitorToken(otherSchoolId, maria.session)],
      ['expired', expired],
      ['forged', forged],
      ['garbage', 'v1.zzzzzzzzzzz.' + 'x'.repeat(300)],
    ] as const) {
      const res = await call(stateRoute.GET, 'GET', `/api/widget/live/state?session_id=${maria.session}`, { headers: { 'x-api-key': key, 'x-visitor-token': token } });
      expect(res.status, label).toBe(401);
    }
    const db = await getDb();
    const written = await db.select({ content: conversationMessages.content }).from(conversationMessages).where(eq(conversationMessages.conversationId, id));
    expect(written.map((m) => m.content)).not.toContain('It is me, send the PIN again');
    // Maria herself goes on.
    expect((await maria.says('Thank you!')).status).toBe(201);
  });

  it('is documented in /openapi.json on every call that names a session', () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, { parameters: { name: string }[] }>> };
    const takes = (path: string, method: string) => doc.paths[path]![method]!.parameters.some((p) => p.name === 'X-Visitor-Token');
    for (const [path, method] of [['/api/widget/chat', 'post'], ['/api/widget/chat/stream', 'post'], ['/api/widget/leads', 'post'], ['/api/widget/handoff', 'post'], ['/api/widget/events', 'post'], ['/api/widget/live/request', 'post'], ['/api/widget/live/messages', 'post'], ['/api/widget/live/state', 'get'], ['/api/widget/live/events', 'get']])
      expect(takes(path, method), path).toBe(true);
    expect(takes('/api/widget/config', 'get')).toBe(false);
  });

  it("a closed chat's staff messages are served once, then no more", async () => {
    const v = visitor('closed-session-0003', '198.51.100.8');
    await v.chat('Question about transfer credit');
    await v.ask();
    const id = await idOf(v.session);
    await call(joinRoute.POST, 'POST', `/live/conversations/${id}/join`, { token: admin, ...byId(id) });
    await call(staffMessagesRoute.POST, 'POST', `/live/conversations/${id}/messages`, { token: admin, ...byId(id), body: { text: 'Your file number is 99-12' } });
    await call(leaveRoute.POST, 'POST', `/live/conversations/${id}/leave`, { token: admin, ...byId(id) });
    // The frame was away when it closed: it catches up once.
    const caught = await v.state();
    expect(caught.json.status).toBe('closed');
    expect(caught.json.messages.map((m: { text: string }) => m.text)).toEqual(['Your file number is 99-12']);
    expect((await v.state()).json.messages).toEqual([]);
    expect((await v.state(-1)).json.messages).toEqual([]);
  });

  it("the loader's page events need no token and claim nothing: the visitor's first message does", async () => {
    const session = 'loaded-session-0004';
    for (const event_type of ['widget_loaded', 'widget_opened'])
      expect((await call(widgetEventsRoute.POST, 'POST', '/api/widget/events', { headers: { 'x-api-key': key }, body: { session_id: session, event_type } })).status).toBe(200);
    const v = visitor(session);
    expect((await v.chat('First question')).json.visitor_token).toEqual(expect.any(String));
    expect((await visitor(session).chat('Second, without the token')).status).toBe(401);
    // Thumbs on the visitor's own answer, with the token.
    expect((await call(widgetEventsRoute.POST, 'POST', '/api/widget/events', { headers: { 'x-api-key': key, 'x-visitor-token': v.token()! }, body: { session_id: session, event_type: 'message_feedback', message_index: 1, rating: 1 } })).status).toBe(200);
  });
});

describe('item 1: visitor streams are bounded', () => {
  it('opens only for a live conversation, at most two per session, and refuses past the address, key and instance ceilings', async () => {
    // A session that is not with a person: no stream, token or not.
    const idle = visitor('idle-session-0101');
    await idle.chat('Just browsing');
    expect(await idle.listen()).toMatchObject({ status: 409 });

    const v = visitor('stream-session-0102', '198.51.100.21');
    await v.chat('Hello');
    expect((await v.ask()).json.status).toBe('waiting');
    const a = listening(await v.listen());
    const b = listening(await v.listen());
    const third = await v.listen();
    expect(third).toMatchObject({ status: 429, retryAfter: expect.any(String) });

    // Per address: a few visitors of one network, not hundreds.
    process.env.LIVE_STREAMS_PER_CLIENT = '3';
    const crowd = await Promise.all(['a', 'b', 'c', 'd'].map(async (x, i) => {
      const one = visitor(`crowd-session-01${x}`, `198.51.100.${30 + i}`);
      await one.chat('hi');
      expect((await one.ask()).json.status).toBe('waiting');
      return one;
    }));
    const fromOne = [];
    for (const one of crowd.slice(0, 3)) fromOne.push(listening(await one.listen('192.0.2.200')));
    expect(await crowd[3]!.listen('192.0.2.200')).toMatchObject({ status: 429 });
    // Per key, and per instance (503: the server, not the caller, is full).
    process.env.LIVE_STREAMS_PER_KEY = String(openStreams().visitors);
    expect(await crowd[3]!.listen('192.0.2.201')).toMatchObject({ status: 429 });
    delete process.env.LIVE_STREAMS_PER_KEY;
    process.env.LIVE_STREAMS_PER_INSTANCE = String(openStreams().visitors);
    expect(await crowd[3]!.listen('192.0.2.202')).toMatchObject({ status: 503, retryAfter: expect.any(String) });
    delete process.env.LIVE_STREAMS_PER_INSTANCE;

    // Closing one frees its place.
    a.close();
    await a.done;
    await expect.poll(() => openStreams().visitors).toBe(1 + fromOne.length);
    const again = listening(await v.listen());
    for (const s of [b, again, ...fromOne]) s.close();
    await Promise.all([b.done, again.done, ...fromOne.map((s) => s.done)]);
    await call(closeWaitingRoute.POST, 'POST', '/live/waiting/close', { token: admin });
  });

  it('ends every stream at the end of its life; the frame reconnects and catches up', async () => {
    const v = visitor('life-session-0103', '198.51.100.40');
    await v.chat('Hello');
    await v.ask();
    process.env.LIVE_STREAM_MAX_LIFE_MS = '200';
    const s = listening(await v.listen());
    await s.done;
    expect(s.ended()).toBe(true);
    const id = await idOf(v.session);
    await call(joinRoute.POST, 'POST', `/live/conversations/${id}/join`, { token: admin, ...byId(id) });
    await call(staffMessagesRoute.POST, 'POST', `/live/conversations/${id}/messages`, { token: admin, ...byId(id), body: { text: 'Sent while you reconnected' } });
    const caught = await v.state();
    expect(caught.json).toMatchObject({ status: 'active', messages: [expect.objectContaining({ text: 'Sent while you reconnected' })] });
    await call(leaveRoute.POST, 'POST', `/live/conversations/${id}/leave`, { token: admin, ...byId(id) });
  });
});

describe('item 4: a flood of live requests does not bury real visitors', () => {
  it('queues only a visitor who wrote something, three at most per address, on a budget of its own; staff can close all waiting', async () => {
    const silent = visitor('silent-session-0201', '198.51.100.50');
    expect((await silent.ask()).json).toMatchObject({ status: 'unavailable', reason: 'no_message' });
    // The words asked with are kept in the conversation.
    const asked = await silent.ask('Can I talk to someone about my daughter’s transcript?');
    expect(asked.json.status).toBe('waiting');
    const db = await getDb();
    const kept = await db.select({ role: conversationMessages.role, content: conversationMessages.content }).from(conversationMessages).where(eq(conversationMessages.conversationId, await idOf(silent.session)));
    expect(kept).toEqual([{ role: 'user', content: 'Can I talk to someone about my daughter’s transcript?' }]);

    const flood = ['a', 'b', 'c', 'd'].map((x) => visitor(`flood-session-02${x}`, '192.0.2.99'));
    const answers = [];
    for (const f of flood) answers.push((await f.ask('person please')).json);
    expect(answers.map((a) => a.status ?? a.reason)).toEqual(['waiting', 'waiting', 'waiting', 'unavailable']);
    expect(answers[3]).toMatchObject({ reason: 'busy' });

    // Requests spend their own budget (10 a minute from one address): the chat of that address still answers.
    let refused = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await visitor(`budget-session-${i}`, '192.0.2.98').ask('person');
      if (res.status === 429) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect((await visitor('budget-chat-0299', '192.0.2.98').chat('What are your deadlines?')).status).toBe(200);

    // Close all waiting: every waiting visitor gets the form.
    const stream = listening(await flood[0]!.listen());
    const closed = await call(closeWaitingRoute.POST, 'POST', '/live/waiting/close', { token: admin });
    expect(closed.status).toBe(200);
    expect(closed.json.closed).toBeGreaterThanOrEqual(4);
    expect((await stream.next('status')).data.status).toBe('missed');
    expect((await call(waitingRoute.GET, 'GET', '/live/waiting', { token: admin })).json).toEqual({ waiting: 0 });
    // Another school's waiting visitors are not touched; a widget key is no staff token.
    expect((await call(closeWaitingRoute.POST, 'POST', '/live/waiting/close', { headers: { 'x-api-key': key } })).status).toBe(401);
  });

  it('mails one digest per sweep for every wait that ran out', async () => {
    const db = await getDb();
    const waiting = ['x1', 'x2', 'x3'].map((x, i) => visitor(`digest-session-${x}`, `198.51.100.${60 + i}`));
    for (const w of waiting) expect((await w.ask('a person please')).json.status).toBe('waiting');
    const before = (await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'live_missed'))).length;
    const swept = await sweepLive(new Date(Date.now() + 4 * 60_000));
    expect(swept.expired).toBe(3);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'live_missed'));
    expect(mails.length - before).toBe(1);
    expect(mails.at(-1)!.subject).toBe('3 visitors waited for a person in live chat');
    // Each with the words they asked with (issue 48 item 1).
    expect(mails.at(-1)!.textBody.match(/: "a person please"$/gm)).toHaveLength(3);
    expect((await sweepLive(new Date(Date.now() + 5 * 60_000))).digests).toBe(0);
  });
});

describe('item 5: a deactivated, deleted or signed-out account leaves live chat', () => {
  async function account(email: string) {
    const made = await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'Temp', last_name: 'Staff', role: 'user', school_id: schoolId } });
    const token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json;
    const id = made.json.id as number;
    return { ...token, id } as { access_token: string; refresh_token: string; id: number };
  }

  it('ends their open streams within seconds and stops counting them as available', async () => {
    // Ana is away: only the temporary account is available.
    await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token: admin, body: { available: false } });
    const leaving = await account('leaving@attack.test');
    await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token: leaving.access_token, body: { available: true } });
    const view = await staffStream(leaving.access_token);
    expect((await call(userRoute.PUT, 'PUT', `/auth/users/${leaving.id}`, { token: su, params: { id: String(leaving.id) }, body: { is_active: false } })).status).toBe(200);
    await view.done;
    expect(view.ended()).toBe(true);
    const v = visitor('after-deactivation-0301', '198.51.100.70');
    expect((await v.ask('anyone there?')).json).toMatchObject({ status: 'unavailable', reason: 'nobody' });

    const deleted = await account('deleted@attack.test');
    const deletedView = await staffStream(deleted.access_token);
    expect((await call(userRoute.DELETE, 'DELETE', `/auth/users/${deleted.id}`, { token: su, params: { id: String(deleted.id) } })).status).toBe(200);
    await deletedView.done;

    const signedOut = await account('signedout@attack.test');
    const outView = await staffStream(signedOut.access_token);
    expect((await call(logoutRoute.POST, 'POST', '/auth/logout', { token: signedOut.access_token, body: { refresh_token: signedOut.refresh_token } })).status).toBe(200);
    await outView.done;

    // An account that stays keeps its view.
    const staying = await staffStream(admin);
    await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token: admin, body: { available: true } });
    const ask = await visitor('after-deactivation-0302', '198.51.100.71').ask('hello?');
    expect(ask.json.status).toBe('waiting');
    expect((await staying.next('changed', (d) => d.status === 'waiting')).data.id).toBe(await idOf('after-deactivation-0302'));
    expect(staying.ended()).toBe(false);
    staying.close();
    await staying.done;
    await call(closeWaitingRoute.POST, 'POST', '/live/waiting/close', { token: admin });
  });
});

describe('tenancy', () => {
  it("a visitor's token of one school opens nothing of another; close all waiting touches only the caller's school", async () => {
    const here = visitor('tenancy-session-0401', '198.51.100.80');
    await here.ask('person please');
    const there = visitor('tenancy-session-0402', '198.51.100.81', otherKey);
    expect((await there.ask('person please')).json.status).toBe('waiting');
    const res = await call(stateRoute.GET, 'GET', `/api/widget/live/state?session_id=${here.session}`, { headers: { 'x-api-key': otherKey, 'x-visitor-token': here.token()! } });
    expect(res.status).toBe(401);
    await call(closeWaitingRoute.POST, 'POST', '/live/waiting/close', { token: admin });
    expect((await call(waitingRoute.GET, 'GET', '/live/waiting', { token: other })).json).toEqual({ waiting: 1 });
    await call(closeWaitingRoute.POST, 'POST', '/live/waiting/close', { token: other });
  });
});
