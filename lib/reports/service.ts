import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, resultRows, type Tx } from '@/db/client';
import type { AuthContext } from '@/lib/auth/accounts';
import { forbidden, notFound, validationError } from '@/lib/http/errors';
import { engagementFunnel } from '@/lib/analytics/metrics';
import { requireSchoolId } from '@/lib/tenancy';
import {
  daysInRange,
  DEFAULT_REPORT_DAYS,
  FROM_AFTER_TO,
  MAX_REPORT_DAYS,
  TOO_LONG,
  type ChatbotCounts,
  type ChatbotReport,
  type ChatbotSummary,
  type LeadsReport,
  type LeadsSummary,
  type MultiSchoolChatbotReport,
  type MultiSchoolLeadsReport,
  type MultiSchoolQuery,
  type ReportQuery,
  type ReportSchool,
} from './schema';

// Chatbot and leads reports. A school's days are its
// local days (schools.time_zone). Closed days come from the daily rollup (conversation_daily_stats,
// rows written after the day closed); the rest (today, and any day not rolled up yet) are counted
// live from the raw rows, the same way the rollup counts them. Test chats and test leads never count.
// total = widget sessions; widget_loaded / widget_opened / engaged = sessions that reached each step
// or went further (loaded ≥ opened ≥ engaged), computed by engagementFunnel from the furthest step
// the rollup stores, as Analytics does (lib/analytics/metrics.ts).

const DAY_MS = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS);
const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const round2 = (v: number) => Math.round(v * 100) / 100;

type DayCounts = ChatbotCounts & { leads: number };
const zero = (): DayCounts => ({ total: 0, widget_loaded: 0, widget_opened: 0, engaged: 0, leads: 0 });
type SchoolRow = ReportSchool & { today: string };

function days(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** from/to as asked, or the last 30 days up to `today`; a reversed or too long range answers 422. */
function resolveRange(q: { from_date?: string; to_date?: string }, today: string): { from: string; to: string } {
  const to = q.to_date ?? (q.from_date && q.from_date > today ? q.from_date : today);
  const from = q.from_date ?? addDays(to, -(DEFAULT_REPORT_DAYS - 1));
  if (from > to) throw validationError([{ loc: ['query', 'from_date'], msg: FROM_AFTER_TO, type: 'value_error' }]);
  if (daysInRange(from, to) > MAX_REPORT_DAYS) throw validationError([{ loc: ['query', 'to_date'], msg: TOO_LONG, type: 'value_error' }]);
  return { from, to };
}


/** Grouped statements: without this the planner's row guesses switch JIT on for ~100 ms of compile time. */
async function withoutJit<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return fn(tx);
  });
}

/** The schools (all when `ids` is null), each with its local today at `now`. */
async function schoolsWithToday(tx: Tx, ids: number[] | null, now: Date): Promise<SchoolRow[]> {
  const where: SQL = ids === null ? sql`true` : sql`id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`;
  return resultRows<{ id: number; name: string; today: string }>(
    await tx.execute(sql`
      select id, name, to_char((${now.toISOString()}::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD') as today
      from schools where ${where} order by name, id`),
  ).map((r) => ({ id: Number(r.id), name: String(r.name), today: String(r.today) }));
}

