import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as sentimentRoute from '@/app/(rest)/conversation-analytics/sentiment-categories/route';
import * as conversationSummaryRoute from '@/app/(rest)/conversation-analytics/summary/route';
import * as topicRoute from '@/app/(rest)/conversation-analytics/topic-categories/route';
import * as analyticsRoute from '@/app/(rest)/conversations/analytics/route';
import * as generateRoute from '@/app/(rest)/conversations/stats/generate-daily/route';
import { getDb, resultRows } from '@/db/client';
import { conversationDailyStats, conversationMessages, conversations, leads } from '@/db/schema';
import { generateDailyStatsForAllSchools } from '@/lib/analytics/summary';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';
import { findTask } from '@/lib/jobs/define';
import { background } from '@/background';

// The analytics API counted by hand from rows inserted directly. Days are UTC.

const DAY = 86_400_000;
const todayStart = Date.parse(`${new Date().toISOString().slice(0, 10)}T00:00:00Z`);
/** `days` days before today (UTC) at hh:mm:ss. */
const at = (days: number, time: string) => new Date(todayStart - days * DAY + Date.parse(`1970-01-01T${time}Z`));
const dayOf = (days: number) => new Date(todayStart - days * DAY).toISOString().slice(0, 10);

let su: string;
let a: StaffSchool;
let b: StaffSchool;

type Msg = { role: 'user' | 'assistant'; content: string; at: Date; rt?: number; sentiment?: 'positive' | 'neutral' | 'negative'; topics?: string[] };

async function conversation(school: StaffSchool, session: string, o: { status: 'widget_loaded' | 'opened' | 'engaged'; start: Date; seconds: number; source?: 'widget' | 'test_chat'; leadId?: number; messages?: Msg[] }) {
  const db = await getDb();
  const messages = o.messages ?? [];
  const [c] = await db
    .insert(conversations)
    .values({
      schoolId: school.id, sessionId: session, source: o.source ?? 'widget', status: o.status, startedAt: o.start,
      endedAt: new Date(o.start.getTime() + o.seconds * 1000), messageCount: messages.length, leadId: o.leadId ?? null,
      widgetOpenedAt: o.status === 'widget_loaded' ? null : o.start,
    })
    .returning({ id: conversations.id });
  for (const [position, m] of messages.entries()) {
    await db.insert(conversationMessages).values({
      conversationId: c!.id, schoolId: school.id, position, role: m.role, content: m.content, createdAt: m.at, responseTimeMs: m.rt ?? null,
      sentiment: m.sentiment ?? null, topics: m.topics ? m.topics.map((category) => ({ category, confidence: 0.9 })) : null, analyzedAt: m.sentiment ? m.at : null,
    });
  }
  return c!.id;
}

