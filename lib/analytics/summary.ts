import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { SENTIMENTS, TOPIC_CATEGORIES } from './categories';
import { rollupClosedDays, rollupSchoolDays, schoolDays } from './rollup';
import { validationError } from '@/lib/http/errors';
import { FUTURE_TARGET_DATE, type AnalyticsSummary, type ConversationAnalyticsSummary, type DailyStats, type GenerateDailyInput, type SentimentCategoryItem, type TopicCategoryItem } from './schema';

// Issue 19, spec 002 §3.5, §3.6, §7.4, §9: what the school's widget did. Days and hours are the
// school's own (schools.time_zone, as Reports count them; UTC by default). Test chats never count.
// The summary covers the analytics window (the last 30 days, today included); leads_today /
// leads_last_7days their own days.

export const ANALYTICS_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const numOrNull = (v: unknown) => (v === null || v === undefined ? null : Number(v));
const round1 = (v: number) => Math.round(v * 10) / 10;
/** A percentage 0–100 with one decimal; 0 when there is nothing to divide by. */
const rate = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);

/** `day` (YYYY-MM-DD) moved by `n` days: calendar arithmetic, the same in every time zone. */
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS));

/** The school's local today and time zone (UTC when the school is gone: its queries then find nothing). */
async function localToday(schoolId: number, now: Date): Promise<{ today: string; tz: string }> {
  const days = await schoolDays(schoolId, now);
  return days ? { today: days.today, tz: days.timeZone } : { today: isoDay(now), tz: 'UTC' };
}

/** The instant a local day starts in `tz`, for comparisons with timestamptz columns. */
const dayStart = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`;

/** The days `start` … `end` (YYYY-MM-DD, inclusive). */
function daysBetween(start: string, end: string): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${start}T00:00:00Z`); t <= Date.parse(`${end}T00:00:00Z`); t += DAY_MS) out.push(isoDay(new Date(t)));
  return out;
}

type Tx = Parameters<Parameters<Awaited<ReturnType<typeof getDb>>['transaction']>[0]>[0];

/** Grouped statements over many rows: the planner's row guesses switch JIT on for ~100 ms of compile time. Off for these alone. */
async function withoutJit<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return fn(tx);
  });
}

