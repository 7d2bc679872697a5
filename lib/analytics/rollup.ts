import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows, type Tx } from '@/db/client';
import type { DailyStats } from './schema';

// The daily rollup (conversation_daily_stats) counts each school's *local* days, in the school's
// time zone (schools.time_zone). A row is final once it was written after its day closed in that
// zone (updated_at >= the next local midnight) by the current definition (rollup_version); Reports
// and Analytics read final rows and count the other days live with the same definition
// (dayFigures), so the two always agree. The daily_stats task runs hourly and rolls up every
// school's days that have closed since its last final row; turn analysis re-rolls a closed day
// whose visitor messages it analyses late.

/** The longest span rolled up at once (and the longest report range): three years. */
export const MAX_ROLLUP_DAYS = 1096;
/** The definition of a row: 2 added the Analytics columns. Rows of an older one count live until rolled again. */
export const ROLLUP_VERSION = 2;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const round1 = (v: number) => Math.round(v * 10) / 10;
const DAY_MS = 86_400_000;
/** `day` (YYYY-MM-DD) moved by `n` days: calendar arithmetic, the same in every time zone. */
export const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);


/** Which figures a live count needs: activity (sessions, messages, leads) and the analysis of visitor messages. */
export type Parts = { activity: boolean; analysis: boolean };
const ALL: Parts = { activity: true, analysis: true };

/** Runs of local days, inclusive (YYYY-MM-DD). */
type DayRun = { since: string; until: string };

/** One local day of one school, as the rollup stores it. */
export type DayFigures = {
  day: string;
  /** Widget sessions that started that day, by the furthest step they reached (they add up to conversations). */
  conversations: number;
  widget_loaded: number;
  widget_opened: number;
  engaged: number;
  /** Their messages, and the average response time of their assistant messages. */
  messages: number;
  avg_response_time_ms: number | null;
  handoffs: number;
  engaged_seconds: number;
  by_hour: number[];
  lead_conversations: number;
  messages_before_leads: number;
  /** Messages sent that day (any session but test chats). */
  messages_sent: number;
  characters: number;
  response_time_sum_ms: number;
  response_count: number;
  /** Leads created that day (test leads excluded). */
  leads: number;
  lead_sources: Record<string, number>;
  leads_with_email: number;
  leads_with_phone: number;
  leads_with_both: number;
  /** Visitor messages sent that day and analysed, by sentiment and by topic. */
  analyzed_turns: number;
  sentiments: Record<string, number>;
  topics: Record<string, number>;
};

/**
 * The one definition of a day's figures: a select of one row per local day of `runs` (zeros
 * included) for one school, every column of DayFigures.
 */
