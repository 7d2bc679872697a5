import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, rawStatement, resultRows, type Database } from '@/db/client';
import type { AuthContext } from '@/lib/auth/accounts';
import { attachmentHeaders, csvRecords, datedFileName, UTF8_BOM } from '@/lib/export/csv';
import { conversationReferenceSql } from '@/lib/conversations/reference';
import { requireSchoolId } from '@/lib/tenancy';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { EXPORT_FIELD_KEYS, SOURCE_LABELS, type ExportField, type LeadExportQuery } from './manage-schema';
import { exportUntil, filterSql, lastExportDate, orderSql } from './manage';
import { logError } from '@/lib/system/log';

// GET /leads/export: the leads the list would show, as CSV (RFC 4180, UTF-8 with a BOM
// for Excel, formula-like cells made inert) or a JSON array, written as rows are read. Postgres
// writes each row's line (CSV or JSON text); on Postgres one server-side cursor reads the whole
// ordered result in batches (one consistent snapshot) and hands its bytes over untouched; on
// PGlite (one connection, small installs) the batches are pages of the same order.
// The export never moves the "since last export" mark: POST /leads/export/track does, with the
// bound this export answers in X-Export-Until.

export const LEAD_EXPORT_BATCH = 1000;
/** Rows per cursor fetch on Postgres: fewer round trips; 5,000 CSV lines are about 1 MB. */
const CURSOR_BATCH = 5000;
const LIST_SEPARATOR = '; ';