/** GET /conversations/analytics: spec §3.5 for the caller's school. */
export async function analyticsSummary(ctx: AuthContext, now: Date = new Date()): Promise<AnalyticsSummary> {
  const schoolId = requireSchoolId(ctx);
  const { today, tz } = await localToday(schoolId, now);
  const start = addDays(today, -(ANALYTICS_WINDOW_DAYS - 1));
  const from = dayStart(start, tz);
  const todayStart = dayStart(today, tz);
  const weekFrom = dayStart(addDays(today, -6), tz);

  // Three statements: the window's sessions (read once: totals, by day, by hour), its messages, its leads.
  const { conv, msg, lead } = await withoutJit(async (tx) => {
    const conv = resultRows<Record<string, unknown>>(
      await tx.execute(sql`
        with c as materialized (
          select status, started_at, ended_at, handoff_at from conversations
          where school_id = ${schoolId} and source = 'widget' and started_at >= ${from}
        )
        select t.*,
          (select coalesce(json_agg(json_build_object('day', d.day, 'count', d.count)), '[]'::json)
             from (select to_char(started_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as count from c group by 1) d) as by_day,
          (select coalesce(json_agg(json_build_object('hour', h.hour, 'count', h.count)), '[]'::json)
             from (select extract(hour from started_at at time zone ${tz})::int as hour, count(*)::int as count from c group by 1) h) as by_hour
        from (
          select count(*)::int as loads,
            count(*) filter (where status in ('opened', 'engaged'))::int as opens,
            count(*) filter (where status = 'engaged')::int as started,
            avg(extract(epoch from ended_at - started_at)) filter (where status = 'engaged') as avg_duration,
            count(*) filter (where ended_at >= ${todayStart})::int as active_today,
            count(*) filter (where handoff_at is not null)::int as handoffs
          from c
        ) t`),
    )[0]!;
    // The school's messages sent in the window (index on school_id, created_at), less those of test chats.
    const msg = resultRows<Record<string, unknown>>(
      await tx.execute(sql`
        select count(*)::bigint as messages, coalesce(sum(length(m.content)), 0)::bigint as characters,
          avg(m.response_time_ms) filter (where m.role = 'assistant' and m.response_time_ms is not null) as avg_response
        from conversation_messages m
        where m.school_id = ${schoolId} and m.created_at >= ${from}
          and m.conversation_id not in (select id from conversations where school_id = ${schoolId} and source = 'test_chat')`),
    )[0]!;
    const lead = resultRows<Record<string, unknown>>(
      await tx.execute(sql`
        with l as materialized (
          select id, source, email, phone, created_at from leads
          where school_id = ${schoolId} and not is_test and created_at >= ${from}
        )
        select count(*)::int as total,
          count(*) filter (where created_at >= ${todayStart})::int as today,
          count(*) filter (where created_at >= ${weekFrom})::int as week,
          count(*) filter (where nullif(email, '') is not null)::int as with_email,
          count(*) filter (where nullif(phone, '') is not null)::int as with_phone,
          count(*) filter (where nullif(email, '') is not null and nullif(phone, '') is not null)::int as with_both,
          (select avg((select count(*) from conversation_messages m where m.conversation_id = c.id and m.created_at <= ll.created_at))
             from conversations c join leads ll on ll.id = c.lead_id
             where c.school_id = ${schoolId} and c.source = 'widget' and c.started_at >= ${from} and not ll.is_test) as avg_before,
          (select coalesce(json_agg(json_build_object('source', s.source, 'count', s.count) order by s.count desc, s.source), '[]'::json)
             from (select source, count(*)::int as count from l group by source) s) as sources,
          (select coalesce(json_agg(json_build_object('day', d.day, 'count', d.count)), '[]'::json)
             from (select to_char(created_at at time zone ${tz}, 'YYYY-MM-DD') as day, count(*)::int as count from l group by 1) d) as by_day
        from l`),
    )[0]!;
    return { conv, msg, lead };
  });
  const json = <T>(v: unknown): T[] => (typeof v === 'string' ? (JSON.parse(v) as T[]) : ((v ?? []) as T[]));
  const byDay = json<{ day: string; count: number }>(conv.by_day);
  const byHour = json<{ hour: number; count: number }>(conv.by_hour);
  const leadSources = json<{ source: string; count: number }>(lead.sources);
  const leadsByDay = json<{ day: string; count: number }>(lead.by_day);

  const loads = num(conv.loads);
  const opens = num(conv.opens);
  const started = num(conv.started);
  const totalLeads = num(lead.total);
  const dayMap = new Map(byDay.map((r) => [r.day, num(r.count)]));
  const hourMap = new Map(byHour.map((r) => [num(r.hour), num(r.count)]));
  const leadDayMap = new Map(leadsByDay.map((r) => [r.day, num(r.count)]));
  const days = daysBetween(start, today);
  const avgResponse = numOrNull(msg.avg_response);
  const avgDuration = numOrNull(conv.avg_duration);
  const avgBefore = numOrNull(lead.avg_before);
  return {
    total_conversations: loads,
    total_messages: num(msg.messages),
    total_characters: num(msg.characters),
    avg_response_time_ms: avgResponse === null ? null : round1(avgResponse),
    avg_conversation_duration: avgDuration === null ? null : round1(avgDuration),
    active_sessions_today: num(conv.active_today),
    handoff_requests: num(conv.handoffs),
    engagement_funnel: {
      widget_loads: loads,
      widget_opens: opens,
      conversations_started: started,
      load_to_open_rate: rate(opens, loads),
      open_to_conversation_rate: rate(started, opens),
      overall_conversion_rate: rate(started, loads),
    },
    total_leads: totalLeads,
    lead_conversion_rate: rate(totalLeads, started),
    leads_today: num(lead.today),
    leads_last_7days: num(lead.week),
    avg_messages_before_lead: avgBefore === null ? null : round1(avgBefore),
    lead_sources: leadSources.map((r) => ({ source: r.source, count: num(r.count) })),
    leads_by_day: days.map((date) => ({ date, count: leadDayMap.get(date) ?? 0 })),
    conversations_by_day: days.map((date) => ({ date, count: dayMap.get(date) ?? 0 })),
    conversations_by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, count: hourMap.get(hour) ?? 0 })),
    lead_quality: { with_email: num(lead.with_email), with_phone: num(lead.with_phone), with_both: num(lead.with_both) },
  };
}

