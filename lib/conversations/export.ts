import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, rawStatement, resultRows } from '@/db/client';
import type { AuthContext } from '@/lib/auth/accounts';
import { attachmentHeaders, csvRecords, datedFileName } from '@/lib/export/csv';
import { requireSchoolId } from '@/lib/tenancy';
import { recordAudit, staffActor } from '@/lib/audit/record';
import type { ConversationExportQuery, ConversationFilter } from './export-schema';
import { conversationReferenceSql } from './reference';
import { logError } from '@/lib/system/log';

// GET /conversations/export: the Logs tab's filtered conversations as CSV (one row per
// conversation) or JSONL (one conversation per line with its messages). Streamed: the database is
// read in keyset batches (newest first, the list's order) as the client reads, so the server never
// holds more than one batch, whatever the number of conversations. `session_id` (column and key) is
// the conversation's reference, computed by the database: the widget's session id never leaves.

export const EXPORT_BATCH = 1000;
const CHUNK_BYTES = 64 * 1024;
const NEWLINE = new Uint8Array([10]);
const READ_AHEAD = 2;

const iso = (col: SQL) => sql`to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The filters as SQL over `c` (conversations), shared with the tests' expectations of the list. */
export function filterSql(schoolId: number, f: ConversationFilter): SQL {
  const parts: SQL[] = [sql`c.school_id = ${schoolId}`];
  if (f.source) parts.push(sql`c.source = ${f.source}`);
  if (f.status) parts.push(sql`c.status = ${f.status}`);
  if (f.handled_by_staff !== undefined) parts.push(f.handled_by_staff ? sql`c.live_joined_at is not null` : sql`c.live_joined_at is null`);
  if (f.from_date) parts.push(sql`c.started_at >= ${DATE_ONLY.test(f.from_date) ? `${f.from_date}T00:00:00Z` : new Date(f.from_date).toISOString()}::timestamptz`);
  if (f.to_date) {
    // A date alone is the end of that day.
    if (DATE_ONLY.test(f.to_date)) parts.push(sql`c.started_at < ${`${f.to_date}T00:00:00Z`}::timestamptz + interval '1 day'`);
    else parts.push(sql`c.started_at <= ${new Date(f.to_date).toISOString()}::timestamptz`);
  }
  if (f.q) {
    const pattern = `%${f.q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    // The reference staff see (never the session id it is made from), or the first question.
    parts.push(sql`(${conversationReferenceSql(sql`c.session_id`)} ilike ${pattern} or (${firstQuestionSql(sql`c.id`)}) ilike ${pattern})`);
  }
  return sql.join(parts, sql` and `);
}

/** The visitor's first question in a conversation (its lowest-positioned user message). */
export const firstQuestionSql = (conversationId: SQL) =>
  sql`select fq.content from conversation_messages fq where fq.conversation_id = ${conversationId} and fq.role = 'user' order by fq.position limit 1`;

type ConversationRow = {
  id: number;
  /** The conversation's reference. */
  session_id: string;
  source: string;
  status: string;
  started_at: string;
  ended_at: string;
  widget_opened_at: string | null;
  message_count: number;
  duration_seconds: number;
  lead_id: number | null;
  human_handled: boolean;
};

type Counts = { conversation_id: number; up: number; down: number; excellent: number; poor: number; first_question: string | null };

const CSV_COLUMNS = [
  'conversation_id',
  'session_id',
  'source',
  'started',
  'ended',
  'status',
  'messages',
  'duration_seconds',
  'lead',
  'lead_id',
  'handled_by_staff',
  'excellent_ratings',
  'poor_ratings',
  'thumbs_up',
  'thumbs_down',
  'topics',
  'sentiment',
  'first_question',
];

/** Today's date for the file name, e.g. conversations-2026-11-24.csv. */
export const exportFileName = (format: 'csv' | 'jsonl', now = new Date()) => datedFileName('conversations', format, now);

type Key = { at: string; id: number };

