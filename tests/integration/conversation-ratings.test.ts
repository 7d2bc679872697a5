import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as ratingRoute from '@/app/(rest)/conversation-ratings/[id]/route';
import * as ratingsRoute from '@/app/(rest)/conversation-ratings/route';
import * as statsRoute from '@/app/(rest)/conversation-ratings/stats/route';
import * as trainingRoute from '@/app/(rest)/conversation-ratings/training-data/route';
import * as conversationRoute from '@/app/(rest)/conversations/[id]/route';
import * as conversationsRoute from '@/app/(rest)/conversations/route';
import * as openapiRoute from '@/app/openapi.json/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversationRatings, conversations, leads } from '@/db/schema';
import { ratedTurnContext } from '@/lib/conversations/ratings';
import { conversationReference } from '@/lib/conversations/reference';
import { engagementScore } from '@/lib/conversations/review';
import { deleteSchoolConversationsBefore } from '@/lib/conversations/retention';
import { staffWithSchool, type StaffSchool } from './staff';
import { call, STRONG_PASSWORD } from './http';

// Staff ratings of the assistant's answers, their stats and
// training data, and the conversation list and detail that show them.

type School = StaffSchool;
let su: string;
let a: School;
let b: School;

const schoolNamed = (email: string, name: string) => staffWithSchool(su, email, name);

type Msg = { role: 'user' | 'assistant' | 'system'; content: string; thumbs?: 1 | -1 };

/** A conversation with these messages (positions 0…), started `minutes` ago and lasting `seconds`. */
async function conversation(school: School, session: string, msgs: Msg[], opts: { minutes?: number; seconds?: number; status?: 'widget_loaded' | 'opened' | 'engaged'; leadId?: number } = {}) {
  const db = await getDb();
  const minutes = opts.minutes ?? 10;
  const [c] = await db
    .insert(conversations)
    .values({
      schoolId: school.id,
      sessionId: session,
      status: opts.status ?? (msgs.length ? 'engaged' : 'widget_loaded'),
      startedAt: sql`now() - ${`${minutes} minutes`}::interval`,
      endedAt: sql`now() - ${`${minutes} minutes`}::interval + ${`${opts.seconds ?? 60} seconds`}::interval`,
      messageCount: msgs.length,
      leadId: opts.leadId ?? null,
    })
    .returning({ id: conversations.id });
  if (msgs.length) {
    await db
      .insert(conversationMessages)
      .values(msgs.map((m, i) => ({ conversationId: c!.id, schoolId: school.id, position: i, role: m.role, content: m.content, userFeedbackRating: m.thumbs ?? null })));
  }
  return c!.id;
}

const rate = (body: Record<string, unknown>, as: School = a) => call(ratingsRoute.POST, 'POST', '/conversation-ratings/', { token: as.token, body });
const put = (id: number, body: Record<string, unknown>, as: School = a) => call(ratingRoute.PUT, 'PUT', `/conversation-ratings/${id}`, { token: as.token, body, params: { id: String(id) } });
const del = (id: number, as: School = a) => call(ratingRoute.DELETE, 'DELETE', `/conversation-ratings/${id}`, { token: as.token, params: { id: String(id) } });
const detail = (id: number, as: School = a) => call(conversationRoute.GET, 'GET', `/conversations/${id}`, { token: as.token, params: { id: String(id) } });
/** The training data as JSONL text, read as the stream arrives. */
async function jsonl(token: string, query: Record<string, string> = {}) {
  const url = new URL('http://localhost:3000/conversation-ratings/training-data');
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await trainingRoute.GET(new Request(url, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
  let text = '';
  const decoder = new TextDecoder();
  for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) text += decoder.decode(chunk, { stream: true });
  return { status: res.status, type: res.headers.get('content-type'), text };
}
const ratingCount = async (conversationId: number) =>
  (await (await getDb()).select({ n: sql<number>`count(*)::int` }).from(conversationRatings).where(eq(conversationRatings.conversationId, conversationId)))[0]!.n;

/** Ten messages: a greeting, four question-and-answer pairs, a system note before the last answer. */
const LONG: Msg[] = [
  { role: 'assistant', content: 'Hi! How can I help?' },
  { role: 'user', content: 'Q1 tuition?' },
  { role: 'assistant', content: 'A1 $24,500.' },
  { role: 'user', content: 'Q2 deadline?' },
  { role: 'assistant', content: 'A2 February 1.' },
  { role: 'user', content: 'Q3 housing?' },
  { role: 'user', content: 'Q3b for freshmen?' },
  { role: 'assistant', content: 'A3 guaranteed.' },
  { role: 'system', content: 'lead captured' },
  { role: 'user', content: 'Q4 tours?' },
  { role: 'assistant', content: 'A4 weekdays.', thumbs: -1 },
];

let convA: number;

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'cr@lantern.test', password: STRONG_PASSWORD, username: 'crroot', first_name: 'C', last_name: 'R' } })).json.access_token;
  a = await schoolNamed('ada@lantern.test', 'Alder College');
  b = await schoolNamed('bobby@lantern.test', 'Birch College');
  convA = await conversation(a, 'long', LONG);
});