/** Per school and local day of from … to: the rollup's final rows, then live counts from the first day without one. */
async function countDays(tx: Tx, schools: SchoolRow[], from: string, to: string): Promise<Map<number, Map<string, DayCounts>>> {
  const out = new Map<number, Map<string, DayCounts>>(schools.map((s) => [s.id, new Map()]));
  if (schools.length === 0) return out;
  const ids = sql.join(schools.map((s) => sql`${s.id}`), sql`, `);
  const rolled = resultRows<Record<string, unknown>>(
    await tx.execute(sql`
      select r.school_id, to_char(r.day, 'YYYY-MM-DD') as day, r.conversations, r.widget_loaded, r.widget_opened, r.engaged, r.leads
      from conversation_daily_stats r join schools s on s.id = r.school_id
      where r.school_id in (${ids}) and r.day between ${from}::date and ${to}::date
        and r.updated_at >= ((r.day + 1)::timestamp at time zone s.time_zone)`),
  );
  for (const r of rolled) {
    out.get(Number(r.school_id))!.set(String(r.day), {
      total: num(r.conversations), widget_loaded: num(r.widget_loaded), widget_opened: num(r.widget_opened), engaged: num(r.engaged), leads: num(r.leads),
    });
  }
  // Live windows: each run of days without a final rollup row, up to the school's today.
  const all = days(from, to);
  const live: { id: number; since: string; until: string }[] = [];
  for (const s of schools) {
    const have = out.get(s.id)!;
    let start: string | null = null;
    for (const d of all) {
      const missing = !have.has(d) && d <= s.today;
      if (missing && start === null) start = d;
      if (!missing && start !== null) {
        live.push({ id: s.id, since: start, until: d });
        start = null;
      }
    }
    if (start !== null) live.push({ id: s.id, since: start, until: addDays(all.at(-1)!, 1) });
  }
  if (live.length === 0) return out;
  const windows = sql.join(live.map((w) => sql`(${w.id}::int, ${w.since}::date, ${w.until}::date)`), sql`, `);
  const rows = resultRows<Record<string, unknown>>(
    await tx.execute(sql`
      with w as (
        select v.school_id, s.time_zone as tz, (v.since::timestamp at time zone s.time_zone) as since,
          (v.until::timestamp at time zone s.time_zone) as until
        from (values ${windows}) as v(school_id, since, until) join schools s on s.id = v.school_id
      ),
      c as (
        select w.school_id, to_char((c.started_at at time zone w.tz)::date, 'YYYY-MM-DD') as day,
          count(*)::int as total,
          count(*) filter (where c.status = 'widget_loaded')::int as widget_loaded,
          count(*) filter (where c.status = 'opened')::int as widget_opened,
          count(*) filter (where c.status = 'engaged')::int as engaged,
          0 as leads
        from w join conversations c on c.school_id = w.school_id and c.source = 'widget' and c.started_at >= w.since and c.started_at < w.until
        group by 1, 2
      ),
      l as (
        select w.school_id, to_char((l.created_at at time zone w.tz)::date, 'YYYY-MM-DD') as day, 0 as total, 0 as widget_loaded, 0 as widget_opened, 0 as engaged,
          count(*)::int as leads
        from w join leads l on l.school_id = w.school_id and not l.is_test and l.created_at >= w.since and l.created_at < w.until
        group by 1, 2
      )
      select * from c union all select * from l`),
  );
  for (const r of rows) {
    const map = out.get(Number(r.school_id))!;
    const day = String(r.day);
    const d = map.get(day) ?? zero();
    d.total += num(r.total);
    d.widget_loaded += num(r.widget_loaded);
    d.widget_opened += num(r.widget_opened);
    d.engaged += num(r.engaged);
    d.leads += num(r.leads);
    map.set(day, d);
  }
  return out;
}

function chatbotSummary(perDay: Map<string, DayCounts>, range: string[]): ChatbotSummary {
  const s = { total_conversations: 0, total_widget_loaded: 0, total_widget_opened: 0, total_engaged: 0, days_in_range: range.length };
  for (const day of range) {
    const d = countsOf(perDay.get(day));
    s.total_conversations += d.total;
    s.total_widget_loaded += d.widget_loaded;
    s.total_widget_opened += d.widget_opened;
    s.total_engaged += d.engaged;
  }
  return s;
}

function leadsSummary(perDay: Map<string, DayCounts>, range: string[]): LeadsSummary {
  const total = range.reduce((sum, day) => sum + (perDay.get(day)?.leads ?? 0), 0);
  return { total_leads: total, days_in_range: range.length, avg_daily_leads: round2(total / range.length) };
}

/** A day's figures as both screens show them: the stored furthest steps through engagementFunnel. */
function countsOf(d: DayCounts | undefined): ChatbotCounts {
  const f = engagementFunnel({ widget_loaded: d?.widget_loaded ?? 0, widget_opened: d?.widget_opened ?? 0, engaged: d?.engaged ?? 0 });
  return { total: d?.total ?? 0, widget_loaded: f.loaded, widget_opened: f.opened, engaged: f.engaged };
}

