import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import type { DailyStats } from './schema';

// Issue 22: the daily rollup (conversation_daily_stats) counts each school's *local* days, in the
// school's time zone (schools.time_zone). A row is final once it was written after its day closed
// in that zone (updated_at ≥ the next local midnight); reports read final rows and count the other
// days live from the raw rows. The daily_stats task runs hourly and rolls up every school's days
// that have closed since its last final row.

/** The longest span rolled up at once (and the longest report range): three years. */
export const MAX_ROLLUP_DAYS = 1096;

const num = (v: unknown) => (v === null || v === undefined ? 0 : Number(v));
const round1 = (v: number) => Math.round(v * 10) / 10;

type Db = Awaited<ReturnType<typeof getDb>>;
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Rolls up one school's local days `from` … `to` (YYYY-MM-DD, inclusive) in one statement: every
 * day gets a row (zeros included). conversations = widget sessions that started that day;
 * widget_loaded / widget_opened / engaged = those sessions by final status (they add up to
 * conversations); messages = their messages; leads = leads created that day (test leads excluded),
 * with lead_sources by source; avg_response_time_ms over their assistant messages.
 */
export async function rollupSchoolDays(schoolId: number, from: string, to: string, tx?: Tx): Promise<DailyStats[]> {
  const run = async (t: Tx) => {
    await t.execute(sql`set local jit = off`);
    return resultRows<Record<string, unknown>>(
      await t.execute(sql`
        with s as (select time_zone as tz from schools where id = ${schoolId}),
        bounds as (
          select s.tz, (${from}::date::timestamp at time zone s.tz) as since, ((${to}::date + 1)::timestamp at time zone s.tz) as until from s
        ),
        d as (select g::date as day from generate_series(${from}::date, ${to}::date, interval '1 day') g),
        c as materialized (
          select (c.started_at at time zone b.tz)::date as day, c.id, c.status, c.message_count
          from conversations c, bounds b
          where c.school_id = ${schoolId} and c.source = 'widget' and c.started_at >= b.since and c.started_at < b.until
        ),
        cc as (
          select day, count(*)::int as conversations,
            count(*) filter (where status = 'widget_loaded')::int as widget_loaded,
            count(*) filter (where status = 'opened')::int as widget_opened,
            count(*) filter (where status = 'engaged')::int as engaged,
            coalesce(sum(message_count), 0)::int as messages
          from c group by day
        ),
        resp as (
          select c.day, avg(m.response_time_ms)::real as avg_response_time_ms
          from conversation_messages m join c on c.id = m.conversation_id
          where m.role = 'assistant' and m.response_time_ms is not null
          group by c.day
        ),
        l as (
          select (l.created_at at time zone b.tz)::date as day, l.source, count(*)::int as n
          from leads l, bounds b
          where l.school_id = ${schoolId} and not l.is_test and l.created_at >= b.since and l.created_at < b.until
          group by 1, 2
        ),
        ll as (select day, sum(n)::int as leads, jsonb_object_agg(source, n) as sources from l group by day)
        insert into conversation_daily_stats
          (school_id, day, conversations, widget_loaded, widget_opened, engaged, messages, leads, lead_sources, avg_response_time_ms, updated_at)
        select ${schoolId}, d.day, coalesce(cc.conversations, 0), coalesce(cc.widget_loaded, 0), coalesce(cc.widget_opened, 0),
          coalesce(cc.engaged, 0), coalesce(cc.messages, 0), coalesce(ll.leads, 0), coalesce(ll.sources, '{}'::jsonb), resp.avg_response_time_ms, now()
        from d left join cc on cc.day = d.day left join resp on resp.day = d.day left join ll on ll.day = d.day
        where exists (select 1 from s)
        on conflict (school_id, day) do update set
          conversations = excluded.conversations, widget_loaded = excluded.widget_loaded, widget_opened = excluded.widget_opened,
          engaged = excluded.engaged, messages = excluded.messages, leads = excluded.leads, lead_sources = excluded.lead_sources,
          avg_response_time_ms = excluded.avg_response_time_ms, updated_at = now()
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
          (select max(r.day) + 1 from conversation_daily_stats r where r.school_id = s.id and r.updated_at >= ((r.day + 1)::timestamp at time zone s.time_zone)),
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