function dayFigures(schoolId: number, runs: DayRun[], parts: Parts = ALL) {
  // A part left out reads nothing (a constant false filter) and answers zeros.
  const activity = sql.raw(String(parts.activity));
  const analysis = sql.raw(String(parts.analysis));
  const values = sql.join(runs.map((r) => sql`(${r.since}::date, ${r.until}::date)`), sql`, `);
  return sql`
    with s as (select time_zone as tz from schools where id = ${schoolId}),
    w as (
      select v.d0, v.d1, (v.d0::timestamp at time zone s.tz) as t0, ((v.d1 + 1)::timestamp at time zone s.tz) as t1
      from (values ${values}) as v(d0, d1) cross join s
    ),
    d as (select g::date as day from w cross join generate_series(w.d0, w.d1, interval '1 day') g),
    tests as (select id from conversations where school_id = ${schoolId} and source = 'test_chat'),
    c as materialized (
      select (c.started_at at time zone s.tz)::date as day, extract(hour from c.started_at at time zone s.tz)::int as hour,
        c.id, c.status, c.message_count, c.handoff_at, extract(epoch from c.ended_at - c.started_at) as seconds, c.lead_id
      from w join conversations c on c.school_id = ${schoolId} and c.source = 'widget' and c.started_at >= w.t0 and c.started_at < w.t1
      cross join s
      where ${activity}
    ),
    cc as (
      select day, count(*)::int as conversations,
        count(*) filter (where status = 'widget_loaded')::int as widget_loaded,
        count(*) filter (where status = 'opened')::int as widget_opened,
        count(*) filter (where status = 'engaged')::int as engaged,
        coalesce(sum(message_count), 0)::int as messages,
        count(*) filter (where handoff_at is not null)::int as handoffs,
        coalesce(sum(seconds) filter (where status = 'engaged'), 0)::float8 as engaged_seconds
      from c group by day
    ),
    ch as (select day, hour, count(*)::int as n from c group by day, hour),
    hours as (
      select d.day, array_agg(coalesce(ch.n, 0) order by h.hour)::int[] as by_hour
      from d cross join generate_series(0, 23) as h(hour) left join ch on ch.day = d.day and ch.hour = h.hour
      group by d.day
    ),
    resp as (
      -- Each session's assistant messages through its own index (a nested loop): never the school's whole message table.
      select c.day, (sum(r.total) / nullif(sum(r.n), 0))::real as avg_response_time_ms
      from c cross join lateral (
        select sum(m.response_time_ms)::float8 as total, count(m.response_time_ms) as n
        from conversation_messages m where m.conversation_id = c.id and m.role = 'assistant'
      ) r
      group by c.day
    ),
    before_lead as (
      select c.day, count(*)::int as lead_conversations,
        coalesce(sum((select count(*) from conversation_messages m where m.conversation_id = c.id and m.created_at <= l.created_at)), 0)::int as messages_before_leads
      from c join leads l on l.id = c.lead_id and not l.is_test
      group by c.day
    ),
    sent as (
      select (m.created_at at time zone s.tz)::date as day, count(*)::int as messages_sent, coalesce(sum(length(m.content)), 0)::bigint as characters,
        coalesce(sum(m.response_time_ms) filter (where m.role = 'assistant'), 0)::float8 as response_time_sum_ms,
        count(m.response_time_ms) filter (where m.role = 'assistant')::int as response_count
      from w join conversation_messages m on m.school_id = ${schoolId} and m.created_at >= w.t0 and m.created_at < w.t1
      cross join s
      where ${activity} and m.conversation_id not in (select id from tests)
      group by 1
    ),
    a as materialized (
      select (m.created_at at time zone s.tz)::date as day, m.sentiment, m.topics
      from w join conversation_messages m on m.school_id = ${schoolId} and m.created_at >= w.t0 and m.created_at < w.t1
        and m.role = 'user' and m.analyzed_at is not null
      cross join s
      where ${analysis} and m.conversation_id not in (select id from tests)
    ),
    analysed as (select day, count(*)::int as analyzed_turns from a group by day),
    by_sentiment as (
      select day, jsonb_object_agg(sentiment, n) as sentiments
      from (select day, sentiment, count(*)::int as n from a where sentiment is not null group by 1, 2) x group by day
    ),
    by_topic as (
      select day, jsonb_object_agg(category, n) as topics
      from (
        select a.day, t.v->>'category' as category, count(*)::int as n
        from a cross join lateral jsonb_array_elements(case when jsonb_typeof(a.topics) = 'array' then a.topics else '[]'::jsonb end) t(v)
        where t.v->>'category' is not null group by 1, 2
      ) x group by day
    ),
    l as materialized (
      select (l.created_at at time zone s.tz)::date as day, l.source,
        nullif(l.email, '') is not null as has_email, nullif(l.phone, '') is not null as has_phone
      from w join leads l on l.school_id = ${schoolId} and not l.is_test and l.created_at >= w.t0 and l.created_at < w.t1
      cross join s
      where ${activity}
    ),
    ll as (
      select day, count(*)::int as leads, count(*) filter (where has_email)::int as leads_with_email,
        count(*) filter (where has_phone)::int as leads_with_phone, count(*) filter (where has_email and has_phone)::int as leads_with_both
      from l group by day
    ),
    ls as (select day, jsonb_object_agg(source, n) as lead_sources from (select day, source, count(*)::int as n from l group by 1, 2) x group by day)
    select d.day,
      coalesce(cc.conversations, 0) as conversations, coalesce(cc.widget_loaded, 0) as widget_loaded,
      coalesce(cc.widget_opened, 0) as widget_opened, coalesce(cc.engaged, 0) as engaged, coalesce(cc.messages, 0) as messages,
      resp.avg_response_time_ms, coalesce(cc.handoffs, 0) as handoffs, coalesce(cc.engaged_seconds, 0) as engaged_seconds,
      hours.by_hour, coalesce(before_lead.lead_conversations, 0) as lead_conversations,
      coalesce(before_lead.messages_before_leads, 0) as messages_before_leads,
      coalesce(sent.messages_sent, 0) as messages_sent, coalesce(sent.characters, 0) as characters,
      coalesce(sent.response_time_sum_ms, 0) as response_time_sum_ms, coalesce(sent.response_count, 0) as response_count,
      coalesce(ll.leads, 0) as leads, coalesce(ls.lead_sources, '{}'::jsonb) as lead_sources,
      coalesce(ll.leads_with_email, 0) as leads_with_email, coalesce(ll.leads_with_phone, 0) as leads_with_phone,
      coalesce(ll.leads_with_both, 0) as leads_with_both,
      coalesce(analysed.analyzed_turns, 0) as analyzed_turns, coalesce(by_sentiment.sentiments, '{}'::jsonb) as sentiments,
      coalesce(by_topic.topics, '{}'::jsonb) as topics
    from d left join cc on cc.day = d.day left join hours on hours.day = d.day left join resp on resp.day = d.day
      left join before_lead on before_lead.day = d.day left join sent on sent.day = d.day left join analysed on analysed.day = d.day
      left join by_sentiment on by_sentiment.day = d.day left join by_topic on by_topic.day = d.day
      left join ll on ll.day = d.day left join ls on ls.day = d.day
    where exists (select 1 from s)`;
}

