import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDialect } from 'drizzle-orm/pg-core';
import { getDb, resultRows, type Database } from '@/db/client';
import type { AuthContext } from '@/lib/auth/accounts';
import { attachmentHeaders, csvRecords, datedFileName, UTF8_BOM } from '@/lib/export/csv';
import { requireSchoolId } from '@/lib/tenancy';
import { EXPORT_FIELD_KEYS, SOURCE_LABELS, type ExportField, type LeadExportQuery } from './manage-schema';
import { exportUntil, filterSql, lastExportDate, orderSql } from './manage';

// GET /leads/export (issue 20): the leads the list would show, as CSV (RFC 4180, UTF-8 with a BOM
// for Excel, formula-like cells made inert) or a JSON array, written as rows are read. On Postgres
// one server-side cursor reads the whole ordered result in batches (one consistent snapshot); on
// PGlite (one connection, small installs) the batches are pages of the same order.
// The export never moves the "since last export" mark: POST /leads/export/track does, with the
// bound this export answers in X-Export-Until.

export const LEAD_EXPORT_BATCH = 1000;
const LIST_SEPARATOR = '; ';

const sourceLabel = sql.raw(
  `case source ${Object.entries(SOURCE_LABELS)
    .map(([k, v]) => `when '${k}' then '${v}'`)
    .join(' ')} else source end`,
);
const iso = (col: string) => sql`to_char(${sql.raw(col)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const yesNo = (col: string) => sql.raw(`case when ${col} then 'yes' when not ${col} then 'no' end`);

/** Each field as text (CSV) and as a JSON value. */
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
        return [k, { csv: sql.raw(`array_to_string(array(select jsonb_array_elements_text(intended_major)), '${LIST_SEPARATOR}')`), json: sql.raw('intended_major') }];
      case 'opt_in_email':
      case 'opt_in_sms':
      case 'opt_in_phone':
        return [k, { csv: yesNo(k), json: sql.raw(k) }];
      default:
        return [k, { csv: sql.raw(`${k}::text`), json: sql.raw(k) }];
    }
  }),
) as Record<ExportField, { csv: SQL; json: SQL }>;

type Batches = AsyncIterator<unknown[][]> & { return?: () => Promise<unknown> };

/** The query's rows (as arrays) in batches: a cursor on Postgres, pages on PGlite. */
function batchesOf(db: Database, query: (limit: number, offset: number) => SQL, whole: SQL): Batches {
  const client = (db as unknown as { $client?: { unsafe?: (text: string, params: unknown[]) => { values(): { cursor(n: number): AsyncIterable<unknown[][]> } } } }).$client;
  if (typeof client?.unsafe === 'function') {
    const { sql: text, params } = (db as unknown as { dialect: PgDialect }).dialect.sqlToQuery(whole);
    return client.unsafe(text, params).values().cursor(LEAD_EXPORT_BATCH)[Symbol.asyncIterator]() as Batches;
  }
  let offset = 0;
  let done = false;
  return {
    async next() {
      if (done) return { done: true, value: undefined };
      const rows = resultRows<Record<string, unknown>>(await db.execute(query(LEAD_EXPORT_BATCH, offset)));
      offset += rows.length;
      if (rows.length < LEAD_EXPORT_BATCH) done = true;
      if (rows.length === 0) return { done: true, value: undefined };
      return { done: false, value: rows.map((r) => Object.values(r)) };
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

  const columns =
    q.format === 'csv'
      ? sql.join(
          fields.map((f, i) => sql`${FIELD_SQL[f].csv} as ${sql.identifier(`c${i}`)}`),
          sql`, `,
        )
      : sql`json_build_object(${sql.join(
          fields.map((f) => sql`${f}::text, ${FIELD_SQL[f].json}`),
          sql`, `,
        )})::text as line`;
  const select = sql`select ${columns} from leads where ${where} order by ${orderSql(q.sort)}`;
  const batches = batchesOf(db, (limit, offset) => sql`${select} limit ${limit} offset ${offset}`, select);

  const encoder = new TextEncoder();
  let started = false;
  let rowsWritten = 0;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          controller.enqueue(encoder.encode(q.format === 'csv' ? UTF8_BOM + csvRecords([fields]) : '['));
        }
        const next = await batches.next();
        if (next.done) {
          if (q.format === 'json') controller.enqueue(encoder.encode(rowsWritten ? '\n]\n' : ']\n'));
          controller.close();
          return;
        }
        const rows = next.value;
        if (q.format === 'csv') controller.enqueue(encoder.encode(csvRecords(rows)));
        else controller.enqueue(encoder.encode((rowsWritten ? ',\n' : '\n') + rows.map((r) => r[0] as string).join(',\n')));
        rowsWritten += rows.length;
      } catch (err) {
        console.error('[export] leads', err);
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
