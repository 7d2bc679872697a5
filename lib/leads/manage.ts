import 'server-only';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { getDb, resultRows, type Database } from '@/db/client';
import { LEAD_SEARCH_TEXT, leadExports, leads } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { notFound, validationError } from '@/lib/http/errors';
import { conversationReference } from '@/lib/conversations/reference';
import { requireSchoolId } from '@/lib/tenancy';
import { recordAudit, staffActor } from '@/lib/audit/record';
import type { LeadFieldKey } from './fields';
import {
  DATE_ONLY,
  EXPORT_FIELD_KEYS,
  EXPORT_FIELDS,
  LEAD_SOURCES,
  endOf,
  startOf,
  type ExportTrackInput,
  type FieldStats,
  type LeadChanges,
  type LeadFilter,
  type LeadListQuery,
  type LeadPage,
  type LeadStats,
  type LeadView,
  type SortField,
} from './manage-schema';
import { saveStaffLead, type StaffLeadColumns as LeadColumns } from './save';
import { leadConversations, transcriptText } from './transcript';

// The Leads page's service: list, search, staff
// entry and edits, deletion, stats and the export records. Every query is bound to the caller's
// school; leads from test chat (is_test) are the school's own tests and never listed or exported.

export const LEAD_NOT_FOUND = 'Lead not found';
/** Up to this many matches, a search reads its matches first and sorts them (see listLeads). */
const FEW_MATCHES = 5000;

/** ISO 8601 in UTC with microseconds: Postgres's exact time, so a bound passed back loses nothing. */
export const isoSql = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
const isoMs = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

const VIEW_COLUMNS = sql`id, first_name, last_name, preferred_name, email, phone, phone_type, source,
  ${isoMs(sql`created_at`)} as created_at, ${isoMs(sql`updated_at`)} as updated_at, graduation_year, intended_major,
  degree_level, state_province, parent_email, parent_phone, conversation_count, ${isoMs(sql`last_interaction_at`)} as last_interaction_at,
  session_id, date_of_birth, opt_in_email, opt_in_sms, opt_in_phone, gpa, ${isoMs(sql`handoff_at`)} as handoff_at, handoff_question`;

function toView(r: Record<string, unknown>): LeadView {
  return {
    ...(r as unknown as LeadView),
    id: Number(r.id),
    // The conversation's reference: the session id stays the lead's key inside Lantern (lib/leads/save.ts).
    session_id: conversationReference((r.session_id as string | null) ?? null),
    conversation_count: Number(r.conversation_count),
    graduation_year: r.graduation_year === null ? null : Number(r.graduation_year),
    gpa: r.gpa === null ? null : Number(r.gpa),
    intended_major: Array.isArray(r.intended_major) ? (r.intended_major as string[]) : typeof r.intended_major === 'string' ? (JSON.parse(r.intended_major) as string[]) : [],
  };
}

/* ---------------------------------------------------------------------------------------------- */

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/**
 * The search as SQL: every word must appear in the names, e-mail or phone (the trigram-indexed
 * LEAD_SEARCH_TEXT). A word written like a phone number ("(503) 555-01") is matched by its digits.
 */
export function searchSql(search: string): SQL | null {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 10);
  // A phone number typed with spaces is one term, not several.
  const whole = search.trim();
  const phoneLike = /^[+(]?[\d\s().-]+$/.test(whole) && whole.replace(/\D/g, '').length >= 3;
  const terms = phoneLike ? [whole.replace(/\D/g, '')] : words;
  if (terms.length === 0) return null;
  const text = sql.raw(LEAD_SEARCH_TEXT);
  return sql.join(
    terms.map((t) => sql`${text} like ${`%${escapeLike(t)}%`}`),
    sql` and `,
  );
}

/** The school's last normal export (the lower bound of "since last export"), or null. */
const markSql = (schoolId: number) => sql`(select max(e.marks_until) from lead_exports e where e.school_id = ${schoolId})`;

