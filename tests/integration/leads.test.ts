import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as leadConversationRoute from '@/app/(rest)/leads/[id]/conversation/route';
import * as leadRoute from '@/app/(rest)/leads/[id]/route';
import * as exportRoute from '@/app/(rest)/leads/export/route';
import * as fieldStatsRoute from '@/app/(rest)/leads/export/field-stats/route';
import * as lastExportRoute from '@/app/(rest)/leads/export/last-export-date/route';
import * as trackRoute from '@/app/(rest)/leads/export/track/route';
import * as leadsRoute from '@/app/(rest)/leads/route';
import * as statsRoute from '@/app/(rest)/leads/stats/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, leads } from '@/db/schema';
import { conversationReference as ref } from '@/lib/conversations/reference';
import { LEAD_EXPORT_BATCH } from '@/lib/leads/export';
import type { LeadSavedEvent } from '@/lib/leads/events';
import { afterLeadSaved } from './lead-saved';
import { leadTranscript } from '@/lib/leads/transcript';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// The Leads API, the streamed export and the "since last export" mark.

let su: string;
let north: StaffSchool;
let south: StaffSchool;

type LeadSeed = Partial<typeof leads.$inferInsert> & { age?: string };

/** A lead of `school` created `age` ago (an interval), straight into the table. */
async function seed(school: StaffSchool, lead: LeadSeed): Promise<number> {
  const { age, ...values } = lead;
  const [row] = await (await getDb())
    .insert(leads)
    .values({ schoolId: school.id, source: 'chatbot_conversation', ...values, ...(age ? { createdAt: sql`now() - ${age}::interval` } : {}) })
    .returning({ id: leads.id });
  return row!.id;
}

const list = (school: StaffSchool, query: Record<string, string | number> = {}) => call(leadsRoute.GET, 'GET', '/leads/', { token: school.token, query });

async function exportOf(school: StaffSchool, query: Record<string, string> = {}) {
  const url = new URL('http://localhost:3000/leads/export');
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await exportRoute.GET(new Request(url, { headers: { authorization: `Bearer ${school.token}` } }), { params: Promise.resolve({}) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes) };
}
const csvRows = (text: string) => parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
const track = (school: StaffSchool, body: Record<string, unknown>) => call(trackRoute.POST, 'POST', '/leads/export/track', { token: school.token, body });

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'leads-root@lantern.test', password: STRONG_PASSWORD, username: 'leadsroot', first_name: 'L', last_name: 'R' } })).json.access_token;
  north = await staffWithSchool(su, 'nora@lantern.test', 'North Leads College');
  south = await staffWithSchool(su, 'sam@lantern.test', 'South Leads College');
});