/** The export as a streamed Response (CSV or JSONL). */
export async function exportConversations(ctx: AuthContext, query: ConversationExportQuery): Promise<Response> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const where = filterSql(schoolId, query);
  const encoder = new TextEncoder();
  // The search words are a visitor's own: named only by whether there were any.
  await recordAudit({
    action: 'conversations.exported',
    actor: staffActor(ctx),
    schoolId,
    details: {
      format: query.format,
      filters: { source: query.source ?? null, status: query.status ?? null, from_date: query.from_date ?? null, to_date: query.to_date ?? null, handled_by_staff: query.handled_by_staff ?? null, search: query.q ? true : null },
    },
  });

  // A batch is the conversations after `from` (exclusive) down to `to` (inclusive; none: the rest),
  // newest first. The cursor is Postgres's own text of the time, so no microsecond is lost.
  const range = (from: Key | null, to: Key | null): SQL =>
    sql`${where}${from ? sql` and (c.started_at, c.id) < (${from.at}::timestamptz, ${from.id})` : sql``}${to ? sql` and (c.started_at, c.id) >= (${to.at}::timestamptz, ${to.id})` : sql``}`;

  /** The last conversation of the batch after `from` (an index-only walk of EXPORT_BATCH keys); null: the rest is the last batch. */
  async function boundary(from: Key | null): Promise<Key | null> {
    const [row] = resultRows<{ at: string; id: number }>(
      await db.execute(sql`select c.started_at::text as at, c.id from conversations c where ${range(from, null)} order by c.started_at desc, c.id desc offset ${EXPORT_BATCH - 1} limit 1`),
    );
    return row ? { at: row.at, id: Number(row.id) } : null;
  }

  async function conversationRows(from: Key | null, to: Key | null): Promise<ConversationRow[]> {
    return resultRows<ConversationRow>(
      await db.execute(sql`
        select c.id, ${conversationReferenceSql(sql`c.session_id`)} as session_id, c.source, c.status, ${iso(sql`c.started_at`)} as started_at, ${iso(sql`c.ended_at`)} as ended_at,
          ${iso(sql`c.widget_opened_at`)} as widget_opened_at, c.message_count,
          greatest(0, round(extract(epoch from (c.ended_at - c.started_at))))::int as duration_seconds, c.lead_id, c.live_joined_at is not null as human_handled
        from conversations c
        where ${range(from, to)}
        order by c.started_at desc, c.id desc
        limit ${EXPORT_BATCH}`),
    );
  }

  // The batch's ids come from the database as integers, so they are written into the SQL as a literal array.
  const idArray = (rows: ConversationRow[]) => sql.raw(`'{${rows.map((r) => Number(r.id)).join(',')}}'::int[]`);

  async function counts(rows: ConversationRow[]): Promise<Map<number, Counts>> {
    const ids = idArray(rows);
    const result = resultRows<Counts>(
      await db.execute(sql`
        select c.id as conversation_id,
          (select count(*)::int from conversation_messages m where m.conversation_id = c.id and m.user_feedback_rating = 1) as up,
          (select count(*)::int from conversation_messages m where m.conversation_id = c.id and m.user_feedback_rating = -1) as down,
          (select count(*)::int from conversation_ratings r where r.conversation_id = c.id and r.rating = 'excellent') as excellent,
          (select count(*)::int from conversation_ratings r where r.conversation_id = c.id and r.rating = 'poor') as poor,
          (${firstQuestionSql(sql`c.id`)}) as first_question
        from conversations c where c.id = any(${ids})`),
    );
    return new Map(result.map((r) => [Number(r.conversation_id), r]));
  }

  async function csvBatch(from: Key | null, to: Key | null): Promise<string[]> {
    const rows = await conversationRows(from, to);
    if (rows.length === 0) return [];
    const c = await counts(rows);
    const records = rows.map((r) => {
      const n = c.get(Number(r.id));
      return [
        r.id,
        r.session_id,
        r.source,
        r.started_at,
        r.ended_at,
        r.status,
        r.message_count,
        r.duration_seconds,
        r.lead_id !== null ? 'yes' : 'no',
        r.lead_id ?? '',
        r.human_handled ? 'yes' : 'no',
        n?.excellent ?? 0,
        n?.poor ?? 0,
        n?.up ?? 0,
        n?.down ?? 0,
        '',
        '',
        n?.first_question ?? '',
      ];
    });
    // Visitors type the first question: a cell that starts like a formula is made inert (lib/export/csv.ts).
    return [csvRecords(records)];
  }

  /**
   * JSONL: Postgres writes each line (one conversation with its messages, ratings and counts) as
   * JSON text, so the server only passes text along: no row objects per message. Times are
   * Postgres's own ISO 8601 form (with offset), cheaper than formatting each one.
   */
  async function jsonlBatch(from: Key | null, to: Key | null): Promise<Uint8Array[]> {
    const query = sql`
        with page as (
          select c.id, ${conversationReferenceSql(sql`c.session_id`)} as session_id, c.source, c.status, c.started_at, c.ended_at, c.widget_opened_at, c.message_count, c.lead_id, c.live_joined_at
          from conversations c
          where ${range(from, to)}
          -- Exact already; the limit keeps the planner's estimate at one batch (index lookups, not a scan of every message).
          order by c.started_at desc, c.id desc
          limit ${EXPORT_BATCH}
        )
        select json_build_object(
          'conversation_id', page.id, 'session_id', page.session_id, 'source', page.source, 'status', page.status,
          'started_at', page.started_at, 'ended_at', page.ended_at, 'widget_opened_at', page.widget_opened_at,
          'message_count', page.message_count, 'duration_seconds', greatest(0, round(extract(epoch from (page.ended_at - page.started_at))))::int,
          'lead_id', page.lead_id, 'lead_submitted', page.lead_id is not null, 'human_handled', page.live_joined_at is not null,
          'excellent_ratings_count', mm.excellent, 'poor_ratings_count', mm.poor,
          'user_thumbs_up_count', mm.up, 'user_thumbs_down_count', mm.down,
          'first_question', (${firstQuestionSql(sql`page.id`)}),
          'messages', coalesce(mm.messages, '[]'::json)
        )::text as line
        from page
        cross join lateral (
          select json_agg(json_build_object(
              'message_index', m.position, 'role', m.role, 'content', m.content, 'author', m.author_name, 'timestamp', m.created_at,
              'user_feedback_rating', m.user_feedback_rating, 'response_time_ms', m.response_time_ms,
              'rating', r.rating, 'rating_notes', r.admin_notes, 'rating_category', r.category) order by m.position) as messages,
            count(*) filter (where m.user_feedback_rating = 1)::int as up,
            count(*) filter (where m.user_feedback_rating = -1)::int as down,
            count(*) filter (where r.rating = 'excellent')::int as excellent,
            count(*) filter (where r.rating = 'poor')::int as poor
          from conversation_messages m
          left join conversation_ratings r on r.conversation_id = m.conversation_id and r.message_index = m.position
          where m.conversation_id = page.id
        ) mm
        order by page.started_at desc, page.id desc`;
    // Pieces of about 64 KB, written as they came from Postgres where possible (postgres.js:
    // the raw bytes of each line, no string made and encoded again).
    const lines = await rawLines(query);
    const parts: Uint8Array[] = [];
    let part: Uint8Array[] = [];
    let size = 0;
    for (const line of lines) {
      part.push(line, NEWLINE);
      size += line.byteLength + 1;
      if (size >= CHUNK_BYTES) {
        parts.push(Buffer.concat(part, size));
        part = [];
        size = 0;
      }
    }
    if (size) parts.push(Buffer.concat(part, size));
    return parts;
  }

  /** The single column of each row as bytes: raw from postgres.js, else (PGlite) the text encoded. */
  async function rawLines(query: SQL): Promise<Uint8Array[]> {
    const raw = await rawStatement(query);
    if (raw) return (await raw.client.unsafe(raw.text, raw.params).raw()).map((row) => row[0] as Uint8Array);
    return resultRows<{ line: string }>(await db.execute(query)).map((r) => encoder.encode(r.line));
  }

  const load = query.format === 'csv' ? csvBatch : jsonlBatch;
  // Batches are read READ_AHEAD at a time (their bounds found first, cheaply), in order, so the
  // database works on the next ones while this one is written out.
  let nextFrom: Key | null = null;
  let last = false;
  let first = true;
  const inflight: Promise<(string | Uint8Array)[]>[] = [];
  async function schedule() {
    const from = nextFrom;
    const to = await boundary(from);
    if (to) nextFrom = to;
    else last = true;
    const batch = load(from, to);
    // A failure is reported when its turn comes; never as an unhandled rejection.
    batch.catch(() => {});
    inflight.push(batch);
  }
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        while (!last && inflight.length < READ_AHEAD) await schedule();
        const parts = await inflight.shift()!;
        if (first && query.format === 'csv') controller.enqueue(encoder.encode(csvRecords([CSV_COLUMNS])));
        first = false;
        for (const part of parts) controller.enqueue(typeof part === 'string' ? encoder.encode(part) : part);
        if (last && inflight.length === 0) controller.close();
      } catch (err) {
        console.error(`[export] conversations ${logError(err)}`);
        controller.error(err);
      }
    },
  });
  const type = query.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8';
  return new Response(stream, { headers: attachmentHeaders(type, exportFileName(query.format)) });
}
