import { and, eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as conversationRoute from '@/app/(rest)/conversations/[id]/route';
import * as analyticsRoute from '@/app/(rest)/conversations/analytics/route';
import * as exportRoute from '@/app/(rest)/conversations/export/route';
import * as conversationsRoute from '@/app/(rest)/conversations/route';
import * as availabilityRoute from '@/app/(rest)/live/availability/route';
import * as liveOneRoute from '@/app/(rest)/live/conversations/[id]/route';
import * as closeRoute from '@/app/(rest)/live/conversations/[id]/close/route';
import * as joinRoute from '@/app/(rest)/live/conversations/[id]/join/route';
import * as leaveRoute from '@/app/(rest)/live/conversations/[id]/leave/route';
import * as staffMessagesRoute from '@/app/(rest)/live/conversations/[id]/messages/route';
import * as liveListRoute from '@/app/(rest)/live/conversations/route';
import * as leadGenRoute from '@/app/(rest)/lead-gen/settings/route';
import * as settingsRoute from '@/app/(rest)/live/settings/route';
import * as streamRoute from '@/app/(rest)/live/stream/route';
import * as waitingRoute from '@/app/(rest)/live/waiting/route';
import * as basicRoute from '@/app/(rest)/schools/my-school/basic/route';
import * as contactRoute from '@/app/(rest)/schools/my-school/contact/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as eventsRoute from '@/app/(rest)/api/widget/live/events/route';
import * as visitorMessagesRoute from '@/app/(rest)/api/widget/live/messages/route';
import * as requestRoute from '@/app/(rest)/api/widget/live/request/route';
import * as stateRoute from '@/app/(rest)/api/widget/live/state/route';
import * as pageRoute from '@/app/(rest)/api/widget/live/page/route';
import * as visitorTypingRoute from '@/app/(rest)/api/widget/live/typing/route';
import * as staffTypingRoute from '@/app/(rest)/live/conversations/[id]/typing/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, livePresence, mailOutbox } from '@/db/schema';
import { conversationReference } from '@/lib/conversations/reference';
import { shortVisitor } from '@/lib/conversations/visitor-name';
import { openStreams } from '@/lib/live/bus';
import type { AuthContext } from '@/lib/auth/accounts';
import { schoolClock } from '@/lib/live/hours';
import { myAvailability } from '@/lib/live/settings';
import { sweepLive } from '@/lib/live/sweep';
import { CLIENT_ADDRESS_HEADER } from '@/lib/http/client';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { readEventStream } from '../support/event-stream';
import type { StaffStreamEvents, VisitorStreamEvents } from '@/lib/live/events';
import { call, STRONG_PASSWORD } from './http';

// Live chat end to end through the routes: settings, availability, a visitor asking for a person,
// the staff member joining and both writing (over the event streams), handing back, the wait
// running out, a dropped staff connection; tenancy, roles and bad input on every call.

afterEach(() => resetMemoryLimits());

let su: string;
let boss: string;
let admin: string;
let colleague: string;
let other: string;
let key: string;
let otherKey: string;
let adminId: number;
let liveSchoolId: number;

async function account(email: string, role: 'user' | 'admin', first: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: first, last_name: 'Staff', role } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'live-root@lantern.test', password: STRONG_PASSWORD, username: 'liveroot', first_name: 'L', last_name: 'R' } })).json.access_token;
  admin = await account('maria@live.test', 'admin', 'Maria');
  other = await account('olga@other.test', 'admin', 'Olga');
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: admin, body: { name: 'Live College' } });
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: other, body: { name: 'Other College' } });
  // Sam: an account of the same school.
  const live = (await call(schoolsRoute.GET, 'GET', '/schools/', { token: su })).json.find((x: { name: string }) => x.name === 'Live College');
  liveSchoolId = live.id;
  adminId = (await call(meRoute.GET, 'GET', '/auth/me', { token: admin })).json.id;
  const made = await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'sam@live.test', username: 'sam', password: STRONG_PASSWORD, first_name: 'Sam', last_name: 'Staff', role: 'user', school_id: live.id } });
  expect(made.status).toBe(201);
  colleague = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'sam@live.test', password: STRONG_PASSWORD } })).json.access_token;
  // A superuser working in this school.
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'boss@live.test', username: 'boss', password: STRONG_PASSWORD, first_name: 'Bo', last_name: 'Ss', role: 'superuser', school_id: live.id } });
  boss = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'boss@live.test', password: STRONG_PASSWORD } })).json.access_token;
  await call(contactRoute.PATCH, 'PATCH', '/schools/my-school/contact', { token: admin, body: { contact_points: [{ name: 'Office of Admissions', email: 'admissions@live.example.edu' }] } });
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: admin })).json.api_key;
  otherKey = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: other })).json.api_key;
});