describe('GET /leads/: filters, search and paging', () => {
  let school: StaffSchool;
  beforeAll(async () => {
    school = await staffWithSchool(su, 'filters@lantern.test', 'Filters Leads College');
    // Today in UTC whatever the hour the suite runs: an hour ago, or half the time since midnight if less.
    const sinceMidnight = Math.floor((Date.now() % 86_400_000) / 1000);
    await seed(school, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '+15035550101', age: `${Math.min(3600, Math.floor(sinceMidnight / 2))} seconds` });
    await seed(school, { firstName: 'Grace', lastName: 'Hopper', email: 'grace@navy.example', source: 'chatbot_quickinfocard', age: '3 days' });
    await seed(school, { firstName: 'Alan', lastName: 'Turing', phone: '+447700900123', age: '40 days' });
    await seed(school, { firstName: 'Zoë', lastName: 'Ångström', email: 'zoe@example.se', age: '100 days' });
    await seed(school, { firstName: 'Test', lastName: 'Chat', email: 'test@example.com', isTest: true });
    await seed(south, { firstName: 'Ada', lastName: 'Southern', email: 'ada@south.example' });
  });

  it('answers the school’s leads newest first with X-Total-Count, never test-chat leads or another school’s', async () => {
    const res = await list(school);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-total-count')).toBe('4');
    expect(res.json.map((l: { last_name: string }) => l.last_name)).toEqual(['Lovelace', 'Hopper', 'Turing', 'Ångström']);
    expect(res.json[0]).toMatchObject({ first_name: 'Ada', email: 'ada@example.com', phone: '+15035550101', source: 'chatbot_conversation', intended_major: [], conversation_count: 1 });
    expect(Object.keys(res.json[0]).sort()).toEqual(
      ['id', 'first_name', 'last_name', 'preferred_name', 'email', 'phone', 'phone_type', 'source', 'created_at', 'updated_at', 'graduation_year', 'intended_major', 'degree_level', 'state_province', 'parent_email', 'parent_phone', 'conversation_count', 'last_interaction_at', 'session_id', 'date_of_birth', 'opt_in_email', 'opt_in_sms', 'opt_in_phone', 'gpa', 'handoff_at', 'handoff_question'].sort(),
    );
  });

  it('searches names, e-mail and phone (as typed or by its digits), every word', async () => {
    const names = async (search: string) => (await list(school, { search })).json.map((l: { last_name: string }) => l.last_name);
    expect(await names('ada')).toEqual(['Lovelace']);
    expect(await names('NAVY')).toEqual(['Hopper']);
    expect(await names('(503) 555-0101')).toEqual(['Lovelace']);
    expect(await names('7700900')).toEqual(['Turing']);
    expect(await names('alan turing')).toEqual(['Turing']);
    expect(await names('turing alan')).toEqual(['Turing']);
    expect(await names('ångström')).toEqual(['Ångström']);
    expect(await names('100%_')).toEqual([]);
  });

  it('filters by source and dates (a date alone is the whole day) and sorts', async () => {
    expect((await list(school, { source: 'chatbot_quickinfocard' })).json.map((l: { last_name: string }) => l.last_name)).toEqual(['Hopper']);
    const since = new Date(Date.now() - 7 * 86_400_000).toISOString();
    expect((await list(school, { from_date: since })).headers.get('x-total-count')).toBe('2');
    const today = new Date().toISOString().slice(0, 10);
    expect((await list(school, { from_date: today, to_date: today })).json.map((l: { last_name: string }) => l.last_name)).toContain('Lovelace');
    expect((await list(school, { to_date: new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10) })).headers.get('x-total-count')).toBe('2');
    expect((await list(school, { sort: 'name' })).json.map((l: { last_name: string }) => l.last_name)).toEqual(['Hopper', 'Lovelace', 'Turing', 'Ångström']);
    expect((await list(school, { sort: '-name' })).json[0].last_name).toBe('Ångström');
  });

  it('pages by page or offset without overlap', async () => {
    const p1 = await list(school, { page_size: 3 });
    const p2 = await list(school, { page_size: 3, page: 2 });
    expect(p1.json).toHaveLength(3);
    expect(p2.json.map((l: { last_name: string }) => l.last_name)).toEqual(['Ångström']);
    expect((await list(school, { page_size: 2, offset: 1 })).json.map((l: { last_name: string }) => l.last_name)).toEqual(['Hopper', 'Turing']);
  });

  it('refuses bad input with 422 details', async () => {
    const bad: Record<string, string | number>[] = [{ page_size: 0 }, { page_size: 10001 }, { page: 0 }, { from_date: '2026-13-40' }, { from_date: 'yesterday' }, { sort: 'password' }, { source: 'email' }, { since_last_export: 'maybe' }];
    for (const query of bad) {
      const res = await list(school, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.json.detail[0].loc[0]).toBe('query');
    }
    const backwards = await list(school, { from_date: '2026-05-02', to_date: '2026-05-01' });
    expect(backwards.status).toBe(422);
    expect(backwards.json.detail).toEqual([{ loc: ['query', 'from_date'], msg: 'From date cannot be after to date', type: 'custom' }]);
    expect((await list(school, { from_date: '2026-05-01', to_date: '2026-05-01' })).status).toBe(200);
    expect((await call(leadsRoute.GET, 'GET', '/leads/')).status).toBe(401);
  });

  it('counts the stats and what each field holds', async () => {
    const stats = await call(statsRoute.GET, 'GET', '/leads/stats', { token: school.token });
    expect(stats.json).toEqual({ total: 4, today: 1, last_7_days: 2, by_source: { chatbot_conversation: 3, chatbot_quickinfocard: 1, staff_entry: 0 }, with_email: 3, with_phone: 2, with_both: 1 });
    const fields = await call(fieldStatsRoute.GET, 'GET', '/leads/export/field-stats', { token: school.token });
    expect(fields.json.total).toBe(4);
    const count = (key: string) => fields.json.fields.find((f: { key: string }) => f.key === key).count;
    expect([count('email'), count('phone'), count('first_name'), count('gpa'), count('intended_major'), count('created_at')]).toEqual([3, 2, 4, 0, 0, 4]);
    expect((await call(fieldStatsRoute.GET, 'GET', '/leads/export/field-stats', { token: school.token, query: { source: 'chatbot_quickinfocard' } })).json.total).toBe(1);
  });
});

