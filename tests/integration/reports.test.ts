import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as chatbotRoute from '@/app/(rest)/api/reports/chatbot-metrics/route';
import * as chatbotMultiRoute from '@/app/(rest)/api/reports/chatbot-metrics-multi-school/route';
import * as leadsRoute from '@/app/(rest)/api/reports/leads-metrics/route';
import * as leadsMultiRoute from '@/app/(rest)/api/reports/leads-metrics-multi-school/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as basicRoute from '@/app/(rest)/schools/my-school/basic/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as analyticsRoute from '@/app/(rest)/conversations/analytics/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as eventsRoute from '@/app/(rest)/api/widget/events/route';
import * as mySchoolRoute from '@/app/(rest)/schools/my-school/route';
import { getDb } from '@/db/client';
import { conversationDailyStats, conversations, jobs, leads } from '@/db/schema';
import { rebuildSchoolRollup, rollupClosedDays, rollupSchoolDays } from '@/lib/analytics/rollup';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { call, STRONG_PASSWORD, unique } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// The report API. Days are each school's local days; closed days come from the rollup and
// the rest live, and both count the same rows. Each describe block makes its own schools.

let su: string;

type Status = 'widget_loaded' | 'opened' | 'engaged';
async function session(schoolId: number, start: Date | string, o: { status?: Status; source?: 'widget' | 'test_chat'; openedAt?: Date | null } = {}) {
  const db = await getDb();
  const at = new Date(start);
  await db.insert(conversations).values({ schoolId, sessionId: unique('s'), source: o.source ?? 'widget', status: o.status ?? 'engaged', startedAt: at, endedAt: at, widgetOpenedAt: o.openedAt ?? null });
}
async function lead(schoolId: number, at: Date | string, o: { isTest?: boolean; source?: 'chatbot_conversation' | 'chatbot_quickinfocard' } = {}) {
  const db = await getDb();
  await db.insert(leads).values({ schoolId, firstName: 'L', source: o.source ?? 'chatbot_conversation', isTest: o.isTest ?? false, createdAt: new Date(at) });
}
async function setZone(s: StaffSchool, name: string, time_zone: string) {
  return call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: s.token, body: { name, time_zone } });
}
const chatbot = (token: string, query: Record<string, string | number>) => call(chatbotRoute.GET, 'GET', '/api/reports/chatbot-metrics', { token, query });
const leadsReport = (token: string, query: Record<string, string | number>) => call(leadsRoute.GET, 'GET', '/api/reports/leads-metrics', { token, query });
const localDay = (d: Date, timeZone: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(d);

async function userOf(schoolId: number, role: 'user' | 'admin') {
  const name = unique('r');
  const body = { email: `${name}@lantern.test`, username: name, password: STRONG_PASSWORD, first_name: 'R', last_name: 'T', role, school_id: schoolId };
  expect((await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body })).status).toBe(201);
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: body.email, password: STRONG_PASSWORD } })).json.access_token as string;
}

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'rep@lantern.test', password: STRONG_PASSWORD, username: 'reproot', first_name: 'R', last_name: 'P' } })).json.access_token;
});

describe('the school time zone', () => {
  it('defaults to UTC, is set in School Info, validated and answered by GET /schools/my-school', async () => {
    const s = await staffWithSchool(su, 'tzone@lantern.test', 'Zone College');
    expect((await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: s.token })).json.time_zone).toBe('UTC');
    for (const bad of ['Mars/Olympus_Mons', 'EST5EDT', '+05:00', '', 'America/New_York; drop table schools']) {
      const res = await setZone(s, 'Zone College', bad);
      expect(res.status, bad).toBe(422);
      expect(res.json.detail[0].loc).toEqual(['body', 'time_zone']);
    }
    const ok = await setZone(s, 'Zone College', 'America/Chicago');
    expect(ok.status).toBe(200);
    expect(ok.json.time_zone).toBe('America/Chicago');
    expect((await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: s.token })).json.time_zone).toBe('America/Chicago');
    // Leaving it out keeps it; changing it queues the rollup's rebuild in the new zone.
    expect((await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: s.token, body: { name: 'Zone College' } })).json.time_zone).toBe('America/Chicago');
    const queued = await (await getDb()).select().from(jobs).where(eq(jobs.name, 'daily_stats_rebuild'));
    expect(queued.some((j) => (j.payload as { school_id: number }).school_id === s.id)).toBe(true);
  });
});

