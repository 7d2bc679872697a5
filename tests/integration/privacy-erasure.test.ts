import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as handoffRoute from '@/app/(rest)/api/widget/handoff/route';
import * as quickCardRoute from '@/app/(rest)/api/widget/leads/route';
import * as requestRoute from '@/app/(rest)/api/widget/live/request/route';
import * as visitorMessagesRoute from '@/app/(rest)/api/widget/live/messages/route';
import * as crmRoute from '@/app/(rest)/api/crm-integration/route';
import * as ratingsRoute from '@/app/(rest)/conversation-ratings/route';
import * as correctionsRoute from '@/app/(rest)/corrections/route';
import * as uploadRoute from '@/app/(rest)/api/prospects/my-school/upload/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as exportRoute from '@/app/(rest)/leads/export/route';
import * as trackRoute from '@/app/(rest)/leads/export/track/route';
import * as availabilityRoute from '@/app/(rest)/live/availability/route';
import * as joinRoute from '@/app/(rest)/live/conversations/[id]/join/route';
import * as staffMessagesRoute from '@/app/(rest)/live/conversations/[id]/messages/route';
import * as liveSettingsRoute from '@/app/(rest)/live/settings/route';
import * as erasuresRoute from '@/app/(rest)/privacy/erasures/route';
import * as erasureRoute from '@/app/(rest)/privacy/erasures/[id]/route';
import * as subjectRoute from '@/app/(rest)/privacy/subject-data/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as contactRoute from '@/app/(rest)/schools/my-school/contact/route';
import { background } from '@/background';
import { getDb, resultRows } from '@/db/client';
import { conversations, schools } from '@/db/schema';
import { drainJobs } from '@/lib/jobs/runner';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { startCrmReceiver, type CrmReceiver } from '../fixtures/crm-receiver';
import { call, STRONG_PASSWORD, unique } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// Erasing a person (POST /privacy/erasures) after they came in through every door: the chat, the
// quick info card, the handoff form, a live chat with a person, a prospect import, a CRM delivery
// and a leads export. Afterwards no marker of theirs is anywhere in the database (every table,
// text and bytea), the CRM got a signed lead.deleted, and a second visitor's data is all there.

afterEach(() => resetMemoryLimits());

