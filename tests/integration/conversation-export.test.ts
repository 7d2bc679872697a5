import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as exportRoute from '@/app/(rest)/conversations/export/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversationRatings, conversations, leads } from '@/db/schema';
import { principalFromRequest } from '@/lib/auth/principal';
import { EXPORT_BATCH } from '@/lib/conversations/export';
import { conversationReference as ref } from '@/lib/conversations/reference';
import { firstQuestions } from '@/lib/conversations/review';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { Browser } from './browser';
import { staffWithSchool, type StaffSchool } from './staff';
import { call, STRONG_PASSWORD } from './http';

// GET /conversations/export streams the school's conversations, filtered like the
// Logs tab, as CSV (one row per conversation) or JSONL (one conversation per line with its messages).
// `session_id` there is the conversation's reference, never the widget's session id.

type School = StaffSchool;
let su: string;
let riverside: School;
let other: School;

const schoolNamed = (email: string, name: string) => staffWithSchool(su, email, name);

/** A conversation that started `age` ago, with alternating user/assistant messages. */
async function conversation(school: School, session: string, age: string, contents: string[], status: 'widget_loaded' | 'opened' | 'engaged' = 'engaged', opts: { lead?: boolean; source?: 'widget' | 'test_chat' } = {}) {
  const db = await getDb();
  let leadId: number | null = null;
  if (opts.lead) {
    const [l] = await db.insert(leads).values({ schoolId: school.id, sessionId: session, firstName: 'Lead', email: `${session}@example.com`, source: 'chatbot_conversation' }).returning({ id: leads.id });
    leadId = l!.id;
  }
  const [c] = await db
    .insert(conversations)
    .values({
      schoolId: school.id,
      sessionId: session,
      status,
      source: opts.source ?? 'widget',
      startedAt: sql`now() - ${age}::interval`,
      endedAt: sql`now() - ${age}::interval + interval '95 seconds'`,
      messageCount: contents.length,
      leadId,
    })
    .returning({ id: conversations.id });
  if (contents.length) {
    await db.insert(conversationMessages).values(
      contents.map((content, i) => ({ conversationId: c!.id, schoolId: school.id, position: i, role: i % 2 ? ('assistant' as const) : ('user' as const), content, userFeedbackRating: i === 1 ? 1 : i === 3 ? -1 : null })),
    );
  }
  return c!.id;
}

/** The export's status, headers and body as text (tests/integration/http.ts would parse a one-line JSONL). */
async function exportOf(school: School | null, query: Record<string, string> = {}, headers: Record<string, string> = {}) {
  const url = new URL('http://localhost:3000/conversations/export');
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await exportRoute.GET(new Request(url, { headers: { ...headers, ...(school ? { authorization: `Bearer ${school.token}` } : {}) } }), { params: Promise.resolve({}) });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: res.headers.get('content-type')?.startsWith('application/json') ? JSON.parse(text) : text };
}
const csvRows = (text: string) => parse(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
const jsonLines = (text: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

let quoted: number;
let rated: number;

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'exp@lantern.test', password: STRONG_PASSWORD, username: 'exproot', first_name: 'E', last_name: 'X' } })).json.access_token;
  riverside = await schoolNamed('rita@lantern.test', 'Riverside Export College');
  other = await schoolNamed('otto@lantern.test', 'Other Export College');
  // A first question with a comma, quotes and a line break: CSV quoting must keep it one field.
  quoted = await conversation(riverside, 'sess-quoted', '1 hour', ['How much is tuition, "really"?\nAnd fees?', 'Tuition is $24,500.', 'Thanks', 'You are welcome.'], 'engaged', { lead: true });
  rated = await conversation(riverside, 'sess-deadline', '3 days', ['When is the deadline?', 'December 1.']);
  await conversation(riverside, 'sess-opened', '10 days', [], 'opened');
  await conversation(riverside, 'sess-loaded', '40 days', [], 'widget_loaded');
  await conversation(riverside, 'sess-test', '2 hours', ['Test question about housing', 'Housing is guaranteed.'], 'engaged', { source: 'test_chat' });
  await conversation(other, 'sess-secret', '1 hour', ['Other school secret question', 'Secret answer'], 'engaged');
  await (await getDb()).insert(conversationRatings).values([
    { schoolId: riverside.id, conversationId: rated, messageIndex: 1, rating: 'poor', adminNotes: 'Missing the regular deadline', category: 'accuracy' },
    { schoolId: riverside.id, conversationId: quoted, messageIndex: 1, rating: 'excellent', adminNotes: 'Clear', category: 'tone' },
  ]);
});