/** A school in New York with sessions and leads around the 2026 daylight-saving changes. */
async function newYorkSchool(): Promise<StaffSchool> {
  const name = unique('New York College ');
  const ny = await staffWithSchool(su, `${unique('ny')}@lantern.test`, name);
  expect((await setZone(ny, name, 'America/New_York')).status).toBe(200);
  // Around the spring-forward of 8 March 2026 (EST −5 until 02:00, then EDT −4).
  await session(ny.id, '2026-03-08T04:30:00Z', { status: 'widget_loaded' }); // 7 Mar 23:30 EST
  await session(ny.id, '2026-03-08T05:30:00Z', { status: 'opened' }); // 8 Mar 00:30 EST
  await session(ny.id, '2026-03-09T03:30:00Z'); // 8 Mar 23:30 EDT
  await session(ny.id, '2026-03-09T03:59:59Z'); // 8 Mar 23:59:59 EDT
  await session(ny.id, '2026-03-09T04:00:00Z', { status: 'opened' }); // 9 Mar 00:00 EDT
  await session(ny.id, '2026-03-08T15:00:00Z', { source: 'test_chat' }); // a test chat: never counted
  await lead(ny.id, '2026-03-08T04:59:00Z'); // 7 Mar 23:59 EST
  await lead(ny.id, '2026-03-09T03:00:00Z', { source: 'chatbot_quickinfocard' }); // 8 Mar 23:00 EDT
  await lead(ny.id, '2026-03-08T12:00:00Z', { isTest: true });
  // Around the fall-back of 1 November 2026 (EDT −4 until 02:00, then EST −5).
  await session(ny.id, '2026-11-02T04:30:00Z'); // 1 Nov 23:30 EST
  await session(ny.id, '2026-11-01T04:30:00Z'); // 1 Nov 00:30 EDT
  await session(ny.id, '2026-11-01T03:30:00Z'); // 31 Oct 23:30 EDT
  return ny;
}

/** A school in Tokyo (UTC+9): 8 Mar 16:00 UTC is 9 Mar 01:00 there. */
async function tokyoSchool(): Promise<StaffSchool> {
  const name = unique('Tokyo College ');
  const tokyo = await staffWithSchool(su, `${unique('tk')}@lantern.test`, name);
  expect((await setZone(tokyo, name, 'Asia/Tokyo')).status).toBe(200);
  await session(tokyo.id, '2026-03-08T16:00:00Z');
  await session(tokyo.id, '2026-03-08T14:59:00Z');
  return tokyo;
}