/** The one school a single-school report is about: the caller's own, or the one a superuser names. */
function reportSchoolId(ctx: AuthContext, q: ReportQuery): number {
  if (q.school_id === undefined) return requireSchoolId(ctx);
  if (ctx.role === 'superuser' || q.school_id === ctx.schoolId) return q.school_id;
  throw forbidden('Only a superuser may ask for another school');
}

async function singleSchool(ctx: AuthContext, q: ReportQuery, now: Date) {
  const id = reportSchoolId(ctx, q);
  return withoutJit(async (tx) => {
    const [school] = await schoolsWithToday(tx, [id], now);
    if (!school) throw notFound('School not found');
    const { from, to } = resolveRange(q, school.today);
    const perDay = (await countDays(tx, [school], from, to)).get(id)!;
    return { range: days(from, to), perDay };
  });
}

/** GET /api/reports/chatbot-metrics */
export async function chatbotMetrics(ctx: AuthContext, q: ReportQuery, now: Date = new Date()): Promise<ChatbotReport> {
  const { range, perDay } = await singleSchool(ctx, q, now);
  return { metrics: range.map((date) => ({ date, ...countsOf(perDay.get(date)) })), summary: chatbotSummary(perDay, range) };
}

/** GET /api/reports/leads-metrics */
export async function leadsMetrics(ctx: AuthContext, q: ReportQuery, now: Date = new Date()): Promise<LeadsReport> {
  const { range, perDay } = await singleSchool(ctx, q, now);
  return { metrics: range.map((date) => ({ date, total: perDay.get(date)?.leads ?? 0 })), summary: leadsSummary(perDay, range) };
}

/** Every school, each counted in its own zone; the default range ends at today in UTC. */
async function allSchools(ctx: AuthContext, q: MultiSchoolQuery, now: Date) {
  if (ctx.role !== 'superuser') throw forbidden('Only a superuser can compare schools');
  const { from, to } = resolveRange(q, isoDay(now.getTime()));
  return withoutJit(async (tx) => {
    const schools = await schoolsWithToday(tx, null, now);
    return { schools, range: days(from, to), counts: await countDays(tx, schools, from, to) };
  });
}

/** GET /api/reports/chatbot-metrics-multi-school (superusers). */
export async function chatbotMetricsMultiSchool(ctx: AuthContext, q: MultiSchoolQuery, now: Date = new Date()): Promise<MultiSchoolChatbotReport> {
  const { schools, range, counts } = await allSchools(ctx, q, now);
  return {
    schools: schools.map((s) => ({ id: s.id, name: s.name })),
    metrics: range.map((date) => ({ date, schools: Object.fromEntries(schools.map((s) => [String(s.id), countsOf(counts.get(s.id)!.get(date))])) })),
    summary: Object.fromEntries(schools.map((s) => [String(s.id), chatbotSummary(counts.get(s.id)!, range)])),
  };
}

/** GET /api/reports/leads-metrics-multi-school (superusers). */
export async function leadsMetricsMultiSchool(ctx: AuthContext, q: MultiSchoolQuery, now: Date = new Date()): Promise<MultiSchoolLeadsReport> {
  const { schools, range, counts } = await allSchools(ctx, q, now);
  return {
    schools: schools.map((s) => ({ id: s.id, name: s.name })),
    metrics: range.map((date) => ({ date, schools: Object.fromEntries(schools.map((s) => [String(s.id), counts.get(s.id)!.get(date)?.leads ?? 0])) })),
    summary: Object.fromEntries(schools.map((s) => [String(s.id), leadsSummary(counts.get(s.id)!, range)])),
  };
}

/** The schools a superuser can pick in Advanced Reports (the first 100 by name). */
export async function reportSchools(ctx: AuthContext): Promise<ReportSchool[]> {
  if (ctx.role !== 'superuser') throw forbidden('Only a superuser can compare schools');
  const db = await getDb();
  return resultRows<{ id: number; name: string }>(await db.execute(sql`select id, name from schools order by name, id limit 100`)).map((r) => ({ id: Number(r.id), name: String(r.name) }));
}