describe('GET /conversations/export', () => {
  it('streams CSV, one row per conversation, newest first, quoted so a parser reads every field back', async () => {
    const res = await exportOf(riverside, { format: 'csv' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="conversations-${new Date().toISOString().slice(0, 10)}.csv"`);
    const rows = csvRows(res.json);
    expect(rows.map((r) => r.session_id)).toEqual(['sess-quoted', 'sess-test', 'sess-deadline', 'sess-opened', 'sess-loaded'].map(ref));
    expect(Object.keys(rows[0]!)).toEqual(['conversation_id', 'session_id', 'source', 'started', 'ended', 'status', 'messages', 'duration_seconds', 'lead', 'lead_id', 'handled_by_staff', 'excellent_ratings', 'poor_ratings', 'thumbs_up', 'thumbs_down', 'topics', 'sentiment', 'first_question']);
    expect(rows[0]).toMatchObject({
      conversation_id: String(quoted),
      source: 'widget',
      status: 'engaged',
      messages: '4',
      duration_seconds: '95',
      lead: 'yes',
      excellent_ratings: '1',
      poor_ratings: '0',
      thumbs_up: '1',
      thumbs_down: '1',
      first_question: 'How much is tuition, "really"?\nAnd fees?',
    });
    expect(Date.parse(rows[0]!.started!)).toBeGreaterThan(Date.now() - 2 * 3600_000);
    expect(rows[2]).toMatchObject({ session_id: ref('sess-deadline'), poor_ratings: '1', excellent_ratings: '0', lead: 'no', lead_id: '', first_question: 'When is the deadline?' });
    expect(rows[3]).toMatchObject({ status: 'opened', messages: '0', first_question: '' });
  });

  it('streams JSONL, one conversation per line with its messages, ratings and thumbs', async () => {
    const res = await exportOf(riverside, { format: 'jsonl' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="conversations-\d{4}-\d{2}-\d{2}\.jsonl"$/);
    const lines = jsonLines(res.json);
    expect(lines).toHaveLength(5);
    const deadline = lines.find((l) => l.session_id === ref('sess-deadline'));
    expect(deadline).toMatchObject({ conversation_id: rated, status: 'engaged', message_count: 2, poor_ratings_count: 1, lead_submitted: false, first_question: 'When is the deadline?' });
    expect(deadline.messages).toEqual([
      expect.objectContaining({ message_index: 0, role: 'user', content: 'When is the deadline?', rating: null }),
      expect.objectContaining({ message_index: 1, role: 'assistant', content: 'December 1.', rating: 'poor', rating_notes: 'Missing the regular deadline', rating_category: 'accuracy', user_feedback_rating: 1 }),
    ]);
    expect(Date.parse(deadline.messages[0].timestamp)).not.toBeNaN();
    expect(lines.find((l) => l.session_id === ref('sess-opened')).messages).toEqual([]);
  });

  it('applies the list filters: source, status, date range (a date alone ends at the end of its day) and text', async () => {
    // The references, read back as the session ids the test made them from.
    const bySession = new Map(['sess-quoted', 'sess-test', 'sess-deadline', 'sess-opened', 'sess-loaded'].map((s) => [ref(s), s]));
    const sessions = async (q: Record<string, string>) => csvRows((await exportOf(riverside, { format: 'csv', ...q })).json).map((r) => bySession.get(r.session_id!) ?? r.session_id);
    expect(await sessions({ source: 'test_chat' })).toEqual(['sess-test']);
    expect(await sessions({ source: 'widget', status: 'engaged' })).toEqual(['sess-quoted', 'sess-deadline']);
    expect(await sessions({ status: 'widget_loaded' })).toEqual(['sess-loaded']);
    expect(await sessions({ from_date: new Date(Date.now() - 7 * 86400_000).toISOString() })).toEqual(['sess-quoted', 'sess-test', 'sess-deadline']);
    expect(await sessions({ from_date: new Date(Date.now() - 30 * 86400_000).toISOString(), to_date: new Date(Date.now() - 86400_000).toISOString() })).toEqual(['sess-deadline', 'sess-opened']);
    const today = new Date().toISOString().slice(0, 10);
    const tenDaysAgo = new Date(Date.now() - 10 * 86400_000).toISOString().slice(0, 10);
    expect(await sessions({ from_date: tenDaysAgo, to_date: tenDaysAgo })).toEqual(['sess-opened']);
    expect((await sessions({ to_date: today })).length).toBe(5);
    // Text: the conversation's reference (whole or part) or the first question, case-insensitive;
    // % and _ are plain characters. The session id a reference is made from finds nothing.
    expect(await sessions({ q: 'DEADLINE' })).toEqual(['sess-deadline']);
    expect(await sessions({ q: 'tuition, "really' })).toEqual(['sess-quoted']);
    expect(await sessions({ q: ref('sess-opened') })).toEqual(['sess-opened']);
    expect(await sessions({ q: ref('sess-opened').slice(4, 16).toUpperCase() })).toEqual(['sess-opened']);
    expect(await sessions({ q: 'sess-op' })).toEqual([]);
    expect(await sessions({ q: '%' })).toEqual([]);
    expect(await sessions({ q: 'December' })).toEqual([]); // answers are not searched
    expect(jsonLines((await exportOf(riverside, { format: 'jsonl', q: 'housing' })).json).map((l) => l.session_id)).toEqual([ref('sess-test')]);
  });

  it("carries each conversation's reference, never the session id, in CSV and JSONL", async () => {
    const raw = ['sess-quoted', 'sess-test', 'sess-deadline', 'sess-opened', 'sess-loaded'];
    for (const format of ['csv', 'jsonl']) {
      const { text } = await exportOf(riverside, { format });
      for (const s of raw) {
        expect(text).toContain(ref(s));
        expect(text).not.toContain(s);
      }
    }
    const rows = csvRows((await exportOf(riverside, { format: 'csv' })).json);
    expect(rows.every((r) => /^c-[0-9a-f]{20}$/.test(r.session_id!))).toBe(true);
  });

  it("never shows another school's conversations", async () => {
    const mine = csvRows((await exportOf(other, { format: 'csv' })).json);
    expect(mine.map((r) => r.session_id)).toEqual([ref('sess-secret')]);
    const theirs = (await exportOf(riverside, { format: 'jsonl', q: 'secret' })).json;
    expect(theirs).toBe('');
    expect(JSON.stringify(jsonLines((await exportOf(riverside, { format: 'jsonl' })).json))).not.toContain('Secret');
  });

  it("gives the Logs tab each conversation's first question, never another school's", async () => {
    const ctx = await principalFromRequest(new Request('http://localhost/', { headers: { authorization: `Bearer ${riverside.token}` } }));
    const [secret] = await (await getDb()).select({ id: conversations.id }).from(conversations).where(eq(conversations.sessionId, 'sess-secret'));
    const questions = await firstQuestions(ctx, [quoted, rated, secret!.id]);
    expect(Object.fromEntries(questions)).toEqual({ [quoted]: 'How much is tuition, "really"?\nAnd fees?', [rated]: 'When is the deadline?' });
  });

  it('answers a header-only CSV and an empty JSONL when nothing matches', async () => {
    const csv = await exportOf(riverside, { format: 'csv', q: 'nothing matches this' });
    expect(csv.status).toBe(200);
    expect(csvRows(csv.json)).toEqual([]);
    expect(csv.json.split('\n')[0]).toMatch(/^conversation_id,session_id,/);
    expect((await exportOf(riverside, { format: 'jsonl', q: 'nothing matches this' })).json).toBe('');
  });

  it('reads past one batch: every conversation once, in order', async () => {
    const school = await schoolNamed('bea@lantern.test', 'Batch College');
    const db = await getDb();
    const n = EXPORT_BATCH * 2 + 7;
    // Many conversations share one start time: the keyset cursor must still visit each once.
    await db.execute(sql`insert into conversations (school_id, session_id, status, started_at, ended_at, message_count)
      select ${school.id}, 'bulk-' || g, 'engaged', date_trunc('minute', now()) - (g % 3) * interval '1 minute', now(), 2 from generate_series(1, ${n}) g`);
    await db.execute(sql`insert into conversation_messages (conversation_id, school_id, position, role, content)
      select c.id, c.school_id, p, case when p = 0 then 'user' else 'assistant' end, 'q ' || c.id || ' ' || p from conversations c, generate_series(0, 1) p where c.school_id = ${school.id}`);
    const lines = jsonLines((await exportOf(school, { format: 'jsonl' })).json);
    expect(lines).toHaveLength(n);
    expect(new Set(lines.map((l) => l.session_id)).size).toBe(n);
    expect(lines.every((l) => l.messages.length === 2 && l.messages[0].content === `q ${l.conversation_id} 0`)).toBe(true);
    const starts = lines.map((l) => Date.parse(l.started_at));
    expect(starts).toEqual([...starts].sort((a, b) => b - a));
    expect(csvRows((await exportOf(school, { format: 'csv' })).json)).toHaveLength(n);
  });

  it('answers 401 without a token and 422 for a bad format or filter, in the FastAPI shape', async () => {
    expect((await exportOf(null, { format: 'csv' })).status).toBe(401);
    // The staff session is read only for this site's own pages: another site's link gets no further.
    expect((await exportOf(null, { format: 'csv' }, { host: 'localhost:3000', 'sec-fetch-site': 'cross-site' })).status).toBe(401);
    expect((await exportOf(null, { format: 'csv' }, { host: 'localhost:3000', origin: 'https://evil.example' })).status).toBe(401);
    // A same-origin download without a signed-in session.
    expect((await new Browser().run(() => exportOf(null, { format: 'csv' }, { host: 'localhost:3000', 'sec-fetch-site': 'same-origin' }))).status).toBe(401);
    const bad = await exportOf(riverside, { format: 'xml' });
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0]).toMatchObject({ loc: ['query', 'format'], type: expect.any(String), msg: expect.any(String) });
    expect((await exportOf(riverside, { format: 'csv', status: 'asleep' })).status).toBe(422);
    expect((await exportOf(riverside, { format: 'csv', from_date: 'yesterday' })).status).toBe(422);
    expect((await exportOf(riverside, { format: 'csv', q: 'x'.repeat(201) })).status).toBe(422);
  });

  it('is documented in /openapi.json', () => {
    const doc = buildOpenApiDocument() as { paths: Record<string, Record<string, { parameters?: { name: string }[] }>> };
    const op = doc.paths['/conversations/export']!.get!;
    expect(op.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['format', 'source', 'status', 'from_date', 'to_date', 'q']));
  });
});