const ALWAYS = { enabled: true, office_hours: [], wait_minutes: 3, notify_email: 'live-desk@live.example.edu' };
const settings = (token: string, body: unknown) => call(settingsRoute.PUT, 'PUT', '/live/settings', { token, body });
const available = (token: string, value = true) => call(availabilityRoute.PUT, 'PUT', '/live/availability', { token, body: { available: value } });
const widget = (k = key) => ({ 'x-api-key': k });
// Each visitor's token, as the frame keeps it: taken from the first answer, sent with every call on the session.
const tokens = new Map<string, string>();
const asVisitor = (session: string, k = key) => ({ ...widget(k), ...(tokens.has(`${k}:${session}`) ? { 'x-visitor-token': tokens.get(`${k}:${session}`)! } : {}) });
async function visitorCall(handler: Parameters<typeof call>[0], method: string, url: string, session: string, body?: unknown, k = key) {
  const res = await call(handler, method, url, { headers: asVisitor(session, k), body });
  const token = res.headers.get('x-visitor-token');
  if (token) tokens.set(`${k}:${session}`, token);
  return res;
}
const visitorChat = (session: string, message: string) => visitorCall(chatRoute.POST, 'POST', '/api/widget/chat', session, { message, session_id: session });
const ask = (session: string, k = key, message: string | null = 'Can I talk to a person?') =>
  visitorCall(requestRoute.POST, 'POST', '/api/widget/live/request', session, { session_id: session, language: 'es', message: message ?? undefined }, k);
const visitorSays = (session: string, text: string, k = key) => visitorCall(visitorMessagesRoute.POST, 'POST', '/api/widget/live/messages', session, { session_id: session, text }, k);
const liveState = (session: string, after = -1) => visitorCall(stateRoute.GET, 'GET', `/api/widget/live/state?session_id=${session}&after=${after}`, session);
const byId = (id: number) => ({ params: { id: String(id) } });
const join = (token: string, id: number) => call(joinRoute.POST, 'POST', `/live/conversations/${id}/join`, { token, ...byId(id) });
const staffSays = (token: string, id: number, text: unknown) => call(staffMessagesRoute.POST, 'POST', `/live/conversations/${id}/messages`, { token, ...byId(id), body: { text } });
const leave = (token: string, id: number) => call(leaveRoute.POST, 'POST', `/live/conversations/${id}/leave`, { token, ...byId(id) });
const close = (token: string, id: number) => call(closeRoute.POST, 'POST', `/live/conversations/${id}/close`, { token, ...byId(id) });
const listLive = (token: string) => call(liveListRoute.GET, 'GET', '/live/conversations', { token });
/** The live chat's event lines of a conversation's transcript, in order. */
const eventLines = async (id: number) =>
  (await (await getDb()).select({ content: conversationMessages.content }).from(conversationMessages).where(and(eq(conversationMessages.conversationId, id), eq(conversationMessages.role, 'system'))).orderBy(conversationMessages.position)).map((m) => m.content);
const idOf = async (session: string) => (await (await getDb()).select({ id: conversations.id }).from(conversations).where(eq(conversations.sessionId, session)))[0]!.id;

/** An open event stream of a route handler, read as the browser would. */
async function open<M extends object>(handler: (req: Request, ctx: { params: Promise<Record<string, string>> }) => Promise<Response>, url: string, headers: Record<string, string>) {
  const abort = new AbortController();
  const res = await handler(new Request(new URL(url, 'http://localhost:3000'), { headers: { [CLIENT_ADDRESS_HEADER]: '203.0.113.10', ...headers }, signal: abort.signal }), { params: Promise.resolve({}) });
  return { res, ...readEventStream<M>(res, abort) };
}