describe('day buckets in the school zone', () => {
  const expectSpring = (body: { metrics: unknown[]; summary: unknown }) => {
    expect(body.metrics).toEqual([
      { date: '2026-03-06', total: 0, widget_loaded: 0, widget_opened: 0, engaged: 0 },
      { date: '2026-03-07', total: 1, widget_loaded: 1, widget_opened: 0, engaged: 0 },
      { date: '2026-03-08', total: 3, widget_loaded: 3, widget_opened: 3, engaged: 2 },
      { date: '2026-03-09', total: 1, widget_loaded: 1, widget_opened: 1, engaged: 0 },
      { date: '2026-03-10', total: 0, widget_loaded: 0, widget_opened: 0, engaged: 0 },
    ]);
    expect(body.summary).toEqual({ total_conversations: 5, total_widget_loaded: 5, total_widget_opened: 4, total_engaged: 2, days_in_range: 5 });
  };

  it('counts live rows by local day across the spring daylight-saving change, every empty day present', async () => {
    const ny = await newYorkSchool();
    const res = await chatbot(ny.token, { from_date: '2026-03-06', to_date: '2026-03-10' });
    expect(res.status).toBe(200);
    expectSpring(res.json);
    const l = await leadsReport(ny.token, { from_date: '2026-03-06', to_date: '2026-03-10' });
    expect(l.json).toEqual({
      metrics: [
        { date: '2026-03-06', total: 0 },
        { date: '2026-03-07', total: 1 },
        { date: '2026-03-08', total: 1 },
        { date: '2026-03-09', total: 0 },
        { date: '2026-03-10', total: 0 },
      ],
      summary: { total_leads: 2, days_in_range: 5, avg_daily_leads: 0.4 },
    });
  });

  it('the rollup buckets the same days, and reports read it for closed days', async () => {
    const ny = await newYorkSchool();
    const rows = await rollupSchoolDays(ny.id, '2026-03-06', '2026-03-10');
    expect(rows.map((r) => [r.date, r.conversations, r.leads])).toEqual([
      ['2026-03-06', 0, 0],
      ['2026-03-07', 1, 1],
      ['2026-03-08', 3, 1],
      ['2026-03-09', 1, 0],
      ['2026-03-10', 0, 0],
    ]);
    const [row] = await (await getDb()).select().from(conversationDailyStats).where(and(eq(conversationDailyStats.schoolId, ny.id), eq(conversationDailyStats.day, '2026-03-08')));
    expect(row!.leadSources).toEqual({ chatbot_quickinfocard: 1 });
    // Raw rows gone (as retention would remove them): the closed days still answer from the rollup.
    await (await getDb()).delete(conversations).where(eq(conversations.schoolId, ny.id));
    expectSpring((await chatbot(ny.token, { from_date: '2026-03-06', to_date: '2026-03-10' })).json);
  });

  it('counts the autumn change in local days too', async () => {
    const ny = await newYorkSchool();
    const rows = await rollupSchoolDays(ny.id, '2026-10-31', '2026-11-02');
    expect(rows.map((r) => [r.date, r.conversations])).toEqual([
      ['2026-10-31', 1],
      ['2026-11-01', 2],
      ['2026-11-02', 0],
    ]);
  });

  it('buckets a school east of UTC in its own days', async () => {
    const tokyo = await tokyoSchool();
    const res = await chatbot(tokyo.token, { from_date: '2026-03-08', to_date: '2026-03-09' });
    expect(res.json.metrics.map((m: { date: string; total: number }) => [m.date, m.total])).toEqual([
      ['2026-03-08', 1],
      ['2026-03-09', 1],
    ]);
  });

  it('the multi-school reports key every school by id, each in its own zone', async () => {
    const [ny, tokyo] = [await newYorkSchool(), await tokyoSchool()];
    const res = await call(chatbotMultiRoute.GET, 'GET', '/api/reports/chatbot-metrics-multi-school', { token: su, query: { from_date: '2026-03-08', to_date: '2026-03-09' } });
    expect(res.status).toBe(200);
    expect(res.json.schools).toEqual(expect.arrayContaining([{ id: ny.id, name: expect.stringMatching(/^New York College/) }, { id: tokyo.id, name: expect.stringMatching(/^Tokyo College/) }]));
    expect(res.json.metrics.map((m: { date: string }) => m.date)).toEqual(['2026-03-08', '2026-03-09']);
    expect(res.json.metrics[1].schools[String(tokyo.id)]).toEqual({ total: 1, widget_loaded: 1, widget_opened: 1, engaged: 1 });
    expect(res.json.metrics[0].schools[String(ny.id)]).toEqual({ total: 3, widget_loaded: 3, widget_opened: 3, engaged: 2 });
    expect(res.json.summary[String(tokyo.id)]).toEqual({ total_conversations: 2, total_widget_loaded: 2, total_widget_opened: 2, total_engaged: 2, days_in_range: 2 });
    // Every school is listed, with every day, even a school with nothing.
    for (const m of res.json.metrics) expect(Object.keys(m.schools).sort()).toEqual(res.json.schools.map((s: { id: number }) => String(s.id)).sort());
    const l = await call(leadsMultiRoute.GET, 'GET', '/api/reports/leads-metrics-multi-school', { token: su, query: { from_date: '2026-03-07', to_date: '2026-03-08' } });
    expect(l.status).toBe(200);
    expect(l.json.metrics).toEqual([
      { date: '2026-03-07', schools: expect.objectContaining({ [String(ny.id)]: 1, [String(tokyo.id)]: 0 }) },
      { date: '2026-03-08', schools: expect.objectContaining({ [String(ny.id)]: 1, [String(tokyo.id)]: 0 }) },
    ]);
    expect(l.json.summary[String(ny.id)]).toEqual({ total_leads: 2, days_in_range: 2, avg_daily_leads: 1 });
  });
});