async function lead(school: StaffSchool, o: { source: 'chatbot_conversation' | 'chatbot_quickinfocard'; at: Date; email?: string; phone?: string; isTest?: boolean }) {
  const db = await getDb();
  const [l] = await db
    .insert(leads)
    .values({ schoolId: school.id, firstName: 'L', email: o.email ?? null, phone: o.phone ?? null, source: o.source, isTest: o.isTest ?? false, createdAt: o.at })
    .returning({ id: leads.id });
  return l!.id;
}

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'an@lantern.test', password: STRONG_PASSWORD, username: 'anroot', first_name: 'A', last_name: 'N' } })).json.access_token;
  a = await staffWithSchool(su, 'ana@lantern.test', 'Analytics College');
  b = await staffWithSchool(su, 'ben@lantern.test', 'Bystander College');

  // School A. Yesterday: an engaged conversation with a lead after two messages, and an opened one.
  const l1 = await lead(a, { source: 'chatbot_conversation', at: at(1, '10:00:30'), email: 'l1@example.com', phone: '555-0100' });
  await conversation(a, 'c1', {
    status: 'engaged', start: at(1, '10:00:00'), seconds: 120, leadId: l1,
    messages: [
      { role: 'user', content: 'Hello', at: at(1, '10:00:00'), sentiment: 'positive', topics: ['casual_chat'] },
      { role: 'assistant', content: 'Hi there', at: at(1, '10:00:10'), rt: 1000 },
      { role: 'user', content: 'Tuition?', at: at(1, '10:01:00'), sentiment: 'neutral', topics: ['financial_aid', 'admissions'] },
      { role: 'assistant', content: 'It is $10', at: at(1, '10:01:10'), rt: 3000 },
    ],
  });
  await conversation(a, 'c2', { status: 'opened', start: at(1, '15:00:00'), seconds: 10 });
  await lead(a, { source: 'chatbot_quickinfocard', at: at(1, '12:00:00'), email: 'l2@example.com' });
  // Today: a session that only loaded the widget.
  await conversation(a, 'c3', { status: 'widget_loaded', start: at(0, '00:00:01'), seconds: 0 });
  // Three days ago: engaged, no lead.
  await conversation(a, 'c4', {
    status: 'engaged', start: at(3, '09:00:00'), seconds: 60,
    messages: [
      { role: 'user', content: 'Apply', at: at(3, '09:00:00'), sentiment: 'neutral', topics: ['admissions'] },
      { role: 'assistant', content: 'Go online', at: at(3, '09:00:05'), rt: 2000 },
    ],
  });
  // Never counted: a test chat with a test lead, and (in the 30-day window) a conversation 40 days old.
  const testLead = await lead(a, { source: 'chatbot_conversation', at: at(1, '11:00:30'), email: 't@example.com', phone: '1', isTest: true });
  await conversation(a, 'c5', {
    status: 'engaged', start: at(1, '11:00:00'), seconds: 500, source: 'test_chat', leadId: testLead,
    messages: [
      { role: 'user', content: 'I hate this test', at: at(1, '11:00:00'), sentiment: 'negative', topics: ['unclear'] },
      { role: 'assistant', content: 'Sorry', at: at(1, '11:00:05'), rt: 99999 },
    ],
  });
  await conversation(a, 'c6', {
    status: 'engaged', start: at(40, '08:00:00'), seconds: 30,
    messages: [
      { role: 'user', content: 'Old question', at: at(40, '08:00:00'), sentiment: 'negative', topics: ['athletics'] },
      { role: 'assistant', content: 'Old answer', at: at(40, '08:00:05'), rt: 7000 },
    ],
  });
  // An unanalysed visitor message (the analysis task has not reached it): not in the topic and sentiment summary.
  await conversation(a, 'c7', { status: 'engaged', start: at(2, '13:00:00'), seconds: 0, messages: [{ role: 'user', content: 'Pending', at: at(2, '13:00:00') }] });

  // School B: one engaged conversation and a lead yesterday.
  const lb = await lead(b, { source: 'chatbot_conversation', at: at(1, '09:30:00'), email: 'b@example.com' });
  await conversation(b, 'b1', {
    status: 'engaged', start: at(1, '09:00:00'), seconds: 40, leadId: lb,
    messages: [
      { role: 'user', content: 'B question', at: at(1, '09:00:00'), sentiment: 'negative', topics: ['athletics'] },
      { role: 'assistant', content: 'B answer', at: at(1, '09:00:05'), rt: 500 },
    ],
  });
});