/** The list's filters as SQL over `leads` (unaliased, so the search expression matches its index). */
export function filterSql(schoolId: number, f: LeadFilter): SQL {
  const parts: SQL[] = [sql`school_id = ${schoolId}`, sql`not is_test`];
  if (f.source) parts.push(sql`source = ${f.source}`);
  if (f.search) {
    const s = searchSql(f.search);
    if (s) parts.push(s);
  }
  // Leads of an export are [mark, until): a lead created exactly at the mark belongs to the next one.
  if (f.since_last_export) parts.push(sql`created_at >= coalesce(${markSql(schoolId)}, '-infinity'::timestamptz)`);
  if (f.from_date) parts.push(sql`created_at >= ${startOf(f.from_date).toISOString()}::timestamptz`);
  if (f.to_date) {
    const end = endOf(f.to_date);
    parts.push(end.inclusive ? sql`created_at <= ${f.to_date}::timestamptz` : sql`created_at < ${end.at.toISOString()}::timestamptz`);
  }
  return sql.join(parts, sql` and `);
}

const SORT_SQL: Record<SortField, (dir: SQL) => SQL> = {
  created_at: (d) => sql`created_at ${d}`,
  updated_at: (d) => sql`updated_at ${d}`,
  last_interaction_at: (d) => sql`last_interaction_at ${d}`,
  name: (d) => sql`lower(coalesce(last_name, '')) ${d}, lower(coalesce(first_name, '')) ${d}`,
  email: (d) => sql`email ${d} nulls last`,
  phone: (d) => sql`phone ${d} nulls last`,
  source: (d) => sql`source ${d}`,
  graduation_year: (d) => sql`graduation_year ${d} nulls last`,
  conversation_count: (d) => sql`conversation_count ${d}`,
};

/** ORDER BY for a sort key (`-` first: descending), ties by id the same way, so pages never overlap. */
export function orderSql(sort: string): SQL {
  const desc = sort.startsWith('-');
  const field = (desc ? sort.slice(1) : sort) as SortField;
  const dir = sql.raw(desc ? 'desc' : 'asc');
  return sql`${SORT_SQL[field](dir)}, id ${dir}`;
}

