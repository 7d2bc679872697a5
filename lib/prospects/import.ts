import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { prospectBatches, prospects, type ProspectRowError } from '@/db/schema';
import { blobRanges, streamBlobData } from '@/lib/storage/blobs';
import { columnNames, estimateRows, FileRejected, NO_DATA_ROWS, readRows, type ByteSource, type CsvEncoding, type SheetRow } from './parse';
import { z } from 'zod';
import { isRealDate, MAX_ROWS, PROSPECT_FIELDS, prospectCreateSchema, type FieldMapping, type ProspectBatchView, type ProspectField } from './schema';
import { BIDI_CONTROLS, CONTROL_CHARS } from '@/lib/text/controls';

// One import: rows are read as a stream and written in chunks of CHUNK rows, each
// in its own transaction that also moves the batch's progress on, so the page can show it. A
// re-import updates the prospect with the same external_id, else the same e-mail; empty cells never
// erase what is stored. The values a chunk overwrites are kept so that undo can restore them. A
// file that turns out unreadable half-way is undone, so nothing is ever half-imported.

// Rows per transaction. Measured (docs/performance.md): CSV imports were fastest at 1,000, .xlsx
// imports at 2,500.
const CHUNK = { csv: 1000, xlsx: 2500 } as const;
const KEPT_ERRORS = 200;

export type ImportOutcome = ProspectBatchView;
type Values = Partial<Record<ProspectField, string | null>> & { custom_fields?: Record<string, string> };

/** Reads a US, ISO or European-with-dots date as YYYY-MM-DD; other text is returned unchanged for the schema to refuse. */
export function normalizeDate(raw: string): string {
  const v = raw.trim();
  let m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(v);
  if (m) return `${m[1]}-${m[2]!.padStart(2, '0')}-${m[3]!.padStart(2, '0')}`;
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(v);
  if (m) {
    const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
    return `${year}-${m[1]!.padStart(2, '0')}-${m[2]!.padStart(2, '0')}`;
  }
  m = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(v);
  if (m) return `${m[3]}-${m[2]!.padStart(2, '0')}-${m[1]!.padStart(2, '0')}`;
  return v;
}

type Plan = { fields: { at: number; field: ProspectField; column: string }[]; custom: { at: number; name: string; column: string }[]; width: number };

/** Resolves the mapping's column names against the header; a column the file lacks is refused. */
export function planMapping(headers: string[], mappings: FieldMapping[]): Plan {
  const index = new Map(headers.map((h, i) => [h, i]));
  const plan: Plan = { fields: [], custom: [], width: headers.length };
  const missing: string[] = [];
  for (const m of mappings) {
    const at = index.get(m.source_column);
    if (at === undefined) {
      missing.push(m.source_column);
      continue;
    }
    if (m.is_custom) plan.custom.push({ at, name: m.target_field.trim(), column: m.source_column });
    else plan.fields.push({ at, field: m.target_field as ProspectField, column: m.source_column });
  }
  if (missing.length) throw new FileRejected(`The file has no column named ${missing.map((c) => `'${c}'`).join(', ')}`);
  return plan;
}

/** One data row checked against the mapping: the prospect's values, or the reasons it is skipped. */
export function rowValues(row: SheetRow, plan: Plan): { values: Values } | { errors: ProspectRowError[] } {
  const errors: ProspectRowError[] = [];
  if (row.cells.length > plan.width && row.cells.slice(plan.width).some((c) => c.trim() !== '')) {
    errors.push({ line: row.line, message: `The row has ${row.cells.length} columns; the header has ${plan.width}` });
    return { errors };
  }
  const input: Record<string, unknown> = {};
  const columnOf: Record<string, string> = {};
  const formula = (column: string, v: string) => {
    if (v.trimStart().startsWith('=')) {
      errors.push({ line: row.line, column, message: `'${column}' holds a formula; formulas are not imported (paste the values instead)` });
      return true;
    }
    return false;
  };
  for (const f of plan.fields) {
    const v = row.cells[f.at] ?? '';
    if (formula(f.column, v)) continue;
    input[f.field] = f.field === 'anticipated_start_date' ? normalizeDate(v) : v;
    columnOf[f.field] = f.column;
  }
  const custom: Record<string, string> = {};
  for (const c of plan.custom) {
    const v = (row.cells[c.at] ?? '').trim();
    if (formula(c.column, v)) continue;
    if (v !== '') custom[c.name] = v;
  }
  if (Object.keys(custom).length) input.custom_fields = custom;
  const quick = errors.length ? null : quickValues(input);
  if (quick) return { values: quick };
  const parsed = prospectCreateSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      errors.push({ line: row.line, column: columnOf[field] ?? (field === 'custom_fields' ? String(issue.path[1] ?? field) : field), message: issue.message });
    }
  }
  if (errors.length) return { errors };
  return { values: parsed.data as Values };
}