describe('live chat settings', () => {
  it('answers the defaults, saves the week, and refuses what cannot be office hours', async () => {
    const first = await call(settingsRoute.GET, 'GET', '/live/settings', { token: other });
    expect(first.json).toMatchObject({ enabled: false, wait_minutes: 3, notify_email: null, time_zone: expect.any(String) });
    expect(first.json.office_hours).toHaveLength(5);

    const saved = await settings(other, { enabled: true, office_hours: [{ day: 3, start: '13:00', end: '17:00' }, { day: 1, start: '09:00', end: '12:00' }], wait_minutes: 5, notify_email: '' });
    expect(saved.status).toBe(200);
    expect(saved.json.office_hours).toEqual([{ day: 1, start: '09:00', end: '12:00' }, { day: 3, start: '13:00', end: '17:00' }]);
    expect(saved.json).toMatchObject({ enabled: true, wait_minutes: 5, notify_email: null });

    for (const bad of [
      { ...ALWAYS, office_hours: [{ day: 7, start: '09:00', end: '17:00' }] },
      { ...ALWAYS, office_hours: [{ day: 1, start: '17:00', end: '09:00' }] },
      { ...ALWAYS, office_hours: [{ day: 1, start: '9am', end: '17:00' }] },
      { ...ALWAYS, wait_minutes: 0 },
      { ...ALWAYS, wait_minutes: 61 },
      { ...ALWAYS, notify_email: 'not an address' },
      { ...ALWAYS, enabled: 'yes' },
    ]) {
      const res = await settings(other, bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.json.detail[0].loc[0]).toBe('body');
    }
    // Another school's settings are untouched by these.
    expect((await call(settingsRoute.GET, 'GET', '/live/settings', { token: admin })).json.enabled).toBe(false);
  });
});

describe('asking for a person', () => {
  it('gives the form while live chat is off, outside office hours, or nobody is available', async () => {
    expect((await ask('off-1')).json).toMatchObject({ status: 'unavailable', reason: 'off' });
    // Office hours on the school's clock: a school in Honolulu, open only on a day and time it is not now there.
    await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: admin, body: { name: 'Live College', time_zone: 'Pacific/Honolulu' } });
    const now = new Date();
    const hawaii = new Intl.DateTimeFormat('en-US', { timeZone: 'Pacific/Honolulu', weekday: 'short' }).format(now);
    const today = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(hawaii);
    await settings(admin, { ...ALWAYS, office_hours: [{ day: (today + 3) % 7, start: '00:00', end: '23:59' }] });
    // The visitor hears when someone is next there: that day at midnight, Honolulu's clock (issue 48 item 4).
    const closed = (await ask('hours-1')).json;
    expect(closed).toMatchObject({ status: 'unavailable', reason: 'hours', time_zone: 'Pacific/Honolulu' });
    expect(schoolClock('Pacific/Honolulu', new Date(closed.next_open))).toEqual({ day: (today + 3) % 7, time: '00:00' });
    expect(new Date(closed.next_open).getTime()).toBeGreaterThan(now.getTime());
    // Nobody could come, but the words the visitor asked with are kept (issue 48 item 1).
    const db = await getDb();
    const kept = await db.select({ role: conversationMessages.role, content: conversationMessages.content }).from(conversationMessages).where(eq(conversationMessages.conversationId, await idOf('hours-1')));
    expect(kept).toEqual([{ role: 'user', content: 'Can I talk to a person?' }]);
    // The Live view says so instead of "available".
    await available(admin);
    const staffCtx = { user: { id: adminId }, role: 'admin', schoolId: liveSchoolId } as unknown as AuthContext;
    expect(await myAvailability(staffCtx)).toEqual({ available: true, within_hours: false, next_open: closed.next_open, time_zone: 'Pacific/Honolulu' });
    await available(admin, false);
    await settings(admin, { ...ALWAYS, office_hours: [{ day: today, start: '00:00', end: '23:59' }] });
    expect((await ask('nobody-1')).json).toMatchObject({ status: 'unavailable', reason: 'nobody' });
  });

  it("a superuser working in the school takes chats there (a new school's first account often is one); the widget key is not a staff token", async () => {
    await settings(admin, ALWAYS);
    expect((await available(boss)).json).toEqual({ available: true });
    const session = 'live-boss-e1e1e1';
    expect((await ask(session)).json.status).toBe('waiting');
    const id = await idOf(session);
    expect((await join(boss, id)).json).toMatchObject({ status: 'active', held_by: { name: 'Bo Ss' } });
    expect((await staffSays(boss, id, 'Hello, I am the director.')).status).toBe(201);
    expect((await close(boss, id)).status).toBe(200);
    expect((await available(boss, false)).json).toEqual({ available: false });
    expect((await call(availabilityRoute.PUT, 'PUT', '/live/availability', { headers: widget(), body: { available: true } })).status).toBe(401);
    expect((await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token: admin, body: { available: 'yes' } })).status).toBe(422);
  });
});