describe('rating rules', () => {
  it('rates an assistant message (201), then a second rating of it answers 409', async () => {
    const id = await conversation(a, 'rules-1', [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
    const res = await rate({ conversation_id: id, message_index: 1, rating: 'poor', admin_notes: '  Too short  ', category: 'helpfulness' });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({
      id: expect.any(Number),
      conversation_id: id,
      message_index: 1,
      rating: 'poor',
      admin_notes: 'Too short',
      category: 'helpfulness',
      context_turns: 2,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
    const again = await rate({ conversation_id: id, message_index: 1, rating: 'excellent', admin_notes: 'x' });
    expect(again.status).toBe(409);
    expect(await ratingCount(id)).toBe(1);
  });

  it('refuses bad input with 4xx and stores nothing', async () => {
    const id = await conversation(a, 'rules-bad', [
      { role: 'system', content: 'note' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
    const ok = { conversation_id: id, message_index: 2, rating: 'excellent', admin_notes: 'Good' };
    const cases: [Record<string, unknown>, number, (string | number)[]?, string?][] = [
      [{ ...ok, message_index: 1 }, 422, ['body', 'message_index'], 'Only assistant messages can be rated'],
      [{ ...ok, message_index: 0 }, 422, ['body', 'message_index'], 'Only assistant messages can be rated'],
      [{ ...ok, message_index: 3 }, 422, ['body', 'message_index'], 'Message index out of range'],
      [{ ...ok, message_index: -1 }, 422, ['body', 'message_index']],
      [{ ...ok, context_turns: 0 }, 422, ['body', 'context_turns']],
      [{ ...ok, context_turns: 5 }, 422, ['body', 'context_turns']],
      [{ ...ok, context_turns: 2.5 }, 422, ['body', 'context_turns']],
      [{ ...ok, category: 'spelling' }, 422, ['body', 'category']],
      [{ ...ok, admin_notes: '   ' }, 422, ['body', 'admin_notes'], 'Rating and comment are required'],
      [{ ...ok, admin_notes: undefined }, 422, ['body', 'admin_notes'], 'Rating and comment are required'],
      [{ ...ok, rating: undefined }, 422, ['body', 'rating'], 'Rating and comment are required'],
      [{ ...ok, rating: 'meh' }, 422, ['body', 'rating'], 'Rating and comment are required'],
      [{ ...ok, conversation_id: 2147483000 }, 404],
    ];
    for (const [body, status, loc, msg] of cases) {
      const res = await rate(body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      if (loc) expect(res.json.detail[0].loc, JSON.stringify(body)).toEqual(loc);
      if (msg) expect(res.json.detail[0].msg, JSON.stringify(body)).toBe(msg);
    }
    // Another school's conversation is not found, like a missing one.
    const res = await rate(ok, b);
    expect(res.status).toBe(404);
    expect(await ratingCount(id)).toBe(0);
    expect((await rate(ok)).status).toBe(201);
  });

  it('edits and deletes a rating; another school gets 404 and changes nothing', async () => {
    const id = await conversation(a, 'rules-edit', [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
    const created = (await rate({ conversation_id: id, message_index: 1, rating: 'poor', admin_notes: 'Wrong', category: 'accuracy', context_turns: 3 })).json;
    expect((await put(created.id, { rating: 'excellent' }, b)).status).toBe(404);
    expect((await del(created.id, b)).status).toBe(404);
    const [kept] = await (await getDb()).select().from(conversationRatings).where(eq(conversationRatings.id, created.id));
    expect(kept).toMatchObject({ rating: 'poor', adminNotes: 'Wrong', category: 'accuracy', contextTurns: 3 });
    expect((await put(created.id, { admin_notes: '' })).status).toBe(422);
    expect((await put(created.id, { context_turns: 5 })).status).toBe(422);
    const edited = await put(created.id, { rating: 'excellent', admin_notes: 'Fine after all', category: null });
    expect(edited.status).toBe(200);
    expect(edited.json).toMatchObject({ id: created.id, rating: 'excellent', admin_notes: 'Fine after all', category: null, context_turns: 3 });
    const m = (await detail(id)).json.messages[1];
    expect(m).toMatchObject({ rating: 'excellent', rating_id: created.id, rating_notes: 'Fine after all', rating_category: null });
    expect((await put(999999, { rating: 'poor' })).status).toBe(404);
    const gone = await del(created.id);
    expect(gone.status).toBe(200);
    expect(gone.json).toEqual({ message: expect.any(String) });
    expect((await del(created.id)).status).toBe(404);
    expect((await detail(id)).json.messages[1]).toMatchObject({ rating: null, rating_id: null, rating_notes: null });
  });

  it('answers 401 without a token on every route', async () => {
    expect((await call(ratingsRoute.POST, 'POST', '/conversation-ratings/', { body: { conversation_id: convA, message_index: 2, rating: 'poor', admin_notes: 'x' } })).status).toBe(401);
    expect((await call(ratingRoute.PUT, 'PUT', '/conversation-ratings/1', { body: { rating: 'poor' }, params: { id: '1' } })).status).toBe(401);
    expect((await call(ratingRoute.DELETE, 'DELETE', '/conversation-ratings/1', { params: { id: '1' } })).status).toBe(401);
    expect((await call(statsRoute.GET, 'GET', '/conversation-ratings/stats')).status).toBe(401);
    expect((await call(trainingRoute.GET, 'GET', '/conversation-ratings/training-data')).status).toBe(401);
    expect((await call(conversationsRoute.GET, 'GET', '/conversations/')).status).toBe(401);
    expect(await ratingCount(convA)).toBe(0);
  });
});

describe('openapi', () => {
  it('documents every ratings route', async () => {
    const doc = await openapiRoute.GET().json();
    expect(Object.keys(doc.paths['/conversation-ratings/'])).toEqual(['post']);
    expect(Object.keys(doc.paths['/conversation-ratings/{id}']).sort()).toEqual(['delete', 'put']);
    expect(doc.paths['/conversation-ratings/stats'].get).toBeDefined();
    expect(doc.paths['/conversation-ratings/training-data'].get.parameters.map((p: { name: string }) => p.name)).toEqual(['format', 'rating', 'category']);
  });
});

describe('training data', () => {
  it('counts context turns in question-and-answer pairs before the rated answer', () => {
    const msgs = LONG.map((m, i) => ({ position: i, role: m.role, content: m.content }));
    const text = (turns: number, index = 10) => ratedTurnContext(msgs, index, turns).map((t) => t.content);
    // The rated answer's own question (Q4) always; then `turns` earlier pairs; the system note never.
    expect(text(1)).toEqual(['Q3 housing?', 'Q3b for freshmen?', 'A3 guaranteed.', 'Q4 tours?', 'A4 weekdays.']);
    expect(text(2)).toEqual(['Q2 deadline?', 'A2 February 1.', 'Q3 housing?', 'Q3b for freshmen?', 'A3 guaranteed.', 'Q4 tours?', 'A4 weekdays.']);
    expect(text(3)).toEqual(['Q1 tuition?', 'A1 $24,500.', 'Q2 deadline?', 'A2 February 1.', 'Q3 housing?', 'Q3b for freshmen?', 'A3 guaranteed.', 'Q4 tours?', 'A4 weekdays.']);
    expect(text(4)).toEqual(text(3)); // fewer pairs than asked: from the visitor's first question (the greeting is not a pair)
    expect(text(1, 2)).toEqual(['Q1 tuition?', 'A1 $24,500.']);
    expect(text(2, 0)).toEqual(['Hi! How can I help?']);
    expect(ratedTurnContext(msgs, 10, 1).map((t) => t.role)).toEqual(['user', 'user', 'assistant', 'user', 'assistant']);
  });

  it('streams JSONL line by line and answers JSON, with the rating filter; only the own school', async () => {
    const school = await schoolNamed('tdata@lantern.test', 'Training College');
    const conv = await conversation(school, 'td', LONG);
    const r1 = (await rate({ conversation_id: conv, message_index: 10, rating: 'poor', admin_notes: 'Say which days', category: 'accuracy', context_turns: 1 }, school)).json;
    const r2 = (await rate({ conversation_id: conv, message_index: 4, rating: 'excellent', admin_notes: 'Exact' }, school)).json;
    await rate({ conversation_id: convA, message_index: 2, rating: 'poor', admin_notes: 'other school' });

    const res = await jsonl(school.token, { format: 'jsonl' });
    expect(res.status).toBe(200);
    expect(res.type).toMatch(/^application\/x-ndjson/);
    const lines = res.text.split('\n');
    expect(lines.at(-1)).toBe('');
    const records = lines.slice(0, -1).map((l) => JSON.parse(l));
    expect(records).toEqual([
      {
        messages: [
          { role: 'user', content: 'Q3 housing?' },
          { role: 'user', content: 'Q3b for freshmen?' },
          { role: 'assistant', content: 'A3 guaranteed.' },
          { role: 'user', content: 'Q4 tours?' },
          { role: 'assistant', content: 'A4 weekdays.' },
        ],
        rating: 'poor',
        category: 'accuracy',
        admin_notes: 'Say which days',
        conversation_id: conv,
        message_index: 10,
        context_turns: 1,
        rating_id: r1.id,
      },
      {
        messages: [
          { role: 'user', content: 'Q1 tuition?' },
          { role: 'assistant', content: 'A1 $24,500.' },
          { role: 'user', content: 'Q2 deadline?' },
          { role: 'assistant', content: 'A2 February 1.' },
        ],
        rating: 'excellent',
        category: null,
        admin_notes: 'Exact',
        conversation_id: conv,
        message_index: 4,
        context_turns: 2,
        rating_id: r2.id,
      },
    ]);

    const json = await call(trainingRoute.GET, 'GET', '/conversation-ratings/training-data', { token: school.token, query: { format: 'json', rating: 'excellent' } });
    expect(json.status).toBe(200);
    expect(json.json).toEqual([records[1]]);
    const poorOnly = await jsonl(school.token, { rating: 'poor' });
    expect(poorOnly.text.trim().split('\n').map((l) => JSON.parse(l).rating_id)).toEqual([r1.id]);
    expect((await call(trainingRoute.GET, 'GET', '/conversation-ratings/training-data', { token: school.token, query: { format: 'csv' } })).status).toBe(422);
    // School B has no ratings: an empty stream, nothing of the others.
    const none = await jsonl(b.token);
    expect(none.status).toBe(200);
    expect(none.text).toBe('');
    expect((await call(trainingRoute.GET, 'GET', '/conversation-ratings/training-data', { token: b.token, query: { format: 'json' } })).json).toEqual([]);
  });

  it('reads every rating across batches', async () => {
    const school = await schoolNamed('many@lantern.test', 'Many College');
    const msgs: Msg[] = Array.from({ length: 1202 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `m${i}` }));
    const conv = await conversation(school, 'many', msgs);
    const db = await getDb();
    await db.insert(conversationRatings).values(Array.from({ length: 601 }, (_, i) => ({ schoolId: school.id, conversationId: conv, messageIndex: 2 * i + 1, rating: 'excellent' as const, adminNotes: 'ok', contextTurns: 1 })));
    const res = await jsonl(school.token);
    const lines = res.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(601);
    expect(lines[600].messages.map((m: { content: string }) => m.content)).toEqual(['m1198', 'm1199', 'm1200', 'm1201']);
  });
});

describe('stats', () => {
  it('counts by rating, category and day within the range; only the own school', async () => {
    const school = await schoolNamed('stats@lantern.test', 'Stats College');
    const conv = await conversation(school, 'st', LONG);
    await rate({ conversation_id: conv, message_index: 2, rating: 'poor', admin_notes: 'a', category: 'accuracy' }, school);
    await rate({ conversation_id: conv, message_index: 4, rating: 'poor', admin_notes: 'b', category: 'tone' }, school);
    await rate({ conversation_id: conv, message_index: 7, rating: 'excellent', admin_notes: 'c' }, school);
    const old = (await rate({ conversation_id: conv, message_index: 10, rating: 'excellent', admin_notes: 'd', category: 'tone' }, school)).json;
    await (await getDb()).update(conversationRatings).set({ createdAt: sql`now() - interval '40 days'` }).where(eq(conversationRatings.id, old.id));

    const res = await call(statsRoute.GET, 'GET', '/conversation-ratings/stats', { token: school.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ total: 3, by_rating: { excellent: 1, poor: 2 }, by_category: { accuracy: 1, tone: 1, helpfulness: 0, lead_capture: 0, other: 0, uncategorized: 1 } });
    expect(res.json.per_day).toHaveLength(30);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.json.to_date).toBe(today);
    expect(res.json.per_day.at(-1)).toEqual({ date: today, excellent: 1, poor: 2, total: 3 });

    const wide = await call(statsRoute.GET, 'GET', '/conversation-ratings/stats', { token: school.token, query: { days: 60 } });
    expect(wide.json).toMatchObject({ total: 4, by_rating: { excellent: 2, poor: 2 } });
    expect(wide.json.per_day.reduce((n: number, d: { total: number }) => n + d.total, 0)).toBe(4);
    const range = await call(statsRoute.GET, 'GET', '/conversation-ratings/stats', { token: school.token, query: { from_date: '2020-01-01', to_date: '2020-01-03' } });
    expect(range.json).toMatchObject({ from_date: '2020-01-01', to_date: '2020-01-03', total: 0 });
    expect(range.json.per_day.map((d: { date: string }) => d.date)).toEqual(['2020-01-01', '2020-01-02', '2020-01-03']);
    const bad = await call(statsRoute.GET, 'GET', '/conversation-ratings/stats', { token: school.token, query: { from_date: '2020-02-01', to_date: '2020-01-01' } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].msg).toBe('From date cannot be after to date');
    expect((await call(statsRoute.GET, 'GET', '/conversation-ratings/stats', { token: school.token, query: { days: 0 } })).status).toBe(422);
    expect((await call(statsRoute.GET, 'GET', '/conversation-ratings/stats', { token: school.token, query: { from_date: 'yesterday' } })).status).toBe(422);
    // Another school sees none of these.
    const other = await schoolNamed('stats2@lantern.test', 'Quiet College');
    expect((await call(statsRoute.GET, 'GET', '/conversation-ratings/stats', { token: other.token })).json.total).toBe(0);
  });
});

describe('conversation list and detail', () => {
  it('lists the real rating and thumbs counts, newest first, only the own school', async () => {
    const school = await schoolNamed('lister@lantern.test', 'List College');
    const older = await conversation(school, 'older', LONG, { minutes: 30 });
    const newer = await conversation(school, 'newer', [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello', thumbs: 1 },
      { role: 'user', content: 'Bye' },
      { role: 'assistant', content: 'Bye!', thumbs: 1 },
    ]);
    const loaded = await conversation(school, 'loaded', [], { minutes: 60 });
    await rate({ conversation_id: older, message_index: 2, rating: 'poor', admin_notes: 'a' }, school);
    await rate({ conversation_id: older, message_index: 4, rating: 'poor', admin_notes: 'b' }, school);
    await rate({ conversation_id: older, message_index: 7, rating: 'excellent', admin_notes: 'c' }, school);
    await rate({ conversation_id: newer, message_index: 3, rating: 'excellent', admin_notes: 'd' }, school);

    const res = await call(conversationsRoute.GET, 'GET', '/conversations/', { token: school.token, query: { limit: 10000 } });
    expect(res.status).toBe(200);
    expect(res.json.map((c: { id: number }) => c.id)).toEqual([newer, older, loaded]);
    expect(res.json[0]).toEqual({
      id: newer,
      session_id: conversationReference('newer'),
      source: 'widget',
      status: 'engaged',
      started_at: expect.any(String),
      ended_at: expect.any(String),
      message_count: 4,
      widget_opened_at: null,
      lead_id: null,
      excellent_ratings_count: 1,
      poor_ratings_count: 0,
      user_thumbs_up_count: 2,
      user_thumbs_down_count: 0,
      // The visitor's language (none detected for these stored turns), the handoff flag, and whether a person joined.
      language: null,
      handoff_at: null,
      human_handled: false,
    });
    expect(res.json[1]).toMatchObject({ id: older, excellent_ratings_count: 1, poor_ratings_count: 2, user_thumbs_up_count: 0, user_thumbs_down_count: 1 });
    expect(res.json[2]).toMatchObject({ id: loaded, excellent_ratings_count: 0, poor_ratings_count: 0, user_thumbs_up_count: 0, message_count: 0 });
    const page = await call(conversationsRoute.GET, 'GET', '/conversations/', { token: school.token, query: { limit: 1, offset: 1 } });
    expect(page.json.map((c: { id: number }) => c.id)).toEqual([older]);
    expect((await call(conversationsRoute.GET, 'GET', '/conversations/', { token: school.token, query: { limit: 10001 } })).status).toBe(422);
    const otherList = await call(conversationsRoute.GET, 'GET', '/conversations/', { token: b.token, query: { limit: 10000 } });
    expect(otherList.json.map((c: { id: number }) => c.id)).not.toContain(older);
  });

  it('answers the detail with ratings, thumbs, engagement, key points and the lead', async () => {
    const school = await schoolNamed('detail@lantern.test', 'Detail College');
    const db = await getDb();
    const [lead] = await db.insert(leads).values({ schoolId: school.id, firstName: 'Ava', email: 'ava@example.com', source: 'chatbot_conversation' }).returning({ id: leads.id });
    const conv = await conversation(school, 'detail', LONG, { seconds: 150, leadId: lead!.id });
    const r = (await rate({ conversation_id: conv, message_index: 10, rating: 'poor', admin_notes: 'Name the days', category: 'accuracy', context_turns: 4 }, school)).json;
    await rate({ conversation_id: conv, message_index: 2, rating: 'excellent', admin_notes: 'Right' }, school);

    const res = await detail(conv, school);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      conversation_id: conv,
      session_id: conversationReference('detail'),
      source: 'widget',
      lead_id: lead!.id,
      lead_submitted: true,
      excellent_count: 1,
      poor_count: 1,
      overall_sentiment: null,
      conversation_topics: [],
      key_points: ['Q1 tuition?', 'Q2 deadline?', 'Q3 housing?'],
      // engaged 0.4 + 5 visitor messages (0.4 at most) + 150 s of 300 (0.1)
      engagement_score: 0.9,
      duration_seconds: 150,
    });
    expect(res.json.messages).toHaveLength(11);
    expect(res.json.messages[10]).toMatchObject({
      message_index: 10,
      role: 'assistant',
      content: 'A4 weekdays.',
      user_feedback_rating: -1,
      rating: 'poor',
      rating_id: r.id,
      rating_notes: 'Name the days',
      rating_category: 'accuracy',
      sentiment: null,
      topics: [],
    });
    expect(res.json.messages[1]).toMatchObject({ role: 'user', rating: null, rating_id: null, user_feedback_rating: null });
    // Another school's conversation is not found; a missing one neither.
    expect((await detail(conv, b)).status).toBe(404);
    expect((await detail(2147483000, school)).status).toBe(404);
  });

  it('scores engagement from status, visitor messages and duration', () => {
    expect(engagementScore('widget_loaded', 0, 0)).toBe(0);
    expect(engagementScore('opened', 0, 30_000)).toBe(0.22);
    expect(engagementScore('engaged', 1, 60_000)).toBe(0.54);
    expect(engagementScore('engaged', 10, 3_600_000)).toBe(1);
  });
});

describe('retention', () => {
  it('deleting a conversation deletes its ratings', async () => {
    const school = await schoolNamed('retain@lantern.test', 'Retention College');
    const conv = await conversation(school, 'gone', LONG, { minutes: 60 * 24 * 100 });
    await rate({ conversation_id: conv, message_index: 2, rating: 'poor', admin_notes: 'a' }, school);
    expect(await ratingCount(conv)).toBe(1);
    await deleteSchoolConversationsBefore(school.id, new Date(Date.now() - 90 * 86_400_000), { rest: 0 });
    expect(await ratingCount(conv)).toBe(0);
    expect((await detail(conv, school)).status).toBe(404);
  });
});