/** GET /leads/: one page of the school's leads, filtered and sorted, with the number that match. */
export async function listLeads(ctx: AuthContext, q: LeadListQuery): Promise<LeadPage> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const where = filterSql(schoolId, q);
  const offset = q.offset ?? (q.page - 1) * q.page_size;
  const total = Number(resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from leads where ${where}`))[0]?.n ?? 0);
  const order = orderSql(q.sort);
  // A search that matches few leads: read the matches through the trigram index, then sort them.
  // Left to itself, Postgres walks the date index hoping to meet 100 matches soon, testing the
  // search text on every lead it passes (tens of ms for a surname among 100,000 leads).
  const rows =
    q.search && total <= FEW_MATCHES
      ? // The view's times are ISO text of one fixed form, so they sort as the times do.
        await db.execute(sql`with matches as materialized (select ${VIEW_COLUMNS} from leads where ${where})
          select * from matches order by ${order} limit ${q.page_size} offset ${offset}`)
      : await db.execute(sql`select ${VIEW_COLUMNS} from leads where ${where} order by ${order} limit ${q.page_size} offset ${offset}`);
  return {
    leads: resultRows<Record<string, unknown>>(rows).map(toView),
    total,
    page: q.offset === undefined ? q.page : Math.floor(offset / q.page_size) + 1,
    page_size: q.page_size,
    offset,
  };
}

async function leadRow(db: Database, schoolId: number, id: number): Promise<LeadView> {
  const [row] = resultRows<Record<string, unknown>>(await db.execute(sql`select ${VIEW_COLUMNS} from leads where id = ${id} and school_id = ${schoolId} and not is_test`));
  if (!row) throw notFound(LEAD_NOT_FOUND);
  return toView(row);
}

export async function getLead(ctx: AuthContext, id: number): Promise<LeadView> {
  return leadRow(await getDb(), requireSchoolId(ctx), id);
}


const COLUMN_OF: Record<LeadFieldKey, keyof LeadColumns> = {
  first_name: 'firstName',
  last_name: 'lastName',
  preferred_name: 'preferredName',
  email: 'email',
  phone: 'phone',
  phone_type: 'phoneType',
  graduation_year: 'graduationYear',
  intended_major: 'intendedMajor',
  degree_level: 'degreeLevel',
  state_province: 'stateProvince',
  parent_email: 'parentEmail',
  parent_phone: 'parentPhone',
  date_of_birth: 'dateOfBirth',
  gpa: 'gpa',
  opt_in_email: 'optInEmail',
  opt_in_sms: 'optInSms',
  opt_in_phone: 'optInPhone',
};

function columnsOf(changes: LeadChanges): LeadColumns {
  const cols: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) {
    // A cleared list is empty, not null (the column is never null).
    cols[COLUMN_OF[key as LeadFieldKey]] = key === 'intended_major' && value === null ? [] : value;
  }
  return cols as LeadColumns;
}

/** POST /leads/: a lead staff entered; the "lead saved" listeners run in the same transaction. */
export async function createLead(ctx: AuthContext, changes: LeadChanges): Promise<LeadView> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await saveStaffLead(tx, schoolId, columnsOf(changes));
    return leadRow(tx, schoolId, row!.id);
  });
}

/** PATCH /leads/{id}: the changed fields (null clears one); the listeners run in the same transaction. */
export async function updateLead(ctx: AuthContext, id: number, changes: LeadChanges): Promise<LeadView> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (!(await saveStaffLead(tx, schoolId, columnsOf(changes), id))) throw notFound(LEAD_NOT_FOUND);
    return leadRow(tx, schoolId, id);
  });
}

/** DELETE /leads/{id}: the lead goes; its conversations stay (no longer linked to it). */
export async function deleteLead(ctx: AuthContext, id: number): Promise<{ message: string }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(leads)
      .where(and(eq(leads.id, id), eq(leads.schoolId, schoolId), eq(leads.isTest, false)))
      .returning({ id: leads.id, source: leads.source });
    if (!row) throw notFound(LEAD_NOT_FOUND);
    await recordAudit({ action: 'lead.deleted', actor: staffActor(ctx), schoolId, target: { type: 'lead', id: row.id }, details: { source: row.source } }, tx);
  });
  return { message: 'Lead deleted' };
}

/* ---------------------------------------------------------------------------------------------- */

/** Whether a lead has each export field, as SQL (an empty text or list counts as not having it). */
const HAS_FIELD: Record<string, string> = {
  id: 'true',
  source: 'true',
  created_at: 'true',
  updated_at: 'true',
  last_interaction_at: 'true',
  conversation_count: 'true',
  intended_major: "jsonb_array_length(intended_major) > 0",
};
const hasField = (key: string) => HAS_FIELD[key] ?? `(${key} is not null${['graduation_year', 'gpa', 'opt_in_email', 'opt_in_sms', 'opt_in_phone'].includes(key) ? '' : ` and ${key} <> ''`})`;

/** GET /leads/export/field-stats: for each exportable field, how many of the (filtered) leads have it. */
export async function leadFieldStats(ctx: AuthContext, f: LeadFilter): Promise<FieldStats> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const counts = sql.join(
    EXPORT_FIELD_KEYS.map((k) => sql`count(*) filter (where ${sql.raw(hasField(k))})::int as ${sql.identifier(k)}`),
    sql`, `,
  );
  const [row] = resultRows<Record<string, number>>(await db.execute(sql`select count(*)::int as total__, ${counts} from leads where ${filterSql(schoolId, f)}`));
  return {
    total: Number(row?.total__ ?? 0),
    fields: EXPORT_FIELD_KEYS.map((key) => ({ key, label: EXPORT_FIELDS[key], count: Number(row?.[key] ?? 0) })),
  };
}

/** The Leads tab's stats: totals, today (from `todayFrom`, else UTC midnight), last 7 days, sources, contacts. */
export async function leadStats(ctx: AuthContext, todayFrom?: string): Promise<LeadStats> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const today = todayFrom ? sql`${startOf(todayFrom).toISOString()}::timestamptz` : sql`date_trunc('day', now() at time zone 'UTC') at time zone 'UTC'`;
  const hasEmail = sql`(email is not null and email <> '')`;
  const hasPhone = sql`(phone is not null and phone <> '')`;
  const bySource = sql.join(
    LEAD_SOURCES.map((s) => sql`count(*) filter (where source = ${s})::int as ${sql.identifier(s)}`),
    sql`, `,
  );
  const [r] = resultRows<Record<string, number>>(
    await db.execute(sql`
      select count(*)::int as total, count(*) filter (where created_at >= ${today})::int as today,
        count(*) filter (where created_at >= now() - interval '7 days')::int as last_7_days, ${bySource},
        count(*) filter (where ${hasEmail})::int as with_email, count(*) filter (where ${hasPhone})::int as with_phone,
        count(*) filter (where ${hasEmail} and ${hasPhone})::int as with_both
      from leads where school_id = ${schoolId} and not is_test`),
  );
  const n = (k: string) => Number(r?.[k] ?? 0);
  return {
    total: n('total'),
    today: n('today'),
    last_7_days: n('last_7_days'),
    by_source: Object.fromEntries(LEAD_SOURCES.map((s) => [s, n(s)])) as LeadStats['by_source'],
    with_email: n('with_email'),
    with_phone: n('with_phone'),
    with_both: n('with_both'),
  };
}

/* ---------------------------------------------------------------------------------------------- */

/** GET /leads/export/last-export-date. */
export async function lastExportDate(ctx: AuthContext): Promise<{ last_export_at: string | null }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [row] = resultRows<{ at: string | null }>(await db.execute(sql`select ${isoSql(markSql(schoolId))} as at`));
  return { last_export_at: row?.at ?? null };
}

/**
 * The upper bound of an export starting now, exclusive: now, or the start of the oldest other
 * transaction still open if earlier. A lead is stamped with its transaction's start, so one that
 * is being saved while the export reads is at or after this bound: not in this export, in the
 * next one (never lost, never twice).
 */
export async function exportUntil(db: Database): Promise<string> {
  const [row] = resultRows<{ until: string }>(
    await db.execute(sql`
      select ${isoSql(sql`least(now(), coalesce((
        select min(a.xact_start) from pg_stat_activity a
        where a.datname = current_database() and a.pid <> pg_backend_pid() and a.backend_type = 'client backend' and a.xact_start is not null
      ), now()))`)} as until`),
  );
  return row!.until;
}

const FUTURE_SKEW_MS = 5 * 60_000;

/**
 * Whether an export record without the explicit flag describes a normal export: it has no start, or
 * it starts exactly at the last export date (compared in the database: the mark has microseconds).
 */
async function startsAtMark(db: Database, schoolId: number, from: string | null | undefined): Promise<boolean> {
  if (!from) return true;
  const start = DATE_ONLY.test(from) ? startOf(from).toISOString() : from;
  const [row] = resultRows<{ same: boolean | null }>(await db.execute(sql`select ${start}::timestamptz = ${markSql(schoolId)} as same`));
  return row?.same === true;
}

/** POST /leads/export/track: records an export; a normal one moves the last export date (never back). */
export async function trackExport(ctx: AuthContext, input: ExportTrackInput): Promise<{ id: number; last_export_at: string | null }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const normal = input.since_last_export ?? (await startsAtMark(db, schoolId, input.from_date));
  // Only a mark must not run ahead of the clock (it would hide leads still to come); a custom range may end later today.
  if (normal && input.to_date && startOf(input.to_date).getTime() > Date.now() + FUTURE_SKEW_MS) {
    throw validationError([{ loc: ['body', 'to_date'], msg: 'to_date cannot be in the future', type: 'value_error' }]);
  }
  const bound = (v: string | null | undefined, end: boolean) => {
    if (!v) return null;
    if (!end) return sql`${startOf(v).toISOString()}::timestamptz`;
    const e = endOf(v);
    // An exact time is kept as written (microseconds: the export's X-Export-Until); a date is its day's end.
    return e.inclusive ? sql`${v}::timestamptz` : sql`${e.at.toISOString()}::timestamptz`;
  };
  const to = bound(input.to_date, true);
  const marks = normal ? (to ?? sql`now()`) : null;
  const [row] = resultRows<{ id: number }>(
    await db.execute(sql`
      insert into ${leadExports} (school_id, user_id, export_type, from_date, to_date, field_count, lead_count, marks_until)
      values (${schoolId}, ${ctx.user.id}, ${input.export_type}, ${bound(input.from_date, false)}, ${to}, ${input.field_count}, ${input.lead_count}, ${marks})
      returning id`),
  );
  return { id: Number(row!.id), ...(await lastExportDate(ctx)) };
}

/** GET /leads/{id}/conversation: the transcript as plain text and the conversations it came from. */
export async function leadConversationView(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  await leadRow(db, schoolId, id);
  const conversations = (await leadConversations(schoolId, id, db)) ?? [];
  return { lead_id: id, conversation_text: conversations.length ? transcriptText(conversations) : null, conversations };
}