const sourceLabel = sql.raw(
  `case source ${Object.entries(SOURCE_LABELS)
    .map(([k, v]) => `when '${k}' then '${v}'`)
    .join(' ')} else source end`,
);
const iso = (col: string) => sql`to_char(${sql.raw(col)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const yesNo = (col: string) => sql.raw(`case when ${col} then 'yes' when not ${col} then 'no' else '' end`);

// Postgres E'' strings: \t, \r and \n are the characters themselves.
const FORMULA_START = sql.raw(String.raw`('=', '+', '-', '@', E'\t', E'\r')`);
const LF = sql.raw(String.raw`E'\n'`);
const CR = sql.raw(String.raw`E'\r'`);
// E164_PHONE of lib/export/csv.ts, as a Postgres regular expression (read only for cells starting with +).
const E164_PHONE = sql.raw(String.raw`'^\+[0-9]{6,15}$'`);

/**
 * A CSV cell of text someone typed, written by Postgres: '' for null, a leading = + - @ tab or CR
 * made inert with a quote (an E.164 phone number left as typed), quoted (quotes doubled) when it
 * holds a quote, comma or line break.
 * The rule of inertCell and csv-stringify (lib/export/csv.ts), done where the rows are read so that
 * 100,000 leads never become JavaScript strings one cell at a time. left() and strpos() rather
 * than regular expressions: about 40 % less time for the export's query.
 */
export function csvCellSql(text: SQL): SQL {
  const needsQuotes = sql`(strpos(${text}, '"') > 0 or strpos(${text}, ',') > 0 or strpos(${text}, ${LF}) > 0 or strpos(${text}, ${CR}) > 0)`;
  const quoted = (prefix: string) => sql`'"${sql.raw(prefix)}' || replace(${text}, '"', '""') || '"'`;
  return sql`(case when ${text} is null then ''
    when left(${text}, 1) = '+' and ${text} ~ ${E164_PHONE} then ${text}
    when left(${text}, 1) in ${FORMULA_START} then (case when ${needsQuotes} then ${quoted("''")} else '''' || ${text} end)
    when ${needsQuotes} then ${quoted('')}
    else ${text} end)`;
}

/** Each field as a CSV cell and as a JSON value. Times, numbers, labels and yes/no need no quoting. */
const FIELD_SQL: Record<ExportField, { csv: SQL; json: SQL }> = Object.fromEntries(
  EXPORT_FIELD_KEYS.map((k) => {
    switch (k) {
      case 'created_at':
      case 'updated_at':
      case 'last_interaction_at':
        return [k, { csv: iso(k), json: iso(k) }];
      case 'source':
        return [k, { csv: sourceLabel, json: sourceLabel }];
      case 'intended_major':
        return [
          k,
          // majors.text: joined once per row by the lateral join below (the cell reads it several times).
          { csv: csvCellSql(sql.raw('majors.text')), json: sql.raw('intended_major') },
        ];
      case 'opt_in_email':
      case 'opt_in_sms':
      case 'opt_in_phone':
        return [k, { csv: yesNo(k), json: sql.raw(k) }];
      case 'session_id': {
        // The conversation's reference ("c-" and hex digits: no CSV quoting), never the session id.
        const reference = conversationReferenceSql(sql.raw('session_id'));
        return [k, { csv: sql`coalesce(${reference}, '')`, json: reference }];
      }
      case 'id':
      case 'graduation_year':
      case 'conversation_count':
      case 'gpa':
        return [k, { csv: sql.raw(`coalesce(${k}::text, '')`), json: sql.raw(k) }];
      default:
        return [k, { csv: csvCellSql(sql.raw(k)), json: sql.raw(k) }];
    }
  }),
) as Record<ExportField, { csv: SQL; json: SQL }>;

type Batches = { next(): Promise<IteratorResult<Uint8Array[], undefined>>; return?: () => Promise<unknown> };

/**
 * The query's one column (`line`) as bytes, in batches: on Postgres a server-side cursor handing
 * over the raw bytes (no string is made), on PGlite pages of the same order. The cursor keeps a
 * connection for as long as the download lasts, so it runs on a reserved one: the pool gate counts it
 * (db/pool-gate.ts), and a full pool answers 503 here, before the download starts, not mid-stream.
 */
async function batchesOf(db: Database, query: (limit: number, offset: number) => SQL, whole: SQL): Promise<Batches> {
  const raw = await rawStatement(whole);
  if (raw) {
    const conn = await raw.client.reserve();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      conn.release();
    };
    const rows = conn.unsafe(raw.text, raw.params).raw().cursor(CURSOR_BATCH)[Symbol.asyncIterator]();
    return {
      async next() {
        try {
          const r = await rows.next();
          if (r.done) release();
          return r.done ? { done: true, value: undefined } : { done: false, value: r.value.map((row) => row[0] as Uint8Array) };
        } catch (err) {
          release();
          throw err;
        }
      },
      return: async () => {
        try {
          await rows.return?.();
        } finally {
          release();
        }
      },
    };
  }
  const encoder = new TextEncoder();
  let offset = 0;
  let done = false;
  return {
    async next() {
      if (done) return { done: true, value: undefined };
      const rows = resultRows<{ line: string }>(await db.execute(query(LEAD_EXPORT_BATCH, offset)));
      offset += rows.length;
      if (rows.length < LEAD_EXPORT_BATCH) done = true;
      if (rows.length === 0) return { done: true, value: undefined };
      return { done: false, value: rows.map((r) => encoder.encode(r.line)) };
    },
  };
}

/** The export as a streamed Response (CSV or JSON), with X-Lead-Count, X-Export-Until and X-Export-From. */
export async function exportLeads(ctx: AuthContext, q: LeadExportQuery): Promise<Response> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const fields = q.fields ?? EXPORT_FIELD_KEYS;
  const until = await exportUntil(db);
  const where = sql`${filterSql(schoolId, q)} and created_at < ${until}::timestamptz`;
  const [countRow] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from leads where ${where}`));
  const from = q.since_last_export ? (await lastExportDate(ctx)).last_export_at : null;
  // The filters by name only where they could hold a visitor's words (the search).
  await recordAudit({
    action: 'leads.exported',
    actor: staffActor(ctx),
    schoolId,
    details: {
      format: q.format,
      lead_count: countRow?.n ?? 0,
      fields: fields.length,
      filters: { source: q.source ?? null, search: q.search ? true : null, since_last_export: q.since_last_export ?? null, from_date: q.from_date ?? null, to_date: q.to_date ?? null },
    },
  });

  const line =
    q.format === 'csv'
      ? sql`concat_ws(',', ${sql.join(
          fields.map((f) => FIELD_SQL[f].csv),
          sql`, `,
        )}) || E'\r\n'`
      : sql`json_build_object(${sql.join(
          fields.map((f) => sql`${f}::text, ${FIELD_SQL[f].json}`),
          sql`, `,
        )})::text`;
  const majors =
    q.format === 'csv' && fields.includes('intended_major')
      ? sql` cross join lateral (select nullif(string_agg(m.v, ${LIST_SEPARATOR} order by m.i), '') as text from jsonb_array_elements_text(intended_major) with ordinality m(v, i)) majors`
      : sql``;
  const select = sql`select ${line} as line from leads${majors} where ${where} order by ${orderSql(q.sort)}`;
  const batches = await batchesOf(db, (limit, offset) => sql`${select} limit ${limit} offset ${offset}`, select);

  const encoder = new TextEncoder();
  const separator = encoder.encode(',\n');
  let started = false;
  let jsonRows = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(q.format === 'csv' ? UTF8_BOM + csvRecords([fields]) : '[\n'));
        }
        const next = await batches.next();
        if (next.done) {
          if (q.format === 'json') controller.enqueue(encoder.encode(jsonRows ? '\n]\n' : ']\n'));
          controller.close();
          return;
        }
        // One piece per batch: CSV lines end themselves; JSON objects are joined by ",\n".
        const parts: Uint8Array[] = [];
        for (const row of next.value) {
          if (q.format === 'json' && jsonRows++ > 0) parts.push(separator);
          parts.push(row);
        }
        controller.enqueue(Buffer.concat(parts));
      } catch (err) {
        console.error(`[export] leads ${logError(err)}`);
        controller.error(err);
      }
    },
    async cancel() {
      // The browser went away: end the cursor so its connection goes back to the pool.
      await batches.return?.().catch(() => {});
    },
  });
  const type = q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8';
  return new Response(stream, {
    headers: attachmentHeaders(type, datedFileName('leads', q.format), {
      'x-lead-count': String(countRow?.n ?? 0),
      'x-export-until': until,
      ...(from ? { 'x-export-from': from } : {}),
      'access-control-expose-headers': 'X-Lead-Count, X-Export-Until, X-Export-From',
    }),
  });
}