describe('GET /conversations/analytics', () => {
  it('answers the widget summary counted by hand (test chats and old sessions excluded)', async () => {
    const res = await call(analyticsRoute.GET, 'GET', '/conversations/analytics', { token: a.token });
    expect(res.status).toBe(200);
    const s = res.json;
    // Widget sessions in the window: c1, c2, c3, c4, c7.
    expect(s).toMatchObject({
      total_conversations: 5,
      total_messages: 4 + 2 + 1,
      total_characters: 'Hello'.length + 'Hi there'.length + 'Tuition?'.length + 'It is $10'.length + 'Apply'.length + 'Go online'.length + 'Pending'.length,
      avg_response_time_ms: 2000,
      avg_conversation_duration: 60, // engaged: 120, 60, 0
      active_sessions_today: 1,
      engagement_funnel: { widget_loads: 5, widget_opens: 4, conversations_started: 3, load_to_open_rate: 80, open_to_conversation_rate: 75, overall_conversion_rate: 60 },
      total_leads: 2,
      lead_conversion_rate: 66.7,
      leads_today: 0,
      leads_last_7days: 2,
      avg_messages_before_lead: 2,
      lead_quality: { with_email: 2, with_phone: 1, with_both: 1 },
    });
    expect(s.lead_sources).toEqual([
      { source: 'chatbot_conversation', count: 1 },
      { source: 'chatbot_quickinfocard', count: 1 },
    ]);
    expect(s.conversations_by_day).toHaveLength(30);
    expect(s.conversations_by_day[0].date).toBe(dayOf(29));
    expect(s.conversations_by_day[29]).toEqual({ date: dayOf(0), count: 1 });
    expect(s.conversations_by_day[28]).toEqual({ date: dayOf(1), count: 2 });
    expect(s.conversations_by_day.reduce((n: number, d: { count: number }) => n + d.count, 0)).toBe(5);
    expect(s.leads_by_day).toHaveLength(30);
    expect(s.leads_by_day[28]).toEqual({ date: dayOf(1), count: 2 });
    expect(s.conversations_by_hour).toHaveLength(24);
    expect(s.conversations_by_hour.map((h: { hour: number }) => h.hour)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    const hours = Object.fromEntries(s.conversations_by_hour.filter((h: { count: number }) => h.count > 0).map((h: { hour: number; count: number }) => [h.hour, h.count]));
    expect(hours).toEqual({ 0: 1, 9: 1, 10: 1, 13: 1, 15: 1 });
  });

  it("counts days and hours in the school's time zone", async () => {
    // Bogotá is five hours behind UTC all year. A visit at 02:00 UTC yesterday was the evening (21:00)
    // of the day before there; a lead at 03:00 UTC today is local yesterday's.
    const zone = 'America/Bogota';
    const c = await staffWithSchool(su, 'zoe@lantern.test', 'Zone College');
    await (await getDb()).execute(sql`update schools set time_zone = ${zone} where id = ${c.id}`);
    const visit = at(1, '02:00:00');
    const leadAt = at(0, '03:00:00');
    await conversation(c, 'z1', { status: 'opened', start: visit, seconds: 5 });
    const localDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(d);
    const now = new Date();
    if (leadAt < now) await lead(c, { source: 'chatbot_conversation', at: leadAt, email: 'z@example.com' });

    const s = (await call(analyticsRoute.GET, 'GET', '/conversations/analytics', { token: c.token })).json;
    expect(s.conversations_by_day.at(-1).date).toBe(localDay(now));
    expect(s.conversations_by_day.filter((d: { count: number }) => d.count > 0)).toEqual([{ date: localDay(visit), count: 1 }]);
    expect(s.conversations_by_hour.filter((h: { count: number }) => h.count > 0)).toEqual([{ hour: 21, count: 1 }]);
    if (leadAt < now) {
      expect(s.leads_by_day.filter((d: { count: number }) => d.count > 0)).toEqual([{ date: localDay(leadAt), count: 1 }]);
      expect(s.leads_today).toBe(localDay(leadAt) === localDay(now) ? 1 : 0);
    }
  });

  it("never shows another school's numbers", async () => {
    const s = (await call(analyticsRoute.GET, 'GET', '/conversations/analytics', { token: b.token })).json;
    expect(s).toMatchObject({ total_conversations: 1, total_messages: 2, avg_response_time_ms: 500, total_leads: 1, lead_quality: { with_email: 1, with_phone: 0, with_both: 0 } });
  });

  it('answers 401 without a token', async () => {
    const res = await call(analyticsRoute.GET, 'GET', '/conversations/analytics');
    expect(res.status).toBe(401);
    expect(res.json.detail).toEqual(expect.any(String));
  });
});

describe('GET /conversation-analytics/summary', () => {
  it('counts the analysed visitor messages of the window by topic and sentiment', async () => {
    const res = await call(conversationSummaryRoute.GET, 'GET', '/conversation-analytics/summary', { token: a.token, query: { days: 30 } });
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      total_analyzed_turns: 3,
      date_range: { start_date: dayOf(29), end_date: dayOf(0), days: 30 },
      topic_breakdown: [
        { category: 'admissions', name: 'Admissions', count: 2 },
        { category: 'financial_aid', name: 'Financial Aid', count: 1 },
        { category: 'casual_chat', name: 'Casual Chat', count: 1 },
      ],
      sentiment_breakdown: [
        { category: 'positive', name: 'Positive', count: 1, color: '#28a745' },
        { category: 'neutral', name: 'Neutral', count: 2, color: '#6c757d' },
        { category: 'negative', name: 'Negative', count: 0, color: '#dc3545' },
      ],
    });
    const year = (await call(conversationSummaryRoute.GET, 'GET', '/conversation-analytics/summary', { token: a.token, query: { days: 365 } })).json;
    expect(year.total_analyzed_turns).toBe(4);
    expect(year.sentiment_breakdown[2]).toMatchObject({ category: 'negative', count: 1 });
    // Default 30 days; school B sees only its own message.
    const other = (await call(conversationSummaryRoute.GET, 'GET', '/conversation-analytics/summary', { token: b.token })).json;
    expect(other.total_analyzed_turns).toBe(1);
    expect(other.date_range.days).toBe(30);
    expect(other.topic_breakdown).toEqual([{ category: 'athletics', name: 'Athletics', count: 1 }]);
  });

  it.each(['0', '400', 'abc', '1.5'])('answers 422 for days=%s', async (days) => {
    const res = await call(conversationSummaryRoute.GET, 'GET', '/conversation-analytics/summary', { token: a.token, query: { days } });
    expect(res.status).toBe(422);
    expect(res.json.detail[0]).toMatchObject({ loc: ['query', 'days'], type: expect.any(String), msg: expect.any(String) });
  });

  it('answers 401 without a token', async () => {
    expect((await call(conversationSummaryRoute.GET, 'GET', '/conversation-analytics/summary')).status).toBe(401);
  });
});