describe('rollup for closed days plus live rows for today', () => {
  it('adds up to the raw rows', async () => {
    const zone = 'America/Los_Angeles';
    const s = await staffWithSchool(su, 'losang@lantern.test', 'Los Angeles College');
    expect((await setZone(s, 'Los Angeles College', zone)).status).toBe(200);
    const now = Date.now();
    const starts = [0.2, 3, 7, 20, 26, 30, 49, 50, 73, 95].map((h) => new Date(now - h * 3_600_000));
    for (const [i, at] of starts.entries()) await session(s.id, at, { status: (['widget_loaded', 'opened', 'engaged'] as const)[i % 3] });
    for (const h of [1, 25, 26, 70]) await lead(s.id, new Date(now - h * 3_600_000));
    await lead(s.id, new Date(now - 2 * 3_600_000), { isTest: true });
    await session(s.id, new Date(now - 2 * 3_600_000), { source: 'test_chat' });

    // The hourly task rolls up the school's closed days (every one since its first session).
    await rollupClosedDays();
    const today = localDay(new Date(), zone);
    const rolled = await (await getDb()).select().from(conversationDailyStats).where(eq(conversationDailyStats.schoolId, s.id));
    expect(rolled.length).toBeGreaterThan(0);
    expect(rolled.every((r) => r.day < today)).toBe(true);
    // A session that arrives now is counted live.
    await session(s.id, new Date(), { status: 'opened' });
    starts.push(new Date());

    const from = localDay(new Date(now - 5 * 86_400_000), zone);
    const res = await chatbot(s.token, { from_date: from, to_date: today });
    const want = new Map<string, number>();
    for (const at of starts) want.set(localDay(at, zone), (want.get(localDay(at, zone)) ?? 0) + 1);
    for (const m of res.json.metrics as { date: string; total: number; widget_loaded: number; widget_opened: number; engaged: number }[]) {
      expect(m.total, m.date).toBe(want.get(m.date) ?? 0);
      expect(m.widget_loaded).toBe(m.total);
      expect(m.widget_opened).toBeLessThanOrEqual(m.widget_loaded);
      expect(m.engaged).toBeLessThanOrEqual(m.widget_opened);
    }
    expect(res.json.summary.total_conversations).toBe(starts.length);
    const l = await leadsReport(s.token, { from_date: from, to_date: today });
    expect(l.json.summary.total_leads).toBe(4);
    expect(l.json.summary.days_in_range).toBe(6);
    expect(l.json.summary.avg_daily_leads).toBe(0.67);
    // Nothing new to roll up until another day closes.
    const again = await rollupClosedDays();
    expect(again.schools_processed).toBeGreaterThanOrEqual(1);
  });

  it('rebuilds the rollup in the new zone when the school moves', async () => {
    const s = await staffWithSchool(su, 'moving@lantern.test', 'Moving College');
    // 2 days ago at 03:00 UTC: that UTC day, but the day before in Honolulu (UTC−10).
    const twoDaysAgo = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const at = new Date(`${twoDaysAgo}T03:00:00Z`);
    await session(s.id, at);
    await rollupClosedDays();
    const before = await (await getDb()).select().from(conversationDailyStats).where(eq(conversationDailyStats.schoolId, s.id));
    expect(before.find((r) => r.day === twoDaysAgo)?.conversations).toBe(1);
    expect((await setZone(s, 'Moving College', 'Pacific/Honolulu')).status).toBe(200);
    await rebuildSchoolRollup(s.id);
    const after = await (await getDb()).select().from(conversationDailyStats).where(eq(conversationDailyStats.schoolId, s.id));
    expect(after.find((r) => r.day === twoDaysAgo)?.conversations ?? 0).toBe(0);
    expect(after.find((r) => r.day === localDay(at, 'Pacific/Honolulu'))?.conversations).toBe(1);
  });
});