const MAX_LENGTHS: Record<ProspectField, number> = {
  external_id: 200, first_name: 200, last_name: 200, email: 320, phone: 40, address_street1: 300, address_street2: 300, address_city: 200,
  address_state: 100, address_zip: 20, address_country: 100, status: 100, anticipated_program: 200, anticipated_start_date: 10,
};
const EMAIL = z.regexes.email;
// Control and bidirectional characters: the schema decides what becomes of them.
const UNUSUAL = new RegExp(`${CONTROL_CHARS.source}|${BIDI_CONTROLS.source}`);

/**
 * The common case without zod's cost (a third of a 100,000-row import): a row that plainly passes
 * every rule of prospectCreateSchema gets the same values it would; anything else (or anything
 * doubtful) goes to the schema, which also words the errors.
 */
function quickValues(input: Record<string, unknown>): Values | null {
  const out: Values = {};
  for (const [key, raw] of Object.entries(input)) {
    if (key === 'custom_fields') continue;
    const v = (raw as string).trim();
    const field = key as ProspectField;
    if (v.length > MAX_LENGTHS[field] || UNUSUAL.test(v)) return null;
    if (v === '') {
      if (field === 'first_name' || field === 'last_name') return null;
      out[field] = null;
      continue;
    }
    if (field === 'email' && !EMAIL.test(v)) return null;
    if (field === 'anticipated_start_date' && !isRealDate(v)) return null;
    out[field] = v;
  }
  if (out.first_name === undefined || out.last_name === undefined) return null;
  const custom = input.custom_fields as Record<string, string> | undefined;
  if (custom) {
    for (const [k, v] of Object.entries(custom)) if (v.length > 2000 || k.length > 100) return null;
    out.custom_fields = custom;
  }
  return out;
}

const RECORD_COLUMNS = sql.raw(
  `v(id int, ${PROSPECT_FIELDS.map((f) => `${f} ${f === 'anticipated_start_date' ? 'date' : 'text'}`).join(', ')}, custom_fields jsonb)`,
);
const FIELD_LIST = sql.raw(PROSPECT_FIELDS.join(', '));
const FIELD_VALUES = sql.raw(PROSPECT_FIELDS.map((f) => `v.${f}`).join(', '));
const FIELD_UPDATES = sql.raw(PROSPECT_FIELDS.map((f) => `${f} = coalesce(v.${f}, p.${f})`).join(', '));

type Entity = { id: number | null; ext: string | null; email: string | null; values: Values; touched: boolean };