describe('a live conversation', () => {
  it('queues the visitor, lets one person join, carries messages both ways and hands back to the assistant', async () => {
    await settings(admin, ALWAYS);
    expect((await available(admin)).json).toEqual({ available: true });
    const staffStream = await open<StaffStreamEvents>(streamRoute.GET, '/live/stream', { authorization: `Bearer ${admin}` });
    expect(staffStream.res.headers.get('content-type')).toContain('text/event-stream');

    // The visitor chatted with the assistant first; that history is the staff member's to read.
    const session = 'live-visitor-a1b2c3';
    expect((await visitorChat(session, 'What programs do you offer?')).status).toBe(200);
    const asked = await ask(session, key, null);
    expect(asked.json).toEqual({ status: 'waiting', wait_seconds: 180, agent: null });
    const queued = await staffStream.next('changed', (d) => d.status === 'waiting');
    const id = queued.data.id as number;
    expect((await call(waitingRoute.GET, 'GET', '/live/waiting', { token: admin })).json).toEqual({ waiting: 1 });
    expect((await listLive(admin)).json).toEqual([expect.objectContaining({ id, status: 'waiting', held_by: null, language: 'en', visitor: shortVisitor(conversationReference(session)), last_message: expect.objectContaining({ role: 'assistant' }) })]);

    const visitor = await open<VisitorStreamEvents>(eventsRoute.GET, `/api/widget/live/events?session_id=${session}`, asVisitor(session));
    // Asking again while waiting changes nothing (no second place in the queue).
    expect((await ask(session)).json.status).toBe('waiting');

    const joined = await join(admin, id);
    expect(joined.status).toBe(200);
    expect(joined.json).toMatchObject({ id, status: 'active', held_by: { name: 'Maria Staff' }, session_id: conversationReference(session) });
    // The join is a line of the transcript (issue 48 item 9), told to the Live view, never to the visitor.
    expect(joined.json.messages.map((m: { role: string; text: string }) => [m.role, m.role === 'system' ? m.text : ''])).toEqual([['user', ''], ['assistant', ''], ['system', 'Maria joined the chat']]);
    expect((await staffStream.next('message', (d) => d.role === 'system')).data).toMatchObject({ id, index: 2, text: 'Maria joined the chat', author: null });
    expect((await visitor.next('status')).data).toEqual({ status: 'active', agent: 'Maria' });
    // Joining again what one holds writes nothing more.
    expect((await join(admin, id)).json.messages).toHaveLength(3);

    // Only one holder: a colleague is refused, and may not write either.
    const taken = await join(colleague, id);
    expect(taken.status).toBe(409);
    expect(taken.json.detail).toBe('Maria Staff is already chatting with this visitor');
    expect((await staffSays(colleague, id, 'Hi')).status).toBe(409);

    const said = await staffSays(admin, id, 'Hola, soy Maria. ¿En qué te ayudo?');
    expect(said.status).toBe(201);
    expect(said.json).toMatchObject({ role: 'staff', author: 'Maria', index: 3 });
    expect((await visitor.next('message')).data).toMatchObject({ index: 3, text: 'Hola, soy Maria. ¿En qué te ayudo?', author: 'Maria' });

    expect((await visitorSays(session, '¿Hay becas?')).status).toBe(201);
    expect((await staffStream.next('message', (d) => d.role === 'user')).data).toMatchObject({ id, index: 4, text: '¿Hay becas?', author: null });

    // Bad input: empty, too long, not a number, another school's conversation.
    expect((await staffSays(admin, id, '   ')).status).toBe(422);
    expect((await staffSays(admin, id, 'x'.repeat(4001))).status).toBe(422);
    expect((await staffSays(admin, id, 42)).status).toBe(422);
    const long = await staffSays(admin, id, 'é'.repeat(4000));
    expect(long.status).toBe(201);
    // Too long for a notification: read from the database by the instance, once.
    expect((await visitor.next('message', (d) => d.index === long.json.index)).data.text).toBe('é'.repeat(4000));
    for (const [fn, label] of [
      [() => join(other, id), 'join'],
      [() => staffSays(other, id, 'hi'), 'message'],
      [() => leave(other, id), 'leave'],
      [() => close(other, id), 'close'],
      [() => call(liveOneRoute.GET, 'GET', `/live/conversations/${id}`, { token: other, ...byId(id) }), 'get'],
    ] as const) expect((await fn()).status, label).toBe(404);
    expect((await listLive(other)).json).toEqual([]);
    // The visitor of another school cannot write into this conversation with their own key.
    expect((await visitorSays(session, 'hi', otherKey)).status).toBe(401);

    const detail = await call(liveOneRoute.GET, 'GET', `/live/conversations/${id}`, { token: colleague, ...byId(id) });
    expect(detail.json.messages.map((m: { role: string; author: string | null }) => [m.role, m.author])).toEqual([
      ['user', null],
      ['assistant', null],
      ['system', null],
      ['staff', 'Maria'],
      ['user', null],
      ['staff', 'Maria'],
    ]);

    // Hand back: the visitor is told and their stream ends; the assistant answers again.
    expect((await leave(admin, id)).json).toEqual({ id, status: 'closed' });
    expect((await visitor.next('status', (d) => d.status === 'returned')).data).toEqual({ status: 'returned', agent: 'Maria' });
    await visitor.done;
    expect(visitor.ended()).toBe(true);
    expect((await visitorSays(session, 'still there?')).status).toBe(409);
    expect((await leave(admin, id)).json.detail).toBe('This live chat has ended');
    const again = await visitorChat(session, 'When is the application deadline?');
    expect(again.status).toBe(200);

    // One history: Logs show the person's messages with their name; analytics count it apart.
    const logged = await call(conversationRoute.GET, 'GET', `/conversations/${id}`, { token: admin, ...byId(id) });
    expect(logged.json.human_handled).toBe(true);
    expect(logged.json.messages.filter((m: { role: string }) => m.role === 'staff').map((m: { author: string }) => m.author)).toEqual(['Maria', 'Maria']);
    expect(logged.json.messages.at(-1).role).toBe('assistant');
    expect(logged.json.messages.filter((m: { role: string }) => m.role === 'system').map((m: { content: string }) => m.content)).toEqual(['Maria joined the chat', 'Maria handed the chat back to the assistant']);
    expect((await call(analyticsRoute.GET, 'GET', '/conversations/analytics', { token: admin })).json.human_handled_conversations).toBe(2); // this one and the director's
    // "Handled by staff" in the Logs list, its filter and the CSV export (issue 48 item 9).
    const ref = conversationReference(session);
    const listed = (await call(conversationsRoute.GET, 'GET', '/conversations/', { token: admin })).json as { session_id: string; human_handled: boolean }[];
    expect(listed.find((c) => c.session_id === ref)?.human_handled).toBe(true);
    const csv = (handled: string) => call(exportRoute.GET, 'GET', `/conversations/export?format=csv&handled_by_staff=${handled}`, { token: admin });
    const handledRows = String((await csv('true')).json).trim().split('\n');
    const column = handledRows[0]!.split(',').indexOf('handled_by_staff');
    expect(column).toBeGreaterThan(0);
    expect(handledRows.slice(1).some((l) => l.split(',')[1] === ref && l.split(',')[column] === 'yes')).toBe(true);
    expect(handledRows.slice(1).every((l) => l.split(',')[column] === 'yes')).toBe(true);
    expect(String((await csv('false')).json)).not.toContain(ref);
    expect((await csv('maybe')).status).toBe(422);

    staffStream.close();
    await staffStream.done;
    expect(openStreams()).toEqual({ staff: 0, visitors: 0 });
  });

  it('a wait that runs out gives the visitor the form and mails the school; no second wait at once', async () => {
    await settings(admin, ALWAYS);
    await available(admin);
    const session = 'live-missed-d4e5f6';
    expect((await ask(session)).json.status).toBe('waiting');
    const visitor = await open<VisitorStreamEvents>(eventsRoute.GET, `/api/widget/live/events?session_id=${session}`, asVisitor(session));
    const id = await idOf(session);
    // Not yet due: nothing happens.
    expect(await sweepLive(new Date(Date.now() + 60_000))).toMatchObject({ expired: 0 });
    const logged = vi.spyOn(console, 'info');
    const swept = await sweepLive(new Date(Date.now() + 3 * 60_000 + 1000));
    expect(swept.expired).toBeGreaterThanOrEqual(1);
    // The digest kept without SMTP quotes the visitor: the server log names the mail, never their words.
    expect(logged.mock.calls.flat().join('\n')).toContain('kept in outbox');
    expect(logged.mock.calls.flat().join('\n')).not.toContain('Can I talk to a person?');
    logged.mockRestore();
    expect((await visitor.next('status')).data.status).toBe('missed');
    await visitor.done;
    const db = await getDb();
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'live-desk@live.example.edu'));
    expect(mails.map((m) => m.subject)).toContain(`A visitor waited for a person in live chat: ${shortVisitor(conversationReference(session))}`);
    expect((await liveState(session)).json.status).toBe('closed');
    expect((await ask(session)).json).toEqual({ status: 'unavailable', reason: 'missed' });
    expect((await join(admin, id)).status).toBe(409);
    expect(await eventLines(id)).toEqual(['Nobody joined before the wait ran out: the visitor was offered the contact form']);
  });

  it('the frame asking at the end of its wait ends it there; declining a waiting visitor gives the form', async () => {
    await settings(admin, { ...ALWAYS, wait_minutes: 1 });
    await available(admin);
    const db = await getDb();
    const session = 'live-late-a9a9a9';
    await ask(session);
    await db.update(conversations).set({ liveWaitingSince: new Date(Date.now() - 61_000) }).where(eq(conversations.sessionId, session));
    const state = await liveState(session);
    expect(state.json).toEqual({ status: 'closed', agent: null, wait_seconds: null, messages: [] });
    expect((await call(stateRoute.GET, 'GET', `/api/widget/live/state?session_id=${session}&after=x`, { headers: asVisitor(session) })).status).toBe(422);

    const declined = 'live-declined-b8b8b8';
    await ask(declined);
    const visitor = await open<VisitorStreamEvents>(eventsRoute.GET, `/api/widget/live/events?session_id=${declined}`, asVisitor(declined));
    expect((await close(colleague, await idOf(declined))).status).toBe(200);
    expect((await visitor.next('status')).data.status).toBe('missed');
    expect(await eventLines(await idOf(declined))).toEqual(['Sam closed the request before anyone joined: the visitor was offered the contact form']);
    expect(await eventLines(await idOf(session))).toEqual(['Nobody joined before the wait ran out: the visitor was offered the contact form']);
  });

  it('a staff connection that drops puts the conversation back in the queue after the wait, and the visitor is told', async () => {
    await settings(admin, ALWAYS);
    await available(colleague);
    const session = 'live-drop-c7c7c7';
    await ask(session);
    const id = await idOf(session);
    expect((await join(colleague, id)).status).toBe(200);
    const visitor = await open<VisitorStreamEvents>(eventsRoute.GET, `/api/widget/live/events?session_id=${session}`, asVisitor(session));
    // Sam's Live view closed four minutes ago (no presence since).
    const db = await getDb();
    await db.update(livePresence).set({ seenAt: new Date(Date.now() - 4 * 60_000) }).where(eq(livePresence.schoolId, (await db.select().from(conversations).where(eq(conversations.id, id)))[0]!.schoolId));
    expect((await sweepLive()).dropped).toBeGreaterThanOrEqual(1);
    expect((await visitor.next('status')).data.status).toBe('dropped');
    expect((await listLive(admin)).json.find((c: { id: number }) => c.id === id)).toMatchObject({ status: 'waiting', held_by: null });
    // The visitor's messages still reach the school meanwhile.
    expect((await visitorSays(session, 'hello?')).status).toBe(201);
    const stored = await db.select().from(conversationMessages).where(and(eq(conversationMessages.conversationId, id), eq(conversationMessages.role, 'user')));
    expect(stored.map((m) => m.content)).toContain('hello?');
    visitor.close();
    // Taken back, then ended: each step is a line of the transcript, in the lead's too.
    expect((await join(admin, id)).status).toBe(200);
    expect((await close(admin, id)).status).toBe(200);
    expect(await eventLines(id)).toEqual(['Sam joined the chat', 'Sam left the Live view: the visitor is waiting for a person again', 'Maria joined the chat', 'Maria ended the live chat']);
  });

  it('reads the details a visitor gives the person into the conversation and its lead, and tells the Live view (issue 48 item 2)', async () => {
    await settings(admin, ALWAYS);
    await available(admin);
    const leadGen = (body: unknown) => call(leadGenRoute.PUT, 'PUT', '/lead-gen/settings', { token: admin, body });
    expect((await leadGen({ enabled: true, collection_mode: 'conversational', field_order: ['first_name', 'email'], minimum_requirements: 'email', smart_card_instructions: '' })).status).toBe(200);
    try {
      const staffStream = await open<StaffStreamEvents>(streamRoute.GET, '/live/stream', { authorization: `Bearer ${admin}` });
      const session = 'live-details-f2f2f2';
      await ask(session);
      const id = await idOf(session);
      expect((await join(admin, id)).status).toBe(200);
      const visitor = await open<VisitorStreamEvents>(eventsRoute.GET, `/api/widget/live/events?session_id=${session}`, asVisitor(session));
      expect((await visitorSays(session, 'Sure, it is maria.lopez@example.com')).status).toBe(201);
      expect((await staffStream.next('details')).data).toEqual({ id });
      const detail = await call(liveOneRoute.GET, 'GET', `/live/conversations/${id}`, { token: admin, ...byId(id) });
      expect(detail.json.details).toMatchObject({ email: 'maria.lopez@example.com' });
      const db = await getDb();
      const [conv] = await db.select({ leadId: conversations.leadId }).from(conversations).where(eq(conversations.id, id));
      expect(conv!.leadId).toEqual(expect.any(Number));
      // The visitor's stream carries no such event: it goes on with the person's messages.
      expect((await staffSays(admin, id, 'Thank you, Maria!')).status).toBe(201);
      expect((await visitor.next(() => true)).event).toBe('message');
      await leave(admin, id);
      staffStream.close();
      visitor.close();
    } finally {
      await leadGen({ enabled: false, collection_mode: 'conversational', field_order: ['first_name', 'email'], minimum_requirements: 'email', smart_card_instructions: '' });
    }
  });
});