describe('category lists', () => {
  it('lists the 17 topic categories and 3 sentiments; active_only must be a boolean', async () => {
    const topics = await call(topicRoute.GET, 'GET', '/conversation-analytics/topic-categories', { token: a.token });
    expect(topics.status).toBe(200);
    expect(topics.json).toHaveLength(17);
    expect(topics.json[0]).toEqual({ key: 'academic_programs', name: 'Academic Programs', is_active: true });
    expect((await call(topicRoute.GET, 'GET', '/conversation-analytics/topic-categories', { token: a.token, query: { active_only: 'false' } })).json).toHaveLength(17);
    const sentiments = await call(sentimentRoute.GET, 'GET', '/conversation-analytics/sentiment-categories', { token: a.token, query: { active_only: 'true' } });
    expect(sentiments.json).toEqual([
      { key: 'positive', name: 'Positive', color: '#28a745', is_active: true },
      { key: 'neutral', name: 'Neutral', color: '#6c757d', is_active: true },
      { key: 'negative', name: 'Negative', color: '#dc3545', is_active: true },
    ]);
    for (const handler of [topicRoute.GET, sentimentRoute.GET]) {
      const bad = await call(handler, 'GET', '/conversation-analytics/x', { token: a.token, query: { active_only: 'maybe' } });
      expect(bad.status).toBe(422);
      expect(bad.json.detail[0].loc).toEqual(['query', 'active_only']);
      expect((await call(handler, 'GET', '/conversation-analytics/x')).status).toBe(401);
    }
  });
});

