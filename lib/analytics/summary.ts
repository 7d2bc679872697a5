import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows, type Tx } from '@/db/client';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { SENTIMENTS, TOPIC_CATEGORIES } from './categories';
import { engagementFunnel } from './metrics';
import { addDays, rollupClosedDays, rollupSchoolDays, schoolDayFigures, schoolDays, type DayFigures } from './rollup';
import { validationError } from '@/lib/http/errors';
import { FUTURE_TARGET_DATE, type AnalyticsSummary, type ConversationAnalyticsSummary, type DailyStats, type GenerateDailyInput, type SentimentCategoryItem, type TopicCategoryItem } from './schema';

// What the school's widget did. Days and hours are the
// school's own (schools.time_zone, as Reports count them; UTC by default). Test chats never count.
// The summary covers the analytics window (the last 30 days, today included); leads_today /
// leads_last_7days their own days. Closed days come from the daily rollup and the rest are counted
// live by the same definition (./rollup.ts), so a call reads about one day of raw rows whatever the
// traffic. A closed day keeps its counts when its sessions are deleted later, as Reports do.

export const ANALYTICS_WINDOW_DAYS = 30;

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const round1 = (v: number) => Math.round(v * 10) / 10;
/** A percentage 0–100 with one decimal; 0 when there is nothing to divide by. */
const rate = (part: number, whole: number) => (whole > 0 ? round1((part / whole) * 100) : 0);


/** The school's local today and time zone (UTC when the school is gone: its queries then find nothing). */
async function localToday(schoolId: number, now: Date): Promise<{ today: string; tz: string }> {
  const days = await schoolDays(schoolId, now);
  return days ? { today: days.today, tz: days.timeZone } : { today: isoDay(now), tz: 'UTC' };
}

/** The instant a local day starts in `tz`, for comparisons with timestamptz columns. */
const dayStart = (day: string, tz: string) => sql`(${day}::date::timestamp at time zone ${tz})`;

/** Grouped statements over many rows: the planner's row guesses switch JIT on for ~100 ms of compile time. Off for these alone. */
async function withoutJit<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return fn(tx);
  });
}

/** GET /conversations/analytics: the widget's figures over the last 30 days for the caller's school. */
export async function analyticsSummary(ctx: AuthContext, now: Date = new Date(), opts: { live?: boolean } = {}): Promise<AnalyticsSummary> {
  const schoolId = requireSchoolId(ctx);
  const { today, tz } = await localToday(schoolId, now);
  const start = addDays(today, -(ANALYTICS_WINDOW_DAYS - 1));
  // The window's days from the rollup (closed days) and live (today); sessions active today live.
  const { days, activeToday, humanHandled } = await withoutJit(async (tx) => ({
    days: await schoolDayFigures(tx, schoolId, start, today, { ...opts, parts: { activity: true, analysis: false } }),
    activeToday: num(
      resultRows<{ n: number }>(
        await tx.execute(sql`
          select count(*)::int as n from conversations
          where school_id = ${schoolId} and source = 'widget' and started_at >= ${dayStart(start, tz)} and ended_at >= ${dayStart(today, tz)}`),
      )[0]?.n,
    ),
    // Few rows (the live index): counted here rather than in the daily rollup.
    humanHandled: num(
      resultRows<{ n: number }>(
        await tx.execute(sql`
          select count(*)::int as n from conversations
          where school_id = ${schoolId} and live_status is not null and source = 'widget' and live_joined_at >= ${dayStart(start, tz)}`),
      )[0]?.n,
    ),
  }));
  const sum = (pick: (d: DayFigures) => number, list: DayFigures[] = days) => list.reduce((s, d) => s + pick(d), 0);
  // The same figures as Reports (lib/analytics/metrics.ts): loads ≥ opens ≥ started.
  const { loaded: loads, opened: opens, engaged: started } = engagementFunnel({ widget_loaded: sum((d) => d.widget_loaded), widget_opened: sum((d) => d.widget_opened), engaged: sum((d) => d.engaged) });
  const totalLeads = sum((d) => d.leads);
  const responses = sum((d) => d.response_count);
  const leadConversations = sum((d) => d.lead_conversations);
  const sources = new Map<string, number>();
  for (const d of days) for (const [source, n] of Object.entries(d.lead_sources)) sources.set(source, (sources.get(source) ?? 0) + num(n));
  return {
    total_conversations: sum((d) => d.conversations),
    total_messages: sum((d) => d.messages_sent),
    total_characters: sum((d) => d.characters),
    avg_response_time_ms: responses > 0 ? round1(sum((d) => d.response_time_sum_ms) / responses) : null,
    avg_conversation_duration: started > 0 ? round1(sum((d) => d.engaged_seconds) / started) : null,
    active_sessions_today: activeToday,
    handoff_requests: sum((d) => d.handoffs),
    human_handled_conversations: humanHandled,
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
    leads_today: sum((d) => d.leads, days.filter((d) => d.day === today)),
    leads_last_7days: sum((d) => d.leads, days.filter((d) => d.day >= addDays(today, -6))),
    avg_messages_before_lead: leadConversations > 0 ? round1(sum((d) => d.messages_before_leads) / leadConversations) : null,
    lead_sources: [...sources].map(([source, count]) => ({ source, count })).sort((a, b) => b.count - a.count || a.source.localeCompare(b.source)),
    leads_by_day: days.map((d) => ({ date: d.day, count: d.leads })),
    conversations_by_day: days.map((d) => ({ date: d.day, count: d.conversations })),
    conversations_by_hour: Array.from({ length: 24 }, (_, hour) => ({ hour, count: sum((d) => d.by_hour[hour] ?? 0) })),
    lead_quality: { with_email: sum((d) => d.leads_with_email), with_phone: sum((d) => d.leads_with_phone), with_both: sum((d) => d.leads_with_both) },
  };
}

/**
 * GET /conversation-analytics/summary: topics and sentiment from the stored analysis of visitor
 * messages sent in the school's last `days` local days.
 */
export async function conversationAnalyticsSummary(ctx: AuthContext, q: { days: number }, now: Date = new Date(), opts: { live?: boolean } = {}): Promise<ConversationAnalyticsSummary> {
  const schoolId = requireSchoolId(ctx);
  const { today: end } = await localToday(schoolId, now);
  const start = addDays(end, -(q.days - 1));
  const days = await withoutJit((tx) => schoolDayFigures(tx, schoolId, start, end, { ...opts, parts: { activity: false, analysis: true } }));
  // A message counts once by its sentiment, and once for each topic it has.
  const sentimentCounts = new Map<string, number>();
  const topicCounts = new Map<string, number>();
  for (const d of days) {
    for (const [k, n] of Object.entries(d.sentiments)) sentimentCounts.set(k, (sentimentCounts.get(k) ?? 0) + num(n));
    for (const [k, n] of Object.entries(d.topics)) topicCounts.set(k, (topicCounts.get(k) ?? 0) + num(n));
  }
  return {
    total_analyzed_turns: days.reduce((s, d) => s + d.analyzed_turns, 0),
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

/** The call's target_date from its query, else its body (a refusal names where it came from). */
export const generateDailyStatsFrom = (ctx: AuthContext, input: { query: GenerateDailyInput; body?: GenerateDailyInput | null }) =>
  generateDailyStats(ctx, { target_date: input.query.target_date ?? input.body?.target_date }, input.query.target_date ? 'query' : 'body');

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