/** GET /conversation-analytics/summary: spec §3.6 from the stored analysis of visitor messages sent in the school's last `days` local days. */
export async function conversationAnalyticsSummary(ctx: AuthContext, q: { days: number }, now: Date = new Date()): Promise<ConversationAnalyticsSummary> {
  const schoolId = requireSchoolId(ctx);
  const { today: end, tz } = await localToday(schoolId, now);
  const start = addDays(end, -(q.days - 1));
  const from = dayStart(start, tz);
  // Analysed visitor messages of the window (test chats excluded), read once from a covering index:
  // counted by sentiment, and by topic (a message counts once for each topic it has).
  const rows = await withoutJit(async (tx) =>
    resultRows<{ is_sentiment: boolean; sentiment: string | null; category: string | null; messages: number; topics: number }>(
      await tx.execute(sql`
        select grouping(m.sentiment) = 0 as is_sentiment, m.sentiment, t.v->>'category' as category,
          count(*) filter (where t.ord is null or t.ord = 1)::int as messages, count(t.v)::int as topics
        from conversation_messages m
        left join lateral jsonb_array_elements(case when jsonb_typeof(m.topics) = 'array' then m.topics else '[]'::jsonb end) with ordinality t(v, ord) on true
        where m.school_id = ${schoolId} and m.created_at >= ${from} and m.role = 'user' and m.analyzed_at is not null
          and m.conversation_id not in (select id from conversations where school_id = ${schoolId} and source = 'test_chat')
        group by grouping sets ((m.sentiment), (t.v->>'category'))`),
    ),
  );
  const totals = rows.filter((r) => r.is_sentiment).map((r) => ({ sentiment: r.sentiment, count: r.messages }));
  const topics = rows.filter((r) => !r.is_sentiment && r.category !== null).map((r) => ({ category: r.category, count: r.topics }));
  const sentimentCounts = new Map(totals.map((r) => [r.sentiment, num(r.count)]));
  const topicCounts = new Map(topics.map((r) => [r.category, num(r.count)]));
  return {
    total_analyzed_turns: totals.reduce((s, r) => s + num(r.count), 0),
    date_range: { start_date: start, end_date: end, days: q.days },
    topic_breakdown: TOPIC_CATEGORIES.map((c) => ({ category: c.key, name: c.name, count: topicCounts.get(c.key) ?? 0 }))
      .filter((t) => t.count > 0)
      .sort((a, b) => b.count - a.count),
    sentiment_breakdown: SENTIMENTS.map((s) => ({ category: s.key, name: s.name, count: sentimentCounts.get(s.key) ?? 0, color: s.color })),
  };
}

/** GET /conversation-analytics/topic-categories: every category is active (none can be switched off yet), so active_only changes nothing. */
export function topicCategories(q: { active_only: boolean }): TopicCategoryItem[] {
  return TOPIC_CATEGORIES.map((c) => ({ key: c.key, name: c.name, is_active: true })).filter((c) => !q.active_only || c.is_active);
}

export function sentimentCategories(q: { active_only: boolean }): SentimentCategoryItem[] {
  return SENTIMENTS.map((s) => ({ key: s.key, name: s.name, color: s.color, is_active: true })).filter((s) => !q.active_only || s.is_active);
}

/** Rolls up one school's local day (see ./rollup.ts) and answers its row. */
export async function generateDailyStatsForSchool(schoolId: number, day: string): Promise<DailyStats> {
  const [row] = await rollupSchoolDays(schoolId, day, day);
  return row!;
}

/** POST /conversations/stats/generate-daily: the caller's school only; target_date (a local day of the school) defaults to yesterday in the school's time zone. */
export async function generateDailyStats(ctx: AuthContext, q: GenerateDailyInput = {}, from: 'query' | 'body' = 'query'): Promise<DailyStats> {
  const schoolId = requireSchoolId(ctx);
  const local = await schoolDays(schoolId);
  if (q.target_date && local && q.target_date > local.today) {
    throw validationError([{ loc: [from, 'target_date'], msg: FUTURE_TARGET_DATE, type: 'value_error' }]);
  }
  const day = q.target_date ?? local?.yesterday ?? isoDay(new Date(Date.now() - DAY_MS));
  return generateDailyStatsForSchool(schoolId, day);
}

/** The daily_stats task: every school's local days closed since its last rollup. */
export const generateDailyStatsForAllSchools = (now: Date = new Date()) => rollupClosedDays(now);