/** Writes one chunk of checked rows: matches them to stored prospects, saves old values, inserts and updates. */
async function writeChunk(schoolId: number, batchId: string, rows: { line: number; values: Values }[]) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // One import at a time per school: two files naming the same student cannot both insert them.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('prospect_import'), ${schoolId})`);
    const exts = [...new Set(rows.map((r) => r.values.external_id).filter((v): v is string => !!v))];
    const emails = [...new Set(rows.map((r) => r.values.email?.toLowerCase()).filter((v): v is string => !!v))];
    const found = exts.length || emails.length
      ? resultRows<{ id: number; external_id: string | null; email: string | null }>(
          await tx.execute(sql`select id, external_id, lower(email) as email from ${prospects}
            where school_id = ${schoolId} and (external_id = any(${sql.param(exts)}::text[]) or lower(email) = any(${sql.param(emails)}::text[]))`),
        )
      : [];
    const byExt = new Map<string, Entity>();
    const byEmail = new Map<string, Entity>();
    for (const f of found) {
      const e: Entity = { id: f.id, ext: f.external_id, email: f.email, values: {}, touched: false };
      if (f.external_id) byExt.set(f.external_id, e);
      if (f.email) byEmail.set(f.email, e);
    }
    const fresh: Entity[] = [];
    const errors: ProspectRowError[] = [];
    let imported = 0;
    let updated = 0;
    for (const { line, values } of rows) {
      const ext = values.external_id ?? null;
      const email = values.email?.toLowerCase() ?? null;
      const e1 = ext ? byExt.get(ext) : undefined;
      const e2 = email ? byEmail.get(email) : undefined;
      if ((e1 && e2 && e1 !== e2) || (!e1 && e2 && ext && e2.ext && e2.ext !== ext)) {
        errors.push({ line, column: 'email', message: `The e-mail ${values.email} belongs to a prospect with another external ID (${(e2 ?? e1)!.ext})` });
        continue;
      }
      const target = e1 ?? e2;
      if (!target) {
        const e: Entity = { id: null, ext, email, values, touched: true };
        fresh.push(e);
        if (ext) byExt.set(ext, e);
        if (email) byEmail.set(email, e);
        imported++;
        continue;
      }
      const merged: Values = { ...target.values };
      for (const [k, v] of Object.entries(values)) if (k !== 'custom_fields' && v !== null && v !== undefined) (merged as Record<string, unknown>)[k] = v;
      if (values.custom_fields) merged.custom_fields = { ...target.values.custom_fields, ...values.custom_fields };
      target.values = merged;
      target.touched = true;
      if (ext && !target.ext) byExt.set((target.ext = ext), target);
      if (email && !target.email) byEmail.set((target.email = email), target);
      updated++;
    }
    const changed = [...new Set([...byExt.values(), ...byEmail.values()])].filter((e) => e.id !== null && e.touched);
    if (changed.length) {
      const ids = changed.map((e) => e.id!);
      await tx.execute(sql`insert into prospect_batch_previous (batch_id, prospect_id, previous)
        select ${batchId}::uuid, p.id, to_jsonb(p) - 'search_text' from ${prospects} p
        where p.school_id = ${schoolId} and p.id = any(${sql.param(ids)}::int[]) and p.batch_id is distinct from ${batchId}::uuid
        on conflict do nothing`);
      const json = JSON.stringify(changed.map((e) => ({ id: e.id, ...e.values })));
      await tx.execute(sql`update ${prospects} p set ${FIELD_UPDATES}, custom_fields = p.custom_fields || coalesce(v.custom_fields, '{}'::jsonb),
          updated_batch_id = ${batchId}::uuid, updated_at = now()
        from jsonb_to_recordset(${json}::jsonb) as ${RECORD_COLUMNS}
        where p.id = v.id and p.school_id = ${schoolId}`);
    }
    if (fresh.length) {
      const json = JSON.stringify(fresh.map((e) => e.values));
      await tx.execute(sql`insert into ${prospects} (school_id, batch_id, ${FIELD_LIST}, custom_fields)
        select ${schoolId}, ${batchId}::uuid, ${FIELD_VALUES}, coalesce(v.custom_fields, '{}'::jsonb)
        from jsonb_to_recordset(${json}::jsonb) as ${RECORD_COLUMNS}`);
    }
    return { imported, updated, errors };
  });
}