let su: string;
let receiver: CrmReceiver;
let school: StaffSchool;
let other: StaffSchool;
let key: string;
let otherKey: string;

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'privacy-root@lantern.test', password: STRONG_PASSWORD, username: 'privroot', first_name: 'P', last_name: 'R' } })).json.access_token;
  receiver = await startCrmReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${receiver.port}`;
  school = await staffWithSchool(su, 'officer@erase.test', 'Erase College');
  other = await staffWithSchool(su, 'officer@keep.test', 'Keep College');
  for (const s of [school, other]) {
    await call(contactRoute.PATCH, 'PATCH', '/schools/my-school/contact', { token: s.token, body: { contact_points: [{ name: 'Admissions', email: 'office@college.example.edu' }] } });
    await (await getDb()).update(schools).set({ prospectsEnabled: true }).where(eq(schools.id, s.id));
  }
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: school.token })).json.api_key;
  otherKey = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: other.token })).json.api_key;
  const crm = await call(crmRoute.POST, 'POST', '/api/crm-integration', { token: school.token, body: { integration_name: 'Slate', webhook_url: receiver.url } });
  expect(crm.status).toBe(201);
  receiver.secret = crm.json.signing_secret;
  receiver.fallback = { status: 200, body: '{"id":"slate-4411"}' };
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await receiver.close();
});

const runAll = () => drainJobs(background, { now: new Date(Date.now() + 24 * 3600_000) });

/** A visitor of a school: their session and token, as the widget frame keeps them. */
function visitor(k: string) {
  const session = unique('privacy-visitor-');
  let token = '';
  const send = async (handler: Parameters<typeof call>[0], method: string, path: string, body?: unknown) => {
    const res = await call(handler, method, path, { headers: { 'x-api-key': k, ...(token ? { 'x-visitor-token': token } : {}) }, body });
    token = res.headers.get('x-visitor-token') ?? token;
    return res;
  };
  return {
    session,
    chat: (message: string) => send(chatRoute.POST, 'POST', '/api/widget/chat', { message, session_id: session }),
    card: (data: Record<string, unknown>) => send(quickCardRoute.POST, 'POST', '/api/widget/leads', { session_id: session, ...data }),
    handoff: (data: Record<string, unknown>) => send(handoffRoute.POST, 'POST', '/api/widget/handoff', { session_id: session, ...data }),
    ask: (message: string) => send(requestRoute.POST, 'POST', '/api/widget/live/request', { session_id: session, message }),
    says: (text: string) => send(visitorMessagesRoute.POST, 'POST', '/api/widget/live/messages', { session_id: session, text }),
  };
}

/** Every table of the database as text, bytea included (read as bytes: a file's text shows as it is). */
async function wholeDatabase(): Promise<string> {
  const db = await getDb();
  const columns = resultRows<{ table_name: string; column_name: string; data_type: string }>(
    await db.execute(sql`select table_name, column_name, data_type from information_schema.columns where table_schema = 'public' order by table_name, ordinal_position`),
  );
  const tables = new Map<string, string[]>();
  for (const c of columns) {
    const expr = c.data_type === 'bytea' ? `encode("${c.column_name}", 'escape')` : `"${c.column_name}"::text`;
    tables.set(c.table_name, [...(tables.get(c.table_name) ?? []), `coalesce(${expr}, '')`]);
  }
  let out = '';
  for (const [table, exprs] of tables) {
    const rows = resultRows<{ t: string }>(await db.execute(sql.raw(`select concat_ws(' | ', ${exprs.join(', ')}) as t from "${table}"`)));
    // One line per row: a mail's body has lines of its own.
    out += `\n[${table}]\n` + rows.map((r) => r.t.replace(/\n/g, ' ')).join('\n');
  }
  return out.toLowerCase();
}

/** The person's words and details, each unique enough to be found anywhere they are copied. */
const ZELDA = { first_name: 'Zelphine', last_name: 'Quarrington', email: 'zelphine.quarrington@example.org', phone: '+16145550177', digits: '6145550177', words: 'marmalade-otter-7731' };
const XAVI = { first_name: 'Xandrew', last_name: 'Yarborough', email: 'xandrew.yarborough@example.org', phone: '+16145550188', words: 'tangerine-heron-4410' };

describe('erasing a person', () => {
  it('leaves no name, address, number or word of theirs anywhere, tells the CRM, and keeps everyone else', async () => {
    // Live chat on, with someone available: the visitor's request reaches a person.
    expect((await call(liveSettingsRoute.PUT, 'PUT', '/live/settings', { token: school.token, body: { enabled: true, office_hours: [], wait_minutes: 3, notify_email: 'desk@college.example.edu' } })).status).toBe(200);
    expect((await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token: school.token, body: { available: true } })).status).toBe(200);

    const zelda = visitor(key);
    const first = await zelda.chat(`Hello, I am ${ZELDA.first_name} ${ZELDA.last_name} and my code word is ${ZELDA.words}. When is the deadline?`);
    expect(first.status).toBe(200);
    expect((await zelda.card({ first_name: ZELDA.first_name, last_name: ZELDA.last_name, email: ZELDA.email, phone: '(614) 555-0177', opt_in_email: true })).status).toBeLessThan(300);
    expect((await zelda.ask(`Can I talk to a person about ${ZELDA.words}?`)).json.status).toBe('waiting');
    const [conv] = await (await getDb()).select({ id: conversations.id }).from(conversations).where(eq(conversations.sessionId, zelda.session));
    const id = conv!.id;
    expect((await call(joinRoute.POST, 'POST', `/live/conversations/${id}/join`, { token: school.token, params: { id: String(id) } })).status).toBe(200);
    expect((await call(staffMessagesRoute.POST, 'POST', `/live/conversations/${id}/messages`, { token: school.token, params: { id: String(id) }, body: { text: `Hi ${ZELDA.first_name}, happy to help.` } })).status).toBe(201);
    expect((await zelda.says(`My phone is 614-555-0177, ${ZELDA.words} again`)).status).toBeLessThan(300);
    expect((await zelda.handoff({ name: `${ZELDA.first_name} ${ZELDA.last_name}`, email: ZELDA.email, question: `Please call me about ${ZELDA.words}` })).status).toBeLessThan(300);

    // A second visitor, and the same address in another school: neither is touched.
    const xavi = visitor(key);
    expect((await xavi.chat(`I am ${XAVI.first_name} ${XAVI.last_name}, code ${XAVI.words}`)).status).toBe(200);
    expect((await xavi.card({ first_name: XAVI.first_name, last_name: XAVI.last_name, email: XAVI.email, phone: XAVI.phone })).status).toBeLessThan(300);
    // Keep College holds her too (she asked there for a person: a lead, a conversation and a mail).
    const elsewhere = visitor(otherKey);
    expect((await elsewhere.handoff({ name: `${ZELDA.first_name} ${ZELDA.last_name}`, email: ZELDA.email, question: 'Do you have rowing?' })).status).toBeLessThan(300);

    // A prospect list holding both, stored as the school uploaded it.
    const csv = `First Name,Last Name,Email,Phone\n${ZELDA.first_name},${ZELDA.last_name},${ZELDA.email},614-555-0177\n${XAVI.first_name},${XAVI.last_name},${XAVI.email},${XAVI.phone}\n`;
    const form = new FormData();
    form.append('file', new Blob([new TextEncoder().encode(csv)]), 'fair-list.csv');
    const mapping = ['First Name:first_name', 'Last Name:last_name', 'Email:email', 'Phone:phone'].map((m) => ({ source_column: m.split(':')[0], target_field: m.split(':')[1], is_custom: false }));
    form.append('field_mappings', JSON.stringify(mapping));
    const imported = await uploadRoute.POST(new Request('http://localhost:3000/api/prospects/my-school/upload', { method: 'POST', headers: { authorization: `Bearer ${school.token}` }, body: form }), { params: Promise.resolve({}) });
    expect(imported.status).toBeLessThan(300);
    // A prospect entered by hand with her number as typed, and no address.
    expect((await (await getDb()).execute(sql`insert into prospects (school_id, first_name, last_name, phone) values (${school.id}, 'Z.', 'Q.', '(614) 555-0177')`))).toBeTruthy();
    await runAll();

    // The CRM received both leads; the leads were exported.
    await receiver.waitFor(2);
    expect(receiver.received.some((r) => r.body.includes(ZELDA.email))).toBe(true);
    const exported = await call(exportRoute.GET, 'GET', '/leads/export', { token: school.token, query: { format: 'csv' } });
    expect(exported.status).toBe(200);
    expect(String(exported.json)).toContain(ZELDA.email);
    expect((await call(trackRoute.POST, 'POST', '/leads/export/track', { token: school.token, body: { export_type: 'CSV', field_count: 20, lead_count: 2 } })).status).toBe(201);

    // Staff rated her answer poor and wrote a correction from her question.
    const rating = await call(ratingsRoute.POST, 'POST', '/conversation-ratings/', { token: school.token, body: { conversation_id: id, message_index: first.json.message_index, rating: 'poor', admin_notes: 'Missed the deadline' } });
    expect(rating.status).toBe(201);
    const fix = await call(correctionsRoute.POST, 'POST', '/corrections/', { token: school.token, body: { question: `When is the deadline (${ZELDA.words})?`, answer: 'January 15.', rating_id: rating.json.id } });
    expect(fix.status).toBe(201);

    const before = await wholeDatabase();
    for (const marker of [ZELDA.email, ZELDA.first_name, ZELDA.last_name, ZELDA.words, ZELDA.phone]) expect(before, marker).toContain(marker.toLowerCase());

    // What the school holds about her, in one document.
    const held = await call(subjectRoute.GET, 'GET', '/privacy/subject-data', { token: school.token, query: { email: ZELDA.email } });
    expect(held.status).toBe(200);
    expect(held.json.leads.map((l: { email: string }) => l.email)).toEqual([ZELDA.email]);
    const said = held.json.conversations.flatMap((c: { messages: { role: string; text: string }[] }) => c.messages);
    expect(said.some((m: { role: string; text: string }) => m.role === 'staff' && m.text.includes(ZELDA.first_name))).toBe(true);
    expect(said.some((m: { role: string; text: string }) => m.role === 'user' && m.text.includes(ZELDA.words))).toBe(true);
    expect(held.json.prospects).toHaveLength(2);
    expect(held.json.crm_deliveries.length).toBeGreaterThan(0);
    expect(held.json.mail.map((m: { kind: string }) => m.kind)).toContain('handoff');
    expect(held.json.handoffs[0].question).toContain(ZELDA.words);
    // Her consent: what she was shown, her answer and when.
    expect(held.json.consents).toEqual([{ lead_id: held.json.leads[0].id, channel: 'email', granted: true, asked: 'Email Opt-in (quick info card): Agrees to receive e-mail from the school', source: 'chatbot_quickinfocard', recorded_at: expect.any(String) }]);
    expect(JSON.stringify(held.json)).not.toContain(XAVI.first_name);

    // Erased.
    const asked = await call(erasuresRoute.POST, 'POST', '/privacy/erasures', { token: school.token, body: { email: ZELDA.email } });
    expect(asked.status).toBe(202);
    expect(asked.json).toEqual({ id: expect.any(Number), status: 'queued' });
    await runAll();
    const done = await call(erasureRoute.GET, 'GET', `/privacy/erasures/${asked.json.id}`, { token: school.token, params: { id: String(asked.json.id) } });
    expect(done.json).toMatchObject({ status: 'completed', completed_at: expect.any(String), identified_by: ['email'], earlier_requests: 0 });
    // The import's file is not kept once it has run.
    expect(done.json.erased).toMatchObject({ leads: 1, conversations: 1, prospects: 2, import_files: 0, crm_notified: 1 });
    expect(done.json.erased.messages).toBeGreaterThanOrEqual(5);
    expect(done.json.erased.mail).toBeGreaterThanOrEqual(1);
    expect(done.json.erased.corrections).toBe(1);

    const after = await wholeDatabase();
    // What is left of her is Keep College's own record of the same address (its lead and conversation), nothing else.
    expect(await otherSchoolRows(other.id, ZELDA.email)).toEqual(['conversations', 'leads', 'mail_outbox']);
    for (const marker of [ZELDA.email, ZELDA.first_name, ZELDA.last_name]) expect([marker, rowsWith(after, marker)]).toEqual([marker, await otherSchoolRows(other.id, marker)]);
    for (const marker of [ZELDA.words, ZELDA.digits]) expect([marker, rowsWith(after, marker)]).toEqual([marker, []]);
    for (const marker of [XAVI.email, XAVI.first_name, XAVI.words, XAVI.phone]) expect(after, marker).toContain(marker.toLowerCase());
    // Her consent records went with her lead.
    expect(resultRows(await (await getDb()).execute(sql`select 1 from lead_consents where lead_id = ${held.json.leads[0].id}`))).toEqual([]);

    // The CRM is told, signed, with nothing personal in it.
    await receiver.waitFor(3);
    const told = receiver.received.at(-1)!;
    expect(told.verifyError).toBeNull();
    expect(told.headers['x-lantern-event']).toBe('lead.deleted');
    expect(told.verified).toMatchObject({ event: 'lead.deleted', lead_id: expect.any(Number), external_reference: 'slate-4411' });
    expect(told.body.toLowerCase()).not.toContain(ZELDA.email);

    // A second request for the same address is recognised, and finds nothing left.
    const again = await call(erasuresRoute.POST, 'POST', '/privacy/erasures', { token: school.token, body: { email: ZELDA.email.toUpperCase() } });
    await runAll();
    const second = await call(erasureRoute.GET, 'GET', `/privacy/erasures/${again.json.id}`, { token: school.token, params: { id: String(again.json.id) } });
    expect(second.json).toMatchObject({ status: 'completed', earlier_requests: 1, erased: { leads: 0, conversations: 0, messages: 0, prospects: 0 } });
    const listed = await call(erasuresRoute.GET, 'GET', '/privacy/erasures', { token: school.token });
    expect(listed.json.map((e: { id: number }) => e.id)).toEqual([again.json.id, asked.json.id]);
    // The audit log says who asked for what, and what was erased, without her details.
    const audit = resultRows<{ action: string; actor_email: string | null; target_id: string | null; details: unknown }>(
      await (await getDb()).execute(sql`select action, actor_email, target_id, details from audit_log where school_id = ${school.id} and action like 'privacy.%' order by id`),
    );
    expect(audit.map((a) => [a.action, a.actor_email])).toEqual([
      ['privacy.subject_data_exported', 'officer@erase.test'],
      ['privacy.erasure_requested', 'officer@erase.test'],
      ['privacy.erasure_completed', null],
      ['privacy.erasure_requested', 'officer@erase.test'],
      ['privacy.erasure_completed', null],
    ]);
    expect(audit[1]!.target_id).toBe(String(asked.json.id));
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('zelphine');
    // No identifier is kept in clear.
    expect(JSON.stringify(resultRows(await (await getDb()).execute(sql`select * from privacy_erasures`))).toLowerCase()).not.toContain('zelphine');
  }, 60_000);
});

/** The tables of the rows of a dump that hold a marker, one entry per row, sorted. */
function rowsWith(dump: string, marker: string): string[] {
  let table = '';
  const out: string[] = [];
  for (const line of dump.split('\n')) {
    if (/^\[[a-z_0-9]+\]$/.test(line)) table = line.slice(1, -1);
    else if (line.includes(marker.toLowerCase())) out.push(table);
  }
  return out.sort();
}

/** The same, for the rows another school holds of its own. */
async function otherSchoolRows(schoolId: number, marker: string): Promise<string[]> {
  const db = await getDb();
  const like = `%${marker.toLowerCase()}%`;
  const rows = resultRows<{ t: string }>(
    await db.execute(sql`
      select 'leads' as t from leads where school_id = ${schoolId} and lower(leads::text) like ${like}
      union all select 'conversations' from conversations where school_id = ${schoolId} and lower(conversations::text) like ${like}
      union all select 'conversation_messages' from conversation_messages where school_id = ${schoolId} and lower(conversation_messages::text) like ${like}
      union all select 'mail_outbox' from mail_outbox where school_id = ${schoolId} and lower(mail_outbox::text) like ${like}`),
  );
  return rows.map((r) => r.t).sort();
}

describe('bad input and roles', () => {
  it('refuses a request that names nobody or names them badly, and a user role', async () => {
    const none = await call(erasuresRoute.POST, 'POST', '/privacy/erasures', { token: school.token, body: {} });
    expect(none.status).toBe(422);
    expect(none.json.detail[0].msg).toContain('at least one of email, phone, lead_id or session_id');
    for (const [field, value] of [['email', 'not-an-address'], ['phone', '12'], ['lead_id', 'abc'], ['session_id', 'has spaces']] as const) {
      const bad = await call(erasuresRoute.POST, 'POST', '/privacy/erasures', { token: school.token, body: { [field]: value } });
      expect([field, bad.status, bad.json.detail[0].loc]).toEqual([field, 422, ['body', field]]);
    }
    const query = await call(subjectRoute.GET, 'GET', '/privacy/subject-data', { token: school.token });
    expect(query.status).toBe(422);
    expect((await call(erasureRoute.GET, 'GET', '/privacy/erasures/999999', { token: school.token, params: { id: '999999' } })).status).toBe(404);

    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'plain@erase.test', username: 'plainuser', password: STRONG_PASSWORD, first_name: 'P', last_name: 'U', role: 'user', school_id: school.id } });
    const user = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'plain@erase.test', password: STRONG_PASSWORD } })).json.access_token as string;
    expect((await call(erasuresRoute.POST, 'POST', '/privacy/erasures', { token: user, body: { email: 'a@b.example' } })).status).toBe(403);
    expect((await call(erasuresRoute.GET, 'GET', '/privacy/erasures', { token: user })).status).toBe(403);
    expect((await call(subjectRoute.GET, 'GET', '/privacy/subject-data', { token: user, query: { email: 'a@b.example' } })).status).toBe(403);
  });

  it('completes with zero counts for a person nobody holds', async () => {
    const asked = await call(erasuresRoute.POST, 'POST', '/privacy/erasures', { token: other.token, body: { phone: '+16145550100', session_id: 'c-0000000000aaaaaaaaaa' } });
    expect(asked.status).toBe(202);
    await runAll();
    const done = await call(erasureRoute.GET, 'GET', `/privacy/erasures/${asked.json.id}`, { token: other.token, params: { id: String(asked.json.id) } });
    expect(done.json).toMatchObject({ status: 'completed', erased: { leads: 0, conversations: 0, messages: 0, prospects: 0, import_files: 0, mail: 0, deliveries: 0, crm_notified: 0 } });
    // Another school's erasure is not this school's to read.
    expect((await call(erasureRoute.GET, 'GET', `/privacy/erasures/${asked.json.id}`, { token: school.token, params: { id: String(asked.json.id) } })).status).toBe(404);
  });
});

describe('an erasure that fails midway', () => {
  it('leaves nothing half erased, says so, and completes on the next attempt', async () => {
    const v = visitor(key);
    expect((await v.chat('I am Ottoline Brathwaite, asking about fees')).status).toBe(200);
    expect((await v.card({ first_name: 'Ottoline', last_name: 'Brathwaite', email: 'ottoline@example.org' })).status).toBeLessThan(300);
    const db = await getDb();
    // The database fails the erasure's last step (as a restart in the middle of it would) until the
    // test lets it through: a row in erasure_fault.
    await db.execute(sql.raw('create table erasure_fault (fired boolean not null)'));
    await db.execute(
      sql.raw(`create function erasure_fault_once() returns trigger language plpgsql as $$
        begin
          if not exists (select 1 from erasure_fault) then raise exception 'the database went away'; end if;
          return old;
        end $$`),
    );
    await db.execute(sql.raw('create trigger erasure_fault before delete on leads for each row execute function erasure_fault_once()'));
    try {
      const asked = await call(erasuresRoute.POST, 'POST', '/privacy/erasures', { token: school.token, body: { email: 'ottoline@example.org' } });
      const state = async () => (await call(erasureRoute.GET, 'GET', `/privacy/erasures/${asked.json.id}`, { token: school.token, params: { id: String(asked.json.id) } })).json;
      // What is due now: the first attempt fails, its retry waits.
      await drainJobs(background);
      expect((await state()).status).toBe('running');
      const held = await call(subjectRoute.GET, 'GET', '/privacy/subject-data', { token: school.token, query: { email: 'ottoline@example.org' } });
      expect([held.json.leads.length, held.json.conversations.length, held.json.conversations[0].messages.length]).toEqual([1, 1, 2]);
      await db.execute(sql`insert into erasure_fault values (true)`);
      await runAll();
      expect(await state()).toMatchObject({ status: 'completed', erased: { leads: 1, conversations: 1, messages: 2 } });
      expect(rowsWith(await wholeDatabase(), 'brathwaite')).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger erasure_fault on leads'));
      await db.execute(sql.raw('drop function erasure_fault_once()'));
      await db.execute(sql.raw('drop table erasure_fault'));
    }
  });
});

describe('an erasure that keeps failing', () => {
  it('ends failed with everything still there, says why without the address, and forgets the address', async () => {
    const v = visitor(key);
    expect((await v.card({ first_name: 'Perpetua', last_name: 'Fault', email: 'perpetua@example.org' })).status).toBeLessThan(300);
    const db = await getDb();
    await db.execute(sql.raw(`create function erasure_always_fails() returns trigger language plpgsql as $$ begin raise exception 'the database went away'; end $$`));
    await db.execute(sql.raw('create trigger erasure_always_fails before delete on leads for each row execute function erasure_always_fails()'));
    try {
      const asked = await call(erasuresRoute.POST, 'POST', '/privacy/erasures', { token: school.token, body: { email: 'perpetua@example.org' } });
      await runAll();
      const state = (await call(erasureRoute.GET, 'GET', `/privacy/erasures/${asked.json.id}`, { token: school.token, params: { id: String(asked.json.id) } })).json;
      expect(state).toMatchObject({ status: 'failed', erased: null, error: expect.stringContaining('the database went away') });
      expect(state.error).not.toContain('perpetua');
      const [row] = resultRows<{ pending: unknown; subject_hashes: string[] }>(await db.execute(sql`select pending, subject_hashes from privacy_erasures where id = ${asked.json.id}`));
      expect(row).toMatchObject({ pending: null, subject_hashes: [expect.stringMatching(/^email:[0-9a-f]{64}$/)] });
      expect(JSON.stringify(resultRows(await db.execute(sql`select last_error from jobs where name = 'privacy_erasure'`)))).not.toContain('perpetua');
      const held = await call(subjectRoute.GET, 'GET', '/privacy/subject-data', { token: school.token, query: { email: 'perpetua@example.org' } });
      expect(held.json.leads).toHaveLength(1);
    } finally {
      await db.execute(sql.raw('drop trigger erasure_always_fails on leads'));
      await db.execute(sql.raw('drop function erasure_always_fails()'));
    }
  });
});

describe('consent records', () => {
  it('records each change of an opt-in with what was asked, and nothing for the same answer again', async () => {
    const v = visitor(key);
    expect((await v.card({ first_name: 'Consta', last_name: 'Tine', email: 'consta@example.org', opt_in_sms: false })).status).toBeLessThan(300);
    expect((await v.card({ first_name: 'Consta', last_name: 'Tine', email: 'consta@example.org', opt_in_sms: false })).status).toBeLessThan(300);
    expect((await v.card({ first_name: 'Consta', last_name: 'Tine', email: 'consta@example.org', opt_in_sms: true })).status).toBeLessThan(300);
    const held = await call(subjectRoute.GET, 'GET', '/privacy/subject-data', { token: school.token, query: { email: 'consta@example.org' } });
    expect(held.json.consents.map((c: { channel: string; granted: boolean }) => [c.channel, c.granted])).toEqual([
      ['sms', false],
      ['sms', true],
    ]);
  });
});