describe('what each side sees of the other (issue 48 item 9)', () => {
  const onPage = (session: string, url: string, title?: string) => visitorCall(pageRoute.POST, 'POST', '/api/widget/live/page', session, { session_id: session, url, title });
  const visitorTypes = (session: string) => visitorCall(visitorTypingRoute.POST, 'POST', '/api/widget/live/typing', session, { session_id: session });
  const staffTypes = (token: string, id: number) => call(staffTypingRoute.POST, 'POST', `/live/conversations/${id}/typing`, { token, ...byId(id) });
  const detailOf = async (id: number) => (await call(liveOneRoute.GET, 'GET', `/live/conversations/${id}`, { token: admin, ...byId(id) })).json;

  it('the page the visitor asked from and the pages they open, without query or fragment; typing both ways', async () => {
    await settings(admin, ALWAYS);
    await available(admin);
    const staffStream = await open<StaffStreamEvents>(streamRoute.GET, '/live/stream', { authorization: `Bearer ${admin}` });
    const session = 'live-pages-e1e1e1';
    const asked = await visitorCall(requestRoute.POST, 'POST', '/api/widget/live/request', session, {
      session_id: session,
      message: 'Can someone help me with my application?',
      page: { url: 'https://college.example.edu/apply?email=ana@example.com#deadlines', title: '  Apply\n now ' },
    });
    expect(asked.json.status).toBe('waiting');
    const id = await idOf(session);
    expect((await detailOf(id)).pages).toEqual([{ url: 'https://college.example.edu/apply', title: 'Apply now', at: expect.any(String) }]);
    // Typing is for a conversation with a person; before that nobody is told.
    expect((await visitorTypes('live-nobody-f0f0f0')).status).toBe(401);

    // A new page: stored and told to the Live view; a reload of the same page is not a second entry.
    expect((await onPage(session, 'https://college.example.edu/visit', 'Visit us')).status).toBe(204);
    expect((await staffStream.next('page', (d) => d.title === 'Visit us')).data).toEqual({ id, url: 'https://college.example.edu/visit', title: 'Visit us', at: expect.any(String) });
    expect((await onPage(session, 'https://college.example.edu/visit?x=1', 'Visit us')).status).toBe(204);
    expect((await detailOf(id)).pages.map((p: { url: string }) => p.url)).toEqual(['https://college.example.edu/apply', 'https://college.example.edu/visit']);
    // The last 20 pages are kept, the newest last.
    for (let i = 1; i <= 22; i++) await onPage(session, `https://college.example.edu/page-${i}`);
    const pages = (await detailOf(id)).pages as { url: string; title: string }[];
    expect(pages).toHaveLength(20);
    expect(pages.at(0)!.url).toBe('https://college.example.edu/page-3');
    expect(pages.at(-1)).toMatchObject({ url: 'https://college.example.edu/page-22', title: '' });
    // Bad input: not a web address, a script address, too long, no session token.
    for (const url of ['not a url', 'javascript:alert(1)', 'ftp://college.example.edu/x', `https://college.example.edu/${'a'.repeat(2000)}`]) expect((await onPage(session, url)).status, url).toBe(422);
    expect((await onPage(session, 'https://college.example.edu/x', 'T'.repeat(301))).status).toBe(422);
    expect((await call(pageRoute.POST, 'POST', '/api/widget/live/page', { headers: widget(), body: { session_id: session, url: 'https://college.example.edu/x' } })).status).toBe(401);

    // Typing: the visitor's reaches the Live view; the staff member's reaches the visitor, once they hold the chat.
    const visitor = await open<VisitorStreamEvents>(eventsRoute.GET, `/api/widget/live/events?session_id=${session}`, asVisitor(session));
    expect((await staffTypes(admin, id)).status).toBe(409);
    expect((await visitorTypes(session)).status).toBe(204);
    expect((await staffStream.next('typing')).data).toEqual({ id });
    await join(admin, id);
    expect((await staffTypes(admin, id)).status).toBe(204);
    expect((await visitor.next('typing')).data).toEqual({ agent: 'Maria' });
    expect((await staffTypes(colleague, id)).status).toBe(409);
    expect((await staffTypes(other, id)).status).toBe(404);
    expect((await call(visitorTypingRoute.POST, 'POST', '/api/widget/live/typing', { headers: asVisitor(session, otherKey), body: { session_id: session } })).status).toBe(401);

    // Ended: nothing more to tell either side.
    await leave(admin, id);
    expect((await visitorTypes(session)).status).toBe(409);
    expect((await onPage(session, 'https://college.example.edu/after')).status).toBe(409);
    expect((await staffTypes(admin, id)).status).toBe(409);
    staffStream.close();
    visitor.close();
  });
});