/** Removes what a batch did: prospects it created go, prospects it last changed get their earlier values back. */
export async function revertBatchEffects(schoolId: number, batchId: string) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('prospect_import'), ${schoolId})`);
    const restoreCols = [...PROSPECT_FIELDS, 'custom_fields', 'updated_batch_id', 'updated_at'];
    const restored = resultRows(
      await tx.execute(sql`update ${prospects} p set (${sql.raw(restoreCols.join(', '))}) =
          (select ${sql.raw(restoreCols.map((c) => `r.${c}`).join(', '))} from jsonb_populate_record(null::prospects, prev.previous) r)
        from prospect_batch_previous prev
        where prev.batch_id = ${batchId}::uuid and prev.prospect_id = p.id and p.school_id = ${schoolId} and p.updated_batch_id = ${batchId}::uuid
        returning p.id`),
    ).length;
    await tx.execute(sql`delete from prospect_batch_previous where batch_id = ${batchId}::uuid`);
    const removed = resultRows(await tx.execute(sql`delete from ${prospects} where school_id = ${schoolId} and batch_id = ${batchId}::uuid returning id`)).length;
    return { removed, restored };
  });
}

export function batchView(b: typeof prospectBatches.$inferSelect): ProspectBatchView {
  return {
    batch_id: b.id,
    filename: b.filename,
    file_type: b.fileType,
    status: b.status,
    total_rows: b.totalRows,
    processed_rows: b.processedRows,
    imported: b.imported,
    updated: b.updated,
    skipped: b.skipped,
    error_count: b.errorCount,
    errors: b.errors,
    message: b.message,
    created_at: b.createdAt.toISOString(),
    finished_at: b.finishedAt?.toISOString() ?? null,
  };
}

/** The stored upload: CSV read part by part, an .xlsx by ranges. */
export function blobSource(blobId: string): ByteSource {
  let ranges: ReturnType<typeof blobRanges> | null = null;
  const opened = async () => {
    const r = await (ranges ??= blobRanges(blobId));
    if (!r) throw new FileRejected('The uploaded file is no longer stored; please upload it again');
    return r;
  };
  return {
    size: async () => (await opened()).size,
    chunks: () => streamBlobData(blobId),
    range: async function* (start, end) {
      yield* (await opened()).range(start, end);
    },
  };
}

function summary(b: { imported: number; updated: number; skipped: number }): string {
  const parts = [`${b.imported} prospect${b.imported === 1 ? '' : 's'} imported`];
  if (b.updated) parts.push(`${b.updated} updated`);
  if (b.skipped) parts.push(`${b.skipped} row${b.skipped === 1 ? '' : 's'} skipped`);
  return parts.join(', ');
}

/**
 * Runs one import to its end (the request for a small file, the prospect_import job for a large
 * one). A run that finds effects of an earlier, interrupted attempt undoes them first, so a retry
 * starts clean. Answers the batch as it ended. An .xlsx waits up to `readWaitMs` for the process's
 * spreadsheet slot (a request's short wait by default); SpreadsheetBusy leaves the batch processing.
 */
export async function runProspectImport(batchId: string, opts: { readWaitMs?: number } = {}): Promise<ImportOutcome | null> {
  const db = await getDb();
  const [batch] = await db.select().from(prospectBatches).where(eq(prospectBatches.id, batchId)).limit(1);
  if (!batch) return null;
  if (batch.status !== 'processing') return batchView(batch);
  const schoolId = batch.schoolId;
  await revertBatchEffects(schoolId, batchId);
  const progress = { processedRows: 0, imported: 0, updated: 0, skipped: 0, errorCount: 0, errors: [] as ProspectRowError[] };
  const finish = async (status: 'completed' | 'failed', message: string) => {
    const [row] = await db
      .update(prospectBatches)
      .set({ ...progress, status, message, finishedAt: new Date(), blobId: null })
      .where(and(eq(prospectBatches.id, batchId), eq(prospectBatches.schoolId, schoolId)))
      .returning();
    // The file has done its work: keep no copy of the school's list beyond the prospects themselves.
    if (batch.blobId) await db.execute(sql`delete from blobs where id = ${batch.blobId}::uuid and school_id = ${schoolId}`);
    return batchView(row!);
  };
  if (!batch.blobId) return finish('failed', 'The uploaded file is no longer stored; please upload it again');
  const source = blobSource(batch.blobId);
  try {
    const estimate = await estimateRows(source, batch.fileType);
    await db.update(prospectBatches).set({ totalRows: estimate === null ? null : Math.max(0, estimate - 1), processedRows: 0, imported: 0, updated: 0, skipped: 0, errorCount: 0, errors: [] }).where(and(eq(prospectBatches.id, batchId), eq(prospectBatches.schoolId, schoolId)));
    let plan: Plan | null = null;
    let pending: { line: number; values: Values }[] = [];
    let rowsInChunk = 0;
    let dataRows = 0;
    const flush = async () => {
      const { imported, updated, errors } = pending.length ? await writeChunk(schoolId, batchId, pending) : { imported: 0, updated: 0, errors: [] };
      progress.imported += imported;
      progress.updated += updated;
      progress.skipped += errors.length;
      progress.errorCount += errors.length;
      progress.errors.push(...errors.slice(0, Math.max(0, KEPT_ERRORS - progress.errors.length)));
      progress.processedRows += rowsInChunk;
      pending = [];
      rowsInChunk = 0;
      await db.update(prospectBatches).set(progress).where(and(eq(prospectBatches.id, batchId), eq(prospectBatches.schoolId, schoolId)));
    };
    for await (const row of readRows(source, batch.fileType, batch.encoding as CsvEncoding | null, opts.readWaitMs)) {
      if (!plan) {
        plan = planMapping(columnNames(row.cells), batch.fieldMappings);
        continue;
      }
      if (++dataRows > MAX_ROWS) throw new FileRejected(`The file has more than ${MAX_ROWS.toLocaleString('en-US')} rows; please split it`);
      rowsInChunk++;
      const checked = rowValues(row, plan);
      if ('errors' in checked) {
        progress.skipped++;
        progress.errorCount += checked.errors.length > 0 ? 1 : 0;
        if (progress.errors.length < KEPT_ERRORS) progress.errors.push(checked.errors.map((e) => e.message).length > 1 ? { line: row.line, column: checked.errors[0]!.column, message: checked.errors.map((e) => e.message).join('; ') } : checked.errors[0]!);
      } else pending.push({ line: row.line, values: checked.values });
      if (rowsInChunk >= CHUNK[batch.fileType]) await flush();
    }
    if (!plan) throw new FileRejected('The file is empty');
    await flush();
    if (dataRows === 0) throw new FileRejected(NO_DATA_ROWS);
    await db.update(prospectBatches).set({ totalRows: dataRows }).where(and(eq(prospectBatches.id, batchId), eq(prospectBatches.schoolId, schoolId)));
    return finish('completed', summary(progress));
  } catch (err) {
    if (!(err instanceof FileRejected)) throw err;
    await revertBatchEffects(schoolId, batchId);
    progress.imported = 0;
    progress.updated = 0;
    return finish('failed', err.message);
  }
}

/** After the job's last attempt failed: undo what it did and say so, not 'processing' forever. */
export async function markProspectImportFailed(batchId: string, error: string) {
  const db = await getDb();
  const [batch] = await db.select().from(prospectBatches).where(eq(prospectBatches.id, batchId)).limit(1);
  if (!batch || batch.status !== 'processing') return;
  await revertBatchEffects(batch.schoolId, batchId);
  await db
    .update(prospectBatches)
    .set({ status: 'failed', imported: 0, updated: 0, message: `The import did not finish: ${error}`.slice(0, 500), finishedAt: new Date(), blobId: null })
    .where(and(eq(prospectBatches.id, batchId), eq(prospectBatches.schoolId, batch.schoolId)));
  if (batch.blobId) await db.execute(sql`delete from blobs where id = ${batch.blobId}::uuid`);
}

export async function listBatches(schoolId: number, limit = 20) {
  const db = await getDb();
  return (await db.select().from(prospectBatches).where(eq(prospectBatches.schoolId, schoolId)).orderBy(desc(prospectBatches.createdAt)).limit(limit)).map(batchView);
}

export async function loadBatch(schoolId: number, batchId: string) {
  const db = await getDb();
  const [row] = await db.select().from(prospectBatches).where(and(eq(prospectBatches.id, batchId), eq(prospectBatches.schoolId, schoolId))).limit(1);
  return row ?? null;
}