describe('who may ask for what', () => {
  let a: StaffSchool;
  let b: StaffSchool;
  let userA: string;
  beforeAll(async () => {
    a = await staffWithSchool(su, 'rolesa@lantern.test', 'Roles College A');
    b = await staffWithSchool(su, 'rolesb@lantern.test', 'Roles College B');
    userA = await userOf(a.id, 'user');
    await session(a.id, '2026-05-05T12:00:00Z');
    await lead(a.id, '2026-05-05T12:00:00Z');
  });
  const q = { from_date: '2026-05-01', to_date: '2026-05-10' };

  it('a user or admin asking for another school, or for multi-school reports, gets 403', async () => {
    for (const token of [userA, a.token]) {
      expect((await chatbot(token, { ...q, school_id: b.id })).status).toBe(403);
      expect((await leadsReport(token, { ...q, school_id: b.id })).status).toBe(403);
      expect((await call(chatbotMultiRoute.GET, 'GET', '/api/reports/chatbot-metrics-multi-school', { token, query: q })).status).toBe(403);
      expect((await call(leadsMultiRoute.GET, 'GET', '/api/reports/leads-metrics-multi-school', { token, query: q })).status).toBe(403);
      // Their own id is fine.
      expect((await chatbot(token, { ...q, school_id: a.id })).json.summary.total_conversations).toBe(1);
    }
  });

  it("keeps each school to its own data; a superuser may name any school", async () => {
    expect((await chatbot(b.token, q)).json.summary.total_conversations).toBe(0);
    expect((await leadsReport(b.token, q)).json.summary.total_leads).toBe(0);
    expect((await chatbot(a.token, q)).json.summary.total_conversations).toBe(1);
    expect((await leadsReport(su, { ...q, school_id: a.id })).json.summary.total_leads).toBe(1);
    expect((await chatbot(su, { ...q, school_id: 2_000_000_000 })).status).toBe(404);
    expect((await chatbot('', q)).status).toBe(401);
    // A superuser without a school of their own must name one.
    expect((await chatbot(su, q)).status).toBe(404);
  });

  it('answers 422 for a reversed, too long or malformed range', async () => {
    const reversed = await chatbot(a.token, { from_date: '2026-05-10', to_date: '2026-05-01' });
    expect(reversed.status).toBe(422);
    expect(reversed.json.detail[0]).toMatchObject({ loc: ['query', 'from_date'], msg: 'From date cannot be after to date' });
    expect((await leadsReport(a.token, { from_date: '2022-01-01', to_date: '2025-06-01' })).status).toBe(422);
    expect((await chatbot(a.token, { from_date: '2023-01-01', to_date: '2025-12-31' })).status).toBe(200);
    const bads: Record<string, string>[] = [{ from_date: '2026-13-01' }, { to_date: 'yesterday' }, { from_date: '2026-02-30' }, { school_id: 'abc' }];
    for (const bad of bads) {
      expect((await chatbot(a.token, bad)).status, JSON.stringify(bad)).toBe(422);
    }
    expect((await call(chatbotMultiRoute.GET, 'GET', '/api/reports/chatbot-metrics-multi-school', { token: su, query: { from_date: '2026-05-02', to_date: '2026-05-01' } })).status).toBe(422);
  });

  it('defaults to the last 30 days up to today', async () => {
    const res = await chatbot(a.token, {});
    expect(res.json.metrics).toHaveLength(30);
    expect(res.json.metrics.at(-1).date).toBe(new Date().toISOString().slice(0, 10));
  });

  it('documents the four calls', () => {
    const paths = buildOpenApiDocument().paths as Record<string, unknown>;
    for (const p of ['/api/reports/chatbot-metrics', '/api/reports/leads-metrics', '/api/reports/chatbot-metrics-multi-school', '/api/reports/leads-metrics-multi-school']) expect(paths[p]).toBeDefined();
  });
});

describe('engagement figures (issue 48 item 10)', () => {
  it('Reports and Analytics answer the same Widget Loaded ≥ Widget Opened ≥ Engaged, an engaged session counting as opened and loaded without those events', async () => {
    const s = await staffWithSchool(su, 'funnel-agree@lantern.test', 'Funnel Agree College');
    const key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: s.token })).json.api_key as string;
    const event = (session_id: string, event_type: string) => call(eventsRoute.POST, 'POST', '/api/widget/events', { headers: { 'x-api-key': key }, body: { session_id, event_type } });
    // Today, live: one session only loaded, one opened, two that wrote with no loaded or opened event
    // sent, and one engaged whose opening was never recorded.
    await event('only-loaded', 'widget_loaded');
    await event('opened', 'widget_loaded');
    await event('opened', 'widget_opened');
    for (const id of ['wrote-1', 'wrote-2']) expect((await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message: 'When is the deadline?', session_id: id } })).status).toBe(200);
    await session(s.id, new Date(), { status: 'engaged', openedAt: null });
    // Three days ago, from the rollup: engaged without an opening, and a loaded one.
    await session(s.id, new Date(Date.now() - 3 * 86_400_000), { status: 'engaged', openedAt: null });
    await session(s.id, new Date(Date.now() - 3 * 86_400_000), { status: 'widget_loaded' });
    await rollupClosedDays();

    const report = (await chatbot(s.token, {})).json.summary;
    const funnel = (await call(analyticsRoute.GET, 'GET', '/conversations/analytics', { token: s.token })).json.engagement_funnel;
    expect(report).toMatchObject({ total_conversations: 7, total_widget_loaded: 7, total_widget_opened: 5, total_engaged: 4 });
    expect(funnel).toMatchObject({ widget_loads: 7, widget_opens: 5, conversations_started: 4 });
    expect([funnel.widget_loads, funnel.widget_opens, funnel.conversations_started]).toEqual([report.total_widget_loaded, report.total_widget_opened, report.total_engaged]);
  });
});