const COLUMNS = [
  'conversations', 'widget_loaded', 'widget_opened', 'engaged', 'messages', 'avg_response_time_ms', 'handoffs', 'engaged_seconds', 'by_hour',
  'lead_conversations', 'messages_before_leads', 'messages_sent', 'characters', 'response_time_sum_ms', 'response_count', 'leads',
  'lead_sources', 'leads_with_email', 'leads_with_phone', 'leads_with_both', 'analyzed_turns', 'sentiments', 'topics',
] as const;
const columnList = sql.raw(COLUMNS.join(', '));

const json = (v: unknown): Record<string, number> => (typeof v === 'string' ? JSON.parse(v) : ((v ?? {}) as Record<string, number>));
const hours = (v: unknown): number[] => {
  const list = typeof v === 'string' ? v.replace(/[{}]/g, '').split(',').filter(Boolean) : ((v ?? []) as unknown[]);
  return Array.from({ length: 24 }, (_, h) => num(list[h]));
};

function figures(row: Record<string, unknown>): DayFigures {
  return {
    day: String(row.day),
    conversations: num(row.conversations),
    widget_loaded: num(row.widget_loaded),
    widget_opened: num(row.widget_opened),
    engaged: num(row.engaged),
    messages: num(row.messages),
    avg_response_time_ms: row.avg_response_time_ms === null || row.avg_response_time_ms === undefined ? null : Number(row.avg_response_time_ms),
    handoffs: num(row.handoffs),
    engaged_seconds: num(row.engaged_seconds),
    by_hour: hours(row.by_hour),
    lead_conversations: num(row.lead_conversations),
    messages_before_leads: num(row.messages_before_leads),
    messages_sent: num(row.messages_sent),
    characters: num(row.characters),
    response_time_sum_ms: num(row.response_time_sum_ms),
    response_count: num(row.response_count),
    leads: num(row.leads),
    lead_sources: json(row.lead_sources),
    leads_with_email: num(row.leads_with_email),
    leads_with_phone: num(row.leads_with_phone),
    leads_with_both: num(row.leads_with_both),
    analyzed_turns: num(row.analyzed_turns),
    sentiments: json(row.sentiments),
    topics: json(row.topics),
  };
}

/**
 * Rolls up one school's local days `from` … `to` (YYYY-MM-DD, inclusive) in one statement: every
 * day gets a row (zeros included), by the current definition.
 */