describe('daily stats', () => {
  const rollupOf = async (schoolId: number, day: string) =>
    (await (await getDb()).select().from(conversationDailyStats).where(and(eq(conversationDailyStats.schoolId, schoolId), eq(conversationDailyStats.day, day))))[0];

  it('POST generate-daily defaults to yesterday and the rollup equals the raw rows', async () => {
    const res = await call(generateRoute.POST, 'POST', '/conversations/stats/generate-daily', { token: a.token });
    expect(res.status).toBe(200);
    // Yesterday: c1 (engaged, 4 messages) and c2 (opened); leads l1 and the quick-info card; answers 1000 and 3000 ms.
    expect(res.json).toEqual({ date: dayOf(1), conversations: 2, widget_loaded: 0, widget_opened: 1, engaged: 1, messages: 4, leads: 2, avg_response_time_ms: 2000 });
    const row = await rollupOf(a.id, dayOf(1));
    expect(row).toMatchObject({ conversations: 2, widgetLoaded: 0, widgetOpened: 1, engaged: 1, messages: 4, leads: 2, avgResponseTimeMs: 2000 });

    // Against the raw rows, for every day of the fixture: the same numbers.
    const db = await getDb();
    for (const d of [0, 1, 2, 3, 40]) {
      const day = dayOf(d);
      const generated = (await call(generateRoute.POST, 'POST', '/conversations/stats/generate-daily', { token: a.token, query: { target_date: day } })).json;
      const raw = resultRows<Record<string, number>>(
        await db.execute(sql`
          select count(*)::int as conversations, count(*) filter (where status = 'widget_loaded')::int as widget_loaded,
            count(*) filter (where status = 'opened')::int as widget_opened, count(*) filter (where status = 'engaged')::int as engaged,
            (select count(*)::int from conversation_messages m join conversations c2 on c2.id = m.conversation_id
              where c2.school_id = ${a.id} and c2.source = 'widget' and (c2.started_at at time zone 'UTC')::date = ${day}::date) as messages,
            (select count(*)::int from leads where school_id = ${a.id} and not is_test and (created_at at time zone 'UTC')::date = ${day}::date) as leads
          from conversations where school_id = ${a.id} and source = 'widget' and (started_at at time zone 'UTC')::date = ${day}::date`),
      )[0]!;
      expect(generated).toMatchObject({ date: day, ...Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, Number(v)])) });
      expect((await rollupOf(a.id, day))!.conversations).toBe(Number(raw.conversations));
    }
    // A second run for the same day replaces the row (no duplicates).
    await call(generateRoute.POST, 'POST', '/conversations/stats/generate-daily', { token: a.token, body: { target_date: dayOf(1) } });
    expect(await db.select().from(conversationDailyStats).where(and(eq(conversationDailyStats.schoolId, a.id), eq(conversationDailyStats.day, dayOf(1))))).toHaveLength(1);
  });

  it("fills only the caller's school", async () => {
    const day = dayOf(1);
    const before = await rollupOf(a.id, day);
    const res = await call(generateRoute.POST, 'POST', '/conversations/stats/generate-daily', { token: b.token, query: { target_date: day } });
    expect(res.json).toMatchObject({ conversations: 1, engaged: 1, messages: 2, leads: 1, avg_response_time_ms: 500 });
    expect(await rollupOf(a.id, day)).toEqual(before);
  });

  // Tomorrow is in the future for this UTC school (a school 14 hours ahead may already be there).
  it.each([['not-a-date'], ['2026-13-45'], ['24/11/2026'], [dayOf(-1)], [dayOf(-2)]])('answers 422 for target_date=%s', async (target_date) => {
    const q = await call(generateRoute.POST, 'POST', '/conversations/stats/generate-daily', { token: a.token, query: { target_date } });
    expect(q.status).toBe(422);
    expect(q.json.detail[0].loc).toEqual(['query', 'target_date']);
    const body = await call(generateRoute.POST, 'POST', '/conversations/stats/generate-daily', { token: a.token, body: { target_date } });
    expect(body.status).toBe(422);
    expect(body.json.detail[0].loc).toEqual(['body', 'target_date']);
  });

  it('answers 401 without a token', async () => {
    expect((await call(generateRoute.POST, 'POST', '/conversations/stats/generate-daily')).status).toBe(401);
  });

  it('the daily_stats task fills yesterday for every school', async () => {
    const task = findTask(background, 'daily_stats')!;
    expect(task).toMatchObject({ category: 'Analytics', queue: 'low_priority', schedule: '30 * * * *' });
    const db = await getDb();
    await db.delete(conversationDailyStats).where(eq(conversationDailyStats.day, dayOf(1)));
    const result = await generateDailyStatsForAllSchools();
    expect(result.schools_processed).toBeGreaterThanOrEqual(2);
    expect(await rollupOf(a.id, dayOf(1))).toMatchObject({ conversations: 2, leads: 2 });
    expect(await rollupOf(b.id, dayOf(1))).toMatchObject({ conversations: 1, leads: 1 });
  });
});

describe('OpenAPI', () => {
  it('documents the analytics calls', () => {
    const paths = Object.keys(buildOpenApiDocument().paths);
    for (const p of ['/conversations/analytics', '/conversations/stats/generate-daily', '/conversation-analytics/summary', '/conversation-analytics/topic-categories', '/conversation-analytics/sentiment-categories'])
      expect(paths).toContain(p);
  });
});