describe('staff-entered and edited leads', () => {
  it('creates a staff_entry lead, runs the lead-saved listeners in the same transaction, and validates every field', async () => {
    const events: LeadSavedEvent[] = [];
    const stop = afterLeadSaved(async (tx, e) => {
      // Inside the write's transaction: the listener sees the lead.
      const [row] = await tx.select({ id: leads.id }).from(leads).where(eq(leads.id, e.id));
      expect(row).toBeDefined();
      events.push(e);
    });
    try {
      const res = await call(leadsRoute.POST, 'POST', '/leads/', {
        token: north.token,
        body: { first_name: ' Maya ', last_name: 'Chen', email: 'MAYA@Example.com', phone: '(503) 555-0199', graduation_year: 2027, gpa: 3.8, intended_major: ['Nursing', 'Biology'], opt_in_email: true },
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ first_name: 'Maya', email: 'maya@example.com', phone: '+15035550199', source: 'staff_entry', gpa: 3.8, intended_major: ['Nursing', 'Biology'], opt_in_email: true, conversation_count: 0, session_id: null });
      expect(events).toEqual([{ id: res.json.id, created: true, schoolId: north.id, source: 'staff_entry', isTest: false }]);

      const patched = await call(leadRoute.PATCH, 'PATCH', `/leads/${res.json.id}`, { token: north.token, params: { id: String(res.json.id) }, body: { preferred_name: 'May', gpa: null, phone: '' } });
      expect(patched.status).toBe(200);
      expect(patched.json).toMatchObject({ preferred_name: 'May', gpa: null, phone: null, email: 'maya@example.com' });
      expect(events[1]).toEqual({ id: res.json.id, created: false, schoolId: north.id, source: 'staff_entry', isTest: false });

      // A failing listener undoes the write with it.
      const fail = afterLeadSaved(async () => {
        throw new Error('listener failed');
      });
      const failed = await call(leadRoute.PATCH, 'PATCH', `/leads/${res.json.id}`, { token: north.token, params: { id: String(res.json.id) }, body: { preferred_name: 'Never' } });
      fail();
      expect(failed.status).toBe(500);
      expect((await call(leadRoute.GET, 'GET', `/leads/${res.json.id}`, { token: north.token, params: { id: String(res.json.id) } })).json.preferred_name).toBe('May');
    } finally {
      stop();
    }
  });

  it('answers 422 for bad values, unknown fields and fixed fields, changing nothing', async () => {
    const bad = await call(leadsRoute.POST, 'POST', '/leads/', {
      token: north.token,
      body: { first_name: 'Bad', email: 'not-an-email', phone: '12', graduation_year: 1800, gpa: 5.5, opt_in_sms: 'yes', favourite_colour: 'blue', source: 'chatbot_conversation' },
    });
    expect(bad.status).toBe(422);
    const locs = bad.json.detail.map((d: { loc: string[] }) => d.loc.join('.'));
    expect(locs).toEqual(expect.arrayContaining(['body.email', 'body.phone', 'body.graduation_year', 'body.gpa', 'body.opt_in_sms', 'body.favourite_colour', 'body.source']));
    const noContact = await call(leadsRoute.POST, 'POST', '/leads/', { token: north.token, body: { first_name: 'Only' } });
    expect(noContact.status).toBe(422);

    const id = await seed(north, { firstName: 'Fixed', email: 'fixed@example.com' });
    const before = (await call(leadRoute.GET, 'GET', `/leads/${id}`, { token: north.token, params: { id: String(id) } })).json;
    for (const body of [{ source: 'staff_entry' }, { school_id: south.id }, { email: 'nope' }, {}]) {
      const res = await call(leadRoute.PATCH, 'PATCH', `/leads/${id}`, { token: north.token, params: { id: String(id) }, body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await call(leadRoute.GET, 'GET', `/leads/${id}`, { token: north.token, params: { id: String(id) } })).json).toEqual(before);
  });

  it('keeps every school to its own leads: another school’s lead answers 404 and is left alone', async () => {
    const id = await seed(north, { firstName: 'Private', email: 'private@example.com' });
    const p = { id: String(id) };
    expect((await call(leadRoute.GET, 'GET', `/leads/${id}`, { token: south.token, params: p })).status).toBe(404);
    expect((await call(leadRoute.PATCH, 'PATCH', `/leads/${id}`, { token: south.token, params: p, body: { first_name: 'Stolen' } })).status).toBe(404);
    expect((await call(leadRoute.DELETE, 'DELETE', `/leads/${id}`, { token: south.token, params: p })).status).toBe(404);
    expect((await call(leadConversationRoute.GET, 'GET', `/leads/${id}/conversation`, { token: south.token, params: p })).status).toBe(404);
    expect((await list(south, { search: 'private' })).json).toEqual([]);
    expect((await exportOf(south, { search: 'private' })).text).not.toContain('private@example.com');
    expect((await call(leadRoute.GET, 'GET', `/leads/${id}`, { token: north.token, params: p })).json.first_name).toBe('Private');
    const del = await call(leadRoute.DELETE, 'DELETE', `/leads/${id}`, { token: north.token, params: p });
    expect(del.status).toBe(200);
    expect((await call(leadRoute.GET, 'GET', `/leads/${id}`, { token: north.token, params: p })).status).toBe(404);
    expect((await call(leadRoute.GET, 'GET', '/leads/0', { token: north.token, params: { id: '0' } })).status).toBe(422);
    // Every staff role works on its own school's leads (there is no finer rule); an account
    // without a school (the superuser here) has none to read.
    const noSchool = await call(leadsRoute.GET, 'GET', '/leads/', { token: su });
    expect(noSchool.status).toBe(404);
    expect(noSchool.json.code).toBe('no_school');
  });
});

describe('GET /leads/{id}/conversation and leadTranscript', () => {
  it('answers the transcript as plain text, null without a conversation', async () => {
    const school = await staffWithSchool(su, 'talk@lantern.test', 'Transcript Leads College');
    const db = await getDb();
    const id = await seed(school, { firstName: 'Talker', email: 'talk@example.com', sessionId: 'sess-talk' });
    const [c] = await db.insert(conversations).values({ schoolId: school.id, sessionId: 'sess-talk', leadId: id, messageCount: 2 }).returning({ id: conversations.id });
    await db.insert(conversationMessages).values([
      { conversationId: c!.id, schoolId: school.id, position: 0, role: 'user', content: 'Do you offer nursing?', sentiment: 'positive' },
      { conversationId: c!.id, schoolId: school.id, position: 1, role: 'assistant', content: 'Yes, a BSN.\nApply by May 1.' },
    ]);
    const text = await leadTranscript(school.id, id);
    expect(text).toMatch(/^Conversation started \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC\n\nVisitor: Do you offer nursing\?\n\nAssistant: Yes, a BSN.\nApply by May 1.$/);
    const res = await call(leadConversationRoute.GET, 'GET', `/leads/${id}/conversation`, { token: school.token, params: { id: String(id) } });
    expect(res.status).toBe(200);
    expect(res.json.conversation_text).toBe(text);
    expect(res.json.conversations[0].messages[0]).toMatchObject({ role: 'user', sentiment: 'positive', rating: null, topics: [] });
    // Another school's id for the same lead: nothing.
    expect(await leadTranscript(south.id, id)).toBeNull();
    const lonely = await seed(school, { firstName: 'Quiet', email: 'quiet@example.com' });
    expect(await leadTranscript(school.id, lonely)).toBeNull();
    expect((await call(leadConversationRoute.GET, 'GET', `/leads/${lonely}/conversation`, { token: school.token, params: { id: String(lonely) } })).json.conversation_text).toBeNull();
  });
});

describe("a lead's session_id is its conversation's reference", () => {
  it('in the list, the lead, its conversations and both exports; never the session id', async () => {
    const school = await staffWithSchool(su, 'ref@lantern.test', 'Reference Leads College');
    const db = await getDb();
    const session = 'sess-ref-lead-7f3e9a';
    const id = await seed(school, { firstName: 'Remy', email: 'remy@example.com', sessionId: session, age: '1 minute' });
    const [c] = await db.insert(conversations).values({ schoolId: school.id, sessionId: session, leadId: id, messageCount: 1 }).returning({ id: conversations.id });
    await db.insert(conversationMessages).values({ conversationId: c!.id, schoolId: school.id, position: 0, role: 'user', content: 'Is there a nursing program?' });
    const staffEntered = await seed(school, { firstName: 'Stella', email: 'stella@example.com' });
    const p = { id: String(id) };

    const listed = await list(school);
    const one = await call(leadRoute.GET, 'GET', `/leads/${id}`, { token: school.token, params: p });
    const conversation = await call(leadConversationRoute.GET, 'GET', `/leads/${id}/conversation`, { token: school.token, params: p });
    const csv = await exportOf(school, { format: 'csv' });
    const csvOnly = await exportOf(school, { format: 'csv', fields: 'id,session_id' });
    const json = await exportOf(school, { format: 'json' });
    expect(listed.json.find((l: { id: number }) => l.id === id).session_id).toBe(ref(session));
    expect(listed.json.find((l: { id: number }) => l.id === staffEntered).session_id).toBeNull();
    expect(one.json.session_id).toBe(ref(session));
    expect(conversation.json.conversations.map((x: { session_id: string }) => x.session_id)).toEqual([ref(session)]);
    expect(csvRows(csv.text).map((r) => [Number(r.id), r.session_id])).toEqual([[staffEntered, ''], [id, ref(session)]]);
    expect(csvRows(csvOnly.text)).toEqual([{ id: String(staffEntered), session_id: '' }, { id: String(id), session_id: ref(session) }]);
    expect(JSON.parse(json.text).map((l: { id: number; session_id: string | null }) => [l.id, l.session_id])).toEqual([[staffEntered, null], [id, ref(session)]]);
    for (const text of [JSON.stringify(listed.json), JSON.stringify(one.json), JSON.stringify(conversation.json), csv.text, csvOnly.text, json.text]) {
      expect(text).not.toContain(session);
      expect(text).not.toContain('7f3e9a');
    }
  });
});

describe('GET /leads/export', () => {
  it('streams CSV with a BOM that a CSV parser reads back exactly, formulas made inert', async () => {
    const school = await staffWithSchool(su, 'csv@lantern.test', 'CSV Leads College');
    const tricky = [
      { firstName: 'Comma, Quote "Q"', lastName: 'Line\nBreak', email: 'q@example.com', stateProvince: 'Oregon' },
      { firstName: '=HYPERLINK("http://evil.example","x")', lastName: '+SUM(A1)', email: '@evil.example', stateProvince: '-2+3', preferredName: '\rCR' },
      { firstName: '李', lastName: 'Müller-Øvergård', email: 'li@example.cn', stateProvince: '\tTab' },
      { firstName: 'Ma', lastName: 'Majors', email: 'ma@example.com', intendedMajor: ['Nursing', 'Art, History'], optInEmail: true, optInSms: false, gpa: 3.5, graduationYear: 2027, source: 'chatbot_quickinfocard' as const },
    ];
    // Phones: E.164 leaves as typed (issue 48 item 10); a + followed by anything else stays inert.
    const phones = ['+16145550199', '+1+16145550199', '+1 614 555 0199', '+16145550199\n'];
    for (const [i, t] of tricky.entries()) await seed(school, { ...t, phone: phones[i], age: `${i + 1} minutes` });
    const res = await exportOf(school, { format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv; charset=utf-8/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`);
    expect(res.headers.get('x-lead-count')).toBe('4');
    expect([...res.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(res.text).toContain('\r\n');
    const rows = csvRows(res.text);
    expect(rows).toHaveLength(4);
    expect(Object.keys(rows[0]!)[0]).toBe('id');
    expect(rows.map((r) => [r.first_name, r.last_name, r.email, r.state_province])).toEqual([
      ['Comma, Quote "Q"', 'Line\nBreak', 'q@example.com', 'Oregon'],
      [`'=HYPERLINK("http://evil.example","x")`, "'+SUM(A1)", "'@evil.example", "'-2+3"],
      ['李', 'Müller-Øvergård', 'li@example.cn', "'\tTab"],
      ['Ma', 'Majors', 'ma@example.com', ''],
    ]);
    expect(rows[1]!.preferred_name).toBe("'\rCR");
    expect(rows.map((r) => r.phone)).toEqual(['+16145550199', "'+1+16145550199", "'+1 614 555 0199", "'+16145550199\n"]);
    expect(rows[3]).toMatchObject({ source: 'Quick Info Card', intended_major: 'Nursing; Art, History', opt_in_email: 'yes', opt_in_sms: 'no', opt_in_phone: '', gpa: '3.5', graduation_year: '2027' });
    expect(rows[0]!.source).toBe('Chatbot Conversation');
    expect(Date.parse(rows[0]!.created_at!)).toBeGreaterThan(Date.now() - 3600_000);

    const some = csvRows((await exportOf(school, { format: 'csv', fields: 'email,first_name', sort: 'email' })).text);
    expect(some.map((r) => Object.keys(r))).toEqual(Array(4).fill(['email', 'first_name']));
    expect(some.map((r) => r.email)).toEqual(["'@evil.example", 'li@example.cn', 'ma@example.com', 'q@example.com']);

    const json = await exportOf(school, { format: 'json', fields: 'first_name,intended_major,opt_in_email,gpa,source', source: 'chatbot_quickinfocard' });
    expect(json.headers.get('content-disposition')).toContain('.json"');
    expect(JSON.parse(json.text)).toEqual([{ first_name: 'Ma', intended_major: ['Nursing', 'Art, History'], opt_in_email: true, gpa: 3.5, source: 'Quick Info Card' }]);
    expect(JSON.parse((await exportOf(school, { format: 'json', search: 'nobody-at-all' })).text)).toEqual([]);
  });

  it('streams more leads than one batch, each once, in the list’s order', async () => {
    const school = await staffWithSchool(su, 'many@lantern.test', 'Many Leads College');
    const n = LEAD_EXPORT_BATCH + 250;
    await (await getDb()).execute(sql`
      insert into leads (school_id, source, first_name, email, created_at)
      select ${school.id}, 'chatbot_conversation', 'Lead ' || g, 'lead' || g || '@example.com', now() - (g || ' seconds')::interval
      from generate_series(1, ${n}) g`);
    const rows = csvRows((await exportOf(school, { fields: 'first_name' })).text);
    expect(rows).toHaveLength(n);
    expect(new Set(rows.map((r) => r.first_name)).size).toBe(n);
    expect(rows[0]!.first_name).toBe('Lead 1');
    expect(rows.at(-1)!.first_name).toBe(`Lead ${n}`);
    const json = JSON.parse((await exportOf(school, { format: 'json', fields: 'id' })).text) as { id: number }[];
    expect(json).toHaveLength(n);
  });

  it('refuses unknown fields, an empty field list and a backwards range (nothing streamed)', async () => {
    for (const [query, loc] of [
      [{ fields: 'email,password' }, 'fields'],
      [{ fields: ' , ' }, 'fields'],
      [{ format: 'xlsx' }, 'format'],
      [{ from_date: '2026-02-01', to_date: '2026-01-01' }, 'from_date'],
      [{ to_date: '2026-02-30' }, 'to_date'],
    ] as const) {
      const res = await exportOf(north, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(JSON.parse(res.text).detail[0].loc).toEqual(['query', loc]);
    }
    expect((await exportRoute.GET(new Request('http://localhost:3000/leads/export'), { params: Promise.resolve({}) })).status).toBe(401);
  });
});

describe('since last export', () => {
  it('a normal export moves the mark when tracked, a custom range does not, and a lead saved during an export is in the next one', async () => {
    const school = await staffWithSchool(su, 'mark@lantern.test', 'Mark Leads College');
    const names = (text: string) => csvRows(text).map((r) => r.first_name);
    expect((await call(lastExportRoute.GET, 'GET', '/leads/export/last-export-date', { token: school.token })).json).toEqual({ last_export_at: null });
    await seed(school, { firstName: 'Old', email: 'old@example.com', age: '2 days' });
    await seed(school, { firstName: 'Older', email: 'older@example.com', age: '5 days' });

    // First normal export: everything.
    const first = await exportOf(school, { since_last_export: 'true', fields: 'first_name' });
    expect(names(first.text)).toEqual(['Old', 'Older']);
    const until = first.headers.get('x-export-until')!;
    expect(until).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
    // The download alone moves nothing.
    expect((await call(lastExportRoute.GET, 'GET', '/leads/export/last-export-date', { token: school.token })).json.last_export_at).toBeNull();

    // A lead saved while that export was being read (its transaction started before the bound) ...
    await seed(school, { firstName: 'During', email: 'during@example.com', createdAt: sql`${until}::timestamptz` as unknown as Date });
    const tracked = await track(school, { export_type: 'CSV', from_date: null, to_date: until, field_count: 1, lead_count: 2, since_last_export: true });
    expect(tracked.status).toBe(201);
    expect(tracked.json.last_export_at).toBe(until);
    expect((await call(lastExportRoute.GET, 'GET', '/leads/export/last-export-date', { token: school.token })).json.last_export_at).toBe(until);

    // ... is in the next one, with leads made since; the earlier ones are not there twice.
    await seed(school, { firstName: 'New', email: 'new@example.com' });
    expect((await list(school, { since_last_export: 'true' })).headers.get('x-total-count')).toBe('2');
    const second = await exportOf(school, { since_last_export: 'true', fields: 'first_name' });
    expect(names(second.text)).toEqual(['New', 'During']);
    expect(second.headers.get('x-export-from')).toBe(until);

    // A custom range is recorded without moving the mark.
    // The page sends the custom range as the browser's day: its end may be later than now.
    const custom = await track(school, { export_type: 'json', from_date: '2020-01-01', to_date: new Date(Date.now() + 20 * 3600_000).toISOString(), field_count: 3, lead_count: 4 });
    expect(custom.status).toBe(201);
    expect(custom.json.last_export_at).toBe(until);
    expect(names((await exportOf(school, { since_last_export: 'true', fields: 'first_name' })).text)).toEqual(['New', 'During']);

    // Tracking the second export moves the mark on; a stale bound never moves it back.
    const secondUntil = second.headers.get('x-export-until')!;
    await track(school, { export_type: 'CSV', to_date: secondUntil, field_count: 1, lead_count: 2, since_last_export: true });
    await track(school, { export_type: 'CSV', to_date: until, field_count: 1, lead_count: 2, since_last_export: true });
    expect((await call(lastExportRoute.GET, 'GET', '/leads/export/last-export-date', { token: school.token })).json.last_export_at).toBe(secondUntil);
    expect(names((await exportOf(school, { since_last_export: 'true', fields: 'first_name' })).text)).toEqual([]);
    // Other schools are untouched.
    expect((await call(lastExportRoute.GET, 'GET', '/leads/export/last-export-date', { token: south.token })).json.last_export_at).toBeNull();
  });

  it('a record with the spec\'s fields alone is a normal export unless it names a custom range; the flag overrides', async () => {
    const school = await staffWithSchool(su, 'spec-mark@lantern.test', 'Spec Mark College');
    const mark = async () => (await call(lastExportRoute.GET, 'GET', '/leads/export/last-export-date', { token: school.token })).json.last_export_at as string | null;
    await seed(school, { firstName: 'Old', email: 'old@example.com', age: '2 days' });
    const first = await exportOf(school, { since_last_export: 'true', fields: 'first_name' });
    const until = first.headers.get('x-export-until')!;
    // Exactly the spec's fields: no custom range, so the mark moves.
    const tracked = await track(school, { export_type: 'CSV', from_date: null, to_date: until, field_count: 1, lead_count: 1 });
    expect(tracked.status).toBe(201);
    expect(tracked.json.last_export_at).toBe(until);
    expect(await mark()).toBe(until);

    // The next normal export starts at the mark (X-Export-From): still a normal export.
    await seed(school, { firstName: 'New', email: 'new@example.com' });
    const second = await exportOf(school, { since_last_export: 'true', fields: 'first_name' });
    expect(second.headers.get('x-export-from')).toBe(until);
    const secondUntil = second.headers.get('x-export-until')!;
    expect((await track(school, { export_type: 'CSV', from_date: until, to_date: secondUntil, field_count: 1, lead_count: 1 })).json.last_export_at).toBe(secondUntil);

    // A custom range (a start other than the mark) is recorded and leaves the mark.
    const later = new Date(Date.now() + 60_000).toISOString();
    expect((await track(school, { export_type: 'CSV', from_date: '2020-01-01', to_date: later, field_count: 1, lead_count: 2 })).json.last_export_at).toBe(secondUntil);
    // No start and no end: a normal export up to now.
    const none = await track(school, { export_type: 'JSON', field_count: 2, lead_count: 0 });
    expect(none.status).toBe(201);
    expect(Date.parse(none.json.last_export_at)).toBeGreaterThan(Date.parse(secondUntil));
    const now = none.json.last_export_at as string;
    // The explicit flag still wins either way.
    expect((await track(school, { export_type: 'CSV', to_date: later, field_count: 1, lead_count: 1, since_last_export: false })).json.last_export_at).toBe(now);
    expect((await track(school, { export_type: 'CSV', from_date: '2020-01-01', field_count: 1, lead_count: 1, since_last_export: true })).json.last_export_at).not.toBe(now);
    // A normal record may not put the mark in the future, with or without the flag.
    const ahead = await track(school, { export_type: 'CSV', to_date: '2999-01-01T00:00:00Z', field_count: 1, lead_count: 1 });
    expect(ahead.status).toBe(422);
    expect(ahead.json.detail[0]).toMatchObject({ loc: ['body', 'to_date'], msg: 'to_date cannot be in the future' });
  });

  // A real race needs a second connection: Postgres only (PGlite has one).
  it.skipIf(!process.env.TEST_DATABASE_URL)('a lead whose transaction is still open during an export lands in the next export', async () => {
    const school = await staffWithSchool(su, 'race@lantern.test', 'Race Leads College');
    await seed(school, { firstName: 'Before', email: 'before@example.com', age: '1 hour' });
    const { default: postgres } = await import('postgres');
    const other = postgres(process.env.LANTERN_TEST_DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const ready = new Promise<void>((r) => (inserted = r));
      const saving = other.begin(async (tx) => {
        await tx`insert into leads (school_id, source, first_name, email) values (${school.id}, 'chatbot_conversation', 'Racing', 'racing@example.com')`;
        inserted();
        await held;
      });
      await ready;
      const first = await exportOf(school, { since_last_export: 'true', fields: 'first_name' });
      release();
      await saving;
      expect(csvRows(first.text).map((r) => r.first_name)).toEqual(['Before']);
      await track(school, { export_type: 'CSV', to_date: first.headers.get('x-export-until'), field_count: 1, lead_count: 1, since_last_export: true });
      const second = await exportOf(school, { since_last_export: 'true', fields: 'first_name' });
      expect(csvRows(second.text).map((r) => r.first_name)).toEqual(['Racing']);
    } finally {
      await other.end();
    }
  });

  it('validates the export record', async () => {
    for (const body of [
      { export_type: 'PDF', field_count: 1, lead_count: 1 },
      { export_type: 'CSV', field_count: 0, lead_count: 1 },
      { export_type: 'CSV', field_count: 1, lead_count: -1 },
      { export_type: 'CSV', field_count: 1, lead_count: 1, from_date: '2026-02-02', to_date: '2026-02-01' },
      { export_type: 'CSV', field_count: 1, lead_count: 1, to_date: 'soon' },
      { export_type: 'CSV', field_count: 1, lead_count: 1, to_date: '2999-01-01T00:00:00Z', since_last_export: true },
    ]) {
      const res = await track(north, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await call(lastExportRoute.GET, 'GET', '/leads/export/last-export-date', { token: north.token })).json.last_export_at).toBeNull();
  });
});

describe('OpenAPI', () => {
  it('documents every leads call', () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, unknown>> };
    for (const [path, method] of [
      ['/leads/', 'get'],
      ['/leads/', 'post'],
      ['/leads/{id}', 'patch'],
      ['/leads/{id}/conversation', 'get'],
      ['/leads/export', 'get'],
      ['/leads/export/field-stats', 'get'],
      ['/leads/export/last-export-date', 'get'],
      ['/leads/export/track', 'post'],
    ]) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
  });
});