export async function rollupSchoolDays(schoolId: number, from: string, to: string, tx?: Tx): Promise<DailyStats[]> {
  const run = async (t: Tx) => {
    await t.execute(sql`set local jit = off`);
    return resultRows<Record<string, unknown>>(
      await t.execute(sql`
        insert into conversation_daily_stats (school_id, day, ${columnList}, rollup_version, updated_at)
        select ${schoolId}, f.day, ${sql.raw(COLUMNS.map((c) => `f.${c}`).join(', '))}, ${ROLLUP_VERSION}, now()
        from (${dayFigures(schoolId, [{ since: from, until: to }])}) f
        on conflict (school_id, day) do update set
          ${sql.raw(COLUMNS.map((c) => `${c} = excluded.${c}`).join(', '))}, rollup_version = excluded.rollup_version, updated_at = now()
        returning to_char(day, 'YYYY-MM-DD') as date, conversations, widget_loaded, widget_opened, engaged, messages, leads, avg_response_time_ms`),
    );
  };
  const rows = tx ? await run(tx) : await (await getDb()).transaction(run);
  return rows
    .map((row) => ({
      date: String(row.date),
      conversations: num(row.conversations),
      widget_loaded: num(row.widget_loaded),
      widget_opened: num(row.widget_opened),
      engaged: num(row.engaged),
      messages: num(row.messages),
      leads: num(row.leads),
      avg_response_time_ms: row.avg_response_time_ms === null ? null : round1(Number(row.avg_response_time_ms)),
    }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/**
 * Every local day `from` … `to` of one school: final rows of the current definition from the
 * rollup, each run of the other days (today, days not rolled up yet) counted live in one statement.
 * `live: true` counts every day live (the property test compares the two); `parts` limits what the
 * live count reads (the rollup's rows always hold every figure).
 */
export async function schoolDayFigures(
  tx: Tx, schoolId: number, from: string, to: string, opts: { live?: boolean; parts?: Parts } = {},
): Promise<DayFigures[]> {
  const out = new Map<string, DayFigures>();
  if (!opts.live) {
    const rows = resultRows<Record<string, unknown>>(
      await tx.execute(sql`
        select to_char(r.day, 'YYYY-MM-DD') as day, ${sql.raw(COLUMNS.map((c) => `r.${c}`).join(', '))}
        from conversation_daily_stats r join schools s on s.id = r.school_id
        where r.school_id = ${schoolId} and r.day between ${from}::date and ${to}::date and r.rollup_version = ${ROLLUP_VERSION}
          and r.updated_at >= ((r.day + 1)::timestamp at time zone s.time_zone)`),
    );
    for (const row of rows) out.set(String(row.day), figures(row));
  }
  const runs: DayRun[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    if (out.has(d)) continue;
    const last = runs.at(-1);
    if (last && addDays(last.until, 1) === d) last.until = d;
    else runs.push({ since: d, until: d });
  }
  if (runs.length > 0) {
    const rows = resultRows<Record<string, unknown>>(
      await tx.execute(sql`select to_char(f.day, 'YYYY-MM-DD') as day, ${sql.raw(COLUMNS.map((c) => `f.${c}`).join(', '))} from (${dayFigures(schoolId, runs, opts.parts)}) f`),
    );
    for (const row of rows) out.set(String(row.day), figures(row));
  }
  return [...out.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * Turn analysis stored analyses of visitor messages sent on days already rolled up: those days are
 * rolled up again, in the caller's transaction, so their topic and sentiment counts include them.
 */
export async function rerollAnalysedDays(tx: Tx, schoolId: number, messageIds: number[]): Promise<void> {
  if (messageIds.length === 0) return;
  const [span] = resultRows<{ first: string | null; last: string | null }>(
    await tx.execute(sql`
      select to_char(min(r.day), 'YYYY-MM-DD') as first, to_char(max(r.day), 'YYYY-MM-DD') as last
      from conversation_daily_stats r
      where r.school_id = ${schoolId} and r.rollup_version = ${ROLLUP_VERSION} and r.day in (
        select distinct (m.created_at at time zone s.time_zone)::date
        from conversation_messages m join schools s on s.id = m.school_id
        where m.school_id = ${schoolId} and m.id in (select (jsonb_array_elements_text(${JSON.stringify(messageIds)}::jsonb))::int))`),
  );
  if (span?.first && span.last) await rollupSchoolDays(schoolId, span.first, span.last, tx);
}

/** The school's local date today and yesterday (YYYY-MM-DD) at `now`. */
export async function schoolDays(schoolId: number, now: Date = new Date()): Promise<{ today: string; yesterday: string; timeZone: string } | null> {
  const db = await getDb();
  const [row] = resultRows<{ today: string; yesterday: string; tz: string }>(
    await db.execute(sql`
      select to_char((${now.toISOString()}::timestamptz at time zone time_zone)::date, 'YYYY-MM-DD') as today,
        to_char((${now.toISOString()}::timestamptz at time zone time_zone)::date - 1, 'YYYY-MM-DD') as yesterday, time_zone as tz
      from schools where id = ${schoolId}`),
  );
  return row ? { today: row.today, yesterday: row.yesterday, timeZone: row.tz } : null;
}

/**
 * The daily_stats task (hourly): for every school, rolls up the local days that closed since its
 * last final row (a school without one starts at its first session or lead, at most three years
 * back), so a school's day is rolled up within the hour after its midnight.
 */
export async function rollupClosedDays(now: Date = new Date()): Promise<{ schools_processed: number; schools_rolled: number; days_rolled: number; conversations: number }> {
  const db = await getDb();
  const at = now.toISOString();
  const plans = resultRows<{ id: number; start: string | null; yesterday: string }>(
    await db.execute(sql`
      select s.id, to_char(p.yesterday, 'YYYY-MM-DD') as yesterday,
        to_char(greatest(p.yesterday - ${MAX_ROLLUP_DAYS - 1}::int, coalesce(
          (select max(r.day) + 1 from conversation_daily_stats r
             where r.school_id = s.id and r.rollup_version = ${ROLLUP_VERSION} and r.updated_at >= ((r.day + 1)::timestamp at time zone s.time_zone)),
          least(
            (select (min(c.started_at) at time zone s.time_zone)::date from conversations c where c.school_id = s.id and c.source = 'widget'),
            (select (min(l.created_at) at time zone s.time_zone)::date from leads l where l.school_id = s.id and not l.is_test)
          ),
          p.yesterday)), 'YYYY-MM-DD') as start
      from schools s, lateral (select (${at}::timestamptz at time zone s.time_zone)::date - 1 as yesterday) p
      order by s.id`),
  );
  let rolled = 0;
  let days = 0;
  let conversations = 0;
  for (const p of plans) {
    if (!p.start || p.start > p.yesterday) continue;
    const rows = await rollupSchoolDays(Number(p.id), p.start, p.yesterday);
    rolled += 1;
    days += rows.length;
    conversations += rows.reduce((s, r) => s + r.conversations, 0);
  }
  return { schools_processed: plans.length, schools_rolled: rolled, days_rolled: days, conversations };
}

/**
 * After a school changes its time zone: rolls its days up again in the new zone, from its first
 * stored session (older days keep the old zone's buckets: their sessions may be gone by retention)
 * to yesterday.
 */
export async function rebuildSchoolRollup(schoolId: number, now: Date = new Date()): Promise<{ school_id: number; days_rolled: number }> {
  const db = await getDb();
  const [row] = resultRows<{ start: string | null; yesterday: string }>(
    await db.execute(sql`
      select to_char(greatest(p.yesterday - ${MAX_ROLLUP_DAYS - 1}::int,
          (select (min(c.started_at) at time zone s.time_zone)::date from conversations c where c.school_id = s.id and c.source = 'widget')), 'YYYY-MM-DD') as start,
        to_char(p.yesterday, 'YYYY-MM-DD') as yesterday
      from schools s, lateral (select (${now.toISOString()}::timestamptz at time zone s.time_zone)::date - 1 as yesterday) p
      where s.id = ${schoolId}`),
  );
  if (!row?.start || row.start > row.yesterday) return { school_id: schoolId, days_rolled: 0 };
  // Rows of the old zone from the first session on are replaced (a day that no longer exists is deleted).
  const rows = await db.transaction(async (tx) => {
    await tx.execute(sql`delete from conversation_daily_stats where school_id = ${schoolId} and day >= ${row.start}::date`);
    return rollupSchoolDays(schoolId, row.start!, row.yesterday, tx);
  });
  return { school_id: schoolId, days_rolled: rows.length };
}
