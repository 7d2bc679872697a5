import 'server-only';
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { prospectBatches, prospects, schools } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { conflict, forbidden, notFound, validationError } from '@/lib/http/errors';
import { readUpload, streamUpload } from '@/lib/http/upload';
import { toValidationIssues } from '@/lib/http/validation';
import { enqueue, type JobWriter } from '@/lib/jobs/enqueue';
import { openBlobWriter } from '@/lib/storage/blobs';
import { requireSchoolId } from '@/lib/tenancy';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { suggestMappings } from './header-match';
import { batchView, blobSource, listBatches, loadBatch, planMapping, revertBatchEffects, runProspectImport } from './import';
import { bytesSource, columnNames, detectDelimiter, detectKind, encodingSniffer, FileRejected, NO_DATA_ROWS, readRows, sniffEncoding, type ByteSource, type CsvEncoding, type FileKind } from './parse';
import {
  FEATURE_OFF,
  fieldMappingsSchema,
  hasAcceptedExtension,
  PROSPECT_FIELDS,
  PROSPECT_FILE_MAX_BYTES,
  PROSPECT_FILE_TOO_LARGE,
  RECENT_DAYS,
  SELECT_FILE,
  type ParsedHeaders,
  type ProspectCreateInput,
  type ProspectListQuery,
  type ProspectStats,
  type ProspectUpdateInput,
  type ProspectView,
  type UploadResult,
} from './schema';
import { prospectImportJob } from './jobs';
import { SpreadsheetBusy } from './read-gate';

type Row = typeof prospects.$inferSelect;

/** Files up to this size import within the request; larger ones as the prospect_import job. */
export function inlineImportMaxBytes(): number {
  const v = Number(process.env.PROSPECT_IMPORT_INLINE_MAX_BYTES);
  return Number.isFinite(v) && v >= 0 && process.env.PROSPECT_IMPORT_INLINE_MAX_BYTES ? v : 512 * 1024;
}

function toView(r: Row): ProspectView {
  return {
    id: r.id,
    internal_id: r.internalId,
    external_id: r.externalId,
    first_name: r.firstName,
    last_name: r.lastName,
    email: r.email,
    phone: r.phone,
    address_street1: r.addressStreet1,
    address_street2: r.addressStreet2,
    address_city: r.addressCity,
    address_state: r.addressState,
    address_zip: r.addressZip,
    address_country: r.addressCountry,
    status: r.status,
    anticipated_program: r.anticipatedProgram,
    anticipated_start_date: r.anticipatedStartDate,
    custom_fields: r.customFields,
    batch_id: r.batchId,
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
  };
}

/** The school's switch (School Management, superuser): off by default, the screens and the API answer 403 until it is on. */
export async function prospectsEnabled(schoolId: number): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ on: schools.prospectsEnabled }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  return !!row?.on;
}

async function prospectSchool(ctx: AuthContext): Promise<number> {
  const schoolId = requireSchoolId(ctx);
  if (!(await prospectsEnabled(schoolId))) throw forbidden(FEATURE_OFF);
  return schoolId;
}

export async function getProspectFeature(ctx: AuthContext) {
  return { prospects_enabled: await prospectsEnabled(requireSchoolId(ctx)) };
}

/** Only a superuser turns the feature on or off for the school they are working in. */
export async function setProspectFeature(ctx: AuthContext, enabled: boolean) {
  if (ctx.role !== 'superuser') throw forbidden('Only a superuser can turn Manage Prospects and Campaigns on or off');
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  await db.update(schools).set({ prospectsEnabled: enabled, updatedAt: new Date() }).where(eq(schools.id, schoolId));
  return { prospects_enabled: enabled };
}

const SORT_COLUMNS = {
  created_at: prospects.createdAt,
  first_name: prospects.firstName,
  last_name: prospects.lastName,
  email: prospects.email,
  status: prospects.status,
  anticipated_program: prospects.anticipatedProgram,
  anticipated_start_date: prospects.anticipatedStartDate,
  external_id: prospects.externalId,
} as const;

/** The words of a search over names, e-mail, phone and external id; the last word may be unfinished ('ann smi' finds Ann Smith). */
export function searchQuery(search: string): string | null {
  const words = search.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean).slice(0, 10);
  return words.length ? words.map((w, i) => (i === words.length - 1 ? `${w}:*` : w)).join(' & ') : null;
}

export async function listProspects(ctx: AuthContext, q: ProspectListQuery): Promise<ProspectView[]> {
  const schoolId = await prospectSchool(ctx);
  const db = await getDb();
  const where: SQL[] = [eq(prospects.schoolId, schoolId)];
  const tsq = q.search ? searchQuery(q.search) : null;
  if (tsq) where.push(sql`${prospects.searchText} @@ to_tsquery('simple', ${tsq})`);
  if (q.status) where.push(eq(prospects.status, q.status));
  if (q.program) where.push(eq(prospects.anticipatedProgram, q.program));
  const column = SORT_COLUMNS[q.sort_by];
  const dir = q.sort_order === 'asc' ? asc : desc;
  const nulls = sql.raw(q.sort_order === 'asc' ? 'nulls last' : 'nulls first');
  const rows = await db
    .select()
    .from(prospects)
    .where(and(...where))
    .orderBy(q.sort_by === 'created_at' ? dir(column) : sql`${column} ${sql.raw(q.sort_order)} ${nulls}`, dir(prospects.id))
    .limit(q.per_page)
    .offset((q.page - 1) * q.per_page);
  return rows.map(toView);
}

export async function prospectStats(ctx: AuthContext): Promise<ProspectStats> {
  const schoolId = await prospectSchool(ctx);
  const db = await getDb();
  const since = new Date(Date.now() - RECENT_DAYS * 24 * 3600 * 1000);
  const [totals] = await db
    .select({ total: sql<number>`count(*)::int`, recent: sql<number>`(count(*) filter (where ${gte(prospects.createdAt, since)}))::int` })
    .from(prospects)
    .where(eq(prospects.schoolId, schoolId));
  const breakdown = async (column: typeof prospects.status | typeof prospects.anticipatedProgram) =>
    Object.fromEntries(
      (await db.select({ key: column, n: sql<number>`count(*)::int` }).from(prospects).where(and(eq(prospects.schoolId, schoolId), sql`${column} is not null`)).groupBy(column).orderBy(desc(sql`count(*)`)).limit(200)).map((r) => [r.key!, r.n]),
    );
  return { total_count: totals?.total ?? 0, recent_uploads: totals?.recent ?? 0, status_breakdown: await breakdown(prospects.status), program_breakdown: await breakdown(prospects.anticipatedProgram) };
}

async function loadOwn(schoolId: number, id: number): Promise<Row> {
  const db = await getDb();
  const [row] = await db.select().from(prospects).where(and(eq(prospects.id, id), eq(prospects.schoolId, schoolId))).limit(1);
  if (!row) throw notFound('Prospect not found');
  return row;
}

export async function getProspect(ctx: AuthContext, id: number) {
  return toView(await loadOwn(await prospectSchool(ctx), id));
}

const columnsOf = (input: ProspectUpdateInput) => {
  const out: Partial<typeof prospects.$inferInsert> = {};
  const map: Record<(typeof PROSPECT_FIELDS)[number], keyof typeof prospects.$inferInsert> = {
    external_id: 'externalId',
    first_name: 'firstName',
    last_name: 'lastName',
    email: 'email',
    phone: 'phone',
    address_street1: 'addressStreet1',
    address_street2: 'addressStreet2',
    address_city: 'addressCity',
    address_state: 'addressState',
    address_zip: 'addressZip',
    address_country: 'addressCountry',
    status: 'status',
    anticipated_program: 'anticipatedProgram',
    anticipated_start_date: 'anticipatedStartDate',
  };
  for (const f of PROSPECT_FIELDS) if (input[f] !== undefined) (out as Record<string, unknown>)[map[f]] = input[f];
  if (input.custom_fields !== undefined) out.customFields = input.custom_fields;
  return out;
};

/** The same external id or e-mail twice in one school answers 409 (imports merge them instead). */
async function assertUnique(schoolId: number, input: ProspectUpdateInput, exceptId?: number) {
  const db = await getDb();
  if (input.external_id) {
    const [hit] = await db.select({ id: prospects.id }).from(prospects).where(and(eq(prospects.schoolId, schoolId), eq(prospects.externalId, input.external_id))).limit(1);
    if (hit && hit.id !== exceptId) throw conflict('A prospect with this external ID already exists');
  }
  if (input.email) {
    const [hit] = await db.select({ id: prospects.id }).from(prospects).where(and(eq(prospects.schoolId, schoolId), sql`lower(${prospects.email}) = ${input.email.toLowerCase()}`)).limit(1);
    if (hit && hit.id !== exceptId) throw conflict('A prospect with this e-mail already exists');
  }
}

export async function createProspect(ctx: AuthContext, input: ProspectCreateInput) {
  const schoolId = await prospectSchool(ctx);
  await assertUnique(schoolId, input);
  const db = await getDb();
  const [row] = await db
    .insert(prospects)
    .values({ schoolId, firstName: input.first_name, lastName: input.last_name, ...columnsOf(input) })
    .returning();
  return toView(row!);
}

export async function updateProspect(ctx: AuthContext, id: number, input: ProspectUpdateInput) {
  const schoolId = await prospectSchool(ctx);
  await loadOwn(schoolId, id);
  await assertUnique(schoolId, input, id);
  const db = await getDb();
  const [row] = await db.update(prospects).set({ ...columnsOf(input), updatedAt: new Date() }).where(and(eq(prospects.id, id), eq(prospects.schoolId, schoolId))).returning();
  return toView(row!);
}

export async function deleteProspect(ctx: AuthContext, id: number) {
  const schoolId = await prospectSchool(ctx);
  await loadOwn(schoolId, id);
  const db = await getDb();
  await db.transaction(async (tx) =>
    Promise.all([tx.delete(prospects).where(and(eq(prospects.id, id), eq(prospects.schoolId, schoolId))), recordAudit({ action: 'prospect.deleted', actor: staffActor(ctx), schoolId, target: { type: 'prospect', id } }, tx)]),
  );
  return { message: 'Prospect deleted successfully' };
}

const fileIssue = (msg: string, type = 'file_type') => validationError([{ loc: ['body', 'file'], msg, type }]);

function rejectFile(err: unknown): never {
  if (err instanceof FileRejected) throw fileIssue(err.message, 'file_content');
  throw err;
}

/** The header, the suggested mapping and the first five rows of a file, read as far as needed. */
async function readHead(source: ByteSource, kind: FileKind, encoding: CsvEncoding | null) {
  let headers: string[] | null = null;
  const preview: Record<string, string>[] = [];
  for await (const row of readRows(source, kind, encoding)) {
    if (!headers) {
      headers = columnNames(row.cells);
      continue;
    }
    preview.push(Object.fromEntries(headers.map((h, i) => [h, (row.cells[i] ?? '').slice(0, 200)])));
    if (preview.length >= 5) break;
  }
  if (!headers) throw new FileRejected('The file is empty');
  if (!preview.length) throw new FileRejected(NO_DATA_ROWS);
  return { headers, preview };
}

const HEAD_BYTES = 1024 * 1024;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Only the header row (the import itself reports a file without data rows). */
async function readHeader(source: ByteSource, kind: FileKind, encoding: CsvEncoding | null): Promise<string[]> {
  for await (const row of readRows(source, kind, encoding)) return columnNames(row.cells);
  throw new FileRejected('The file is empty');
}

/** POST /my-school/parse-headers: the column names, a suggested mapping and a preview; nothing is stored. */
export async function parseProspectHeaders(ctx: AuthContext, req: Request): Promise<ParsedHeaders> {
  await prospectSchool(ctx);
  const { file } = await readUpload(req, { maxBytes: PROSPECT_FILE_MAX_BYTES, tooLarge: PROSPECT_FILE_TOO_LARGE });
  if (!hasAcceptedExtension(file.filename)) throw fileIssue(SELECT_FILE);
  try {
    const kind = detectKind(file.bytes.subarray(0, 8192));
    const source = bytesSource(file.bytes);
    const encoding = kind === 'csv' ? await sniffEncoding(source) : null;
    const { headers, preview } = await readHead(source, kind, encoding);
    const delimiter = kind === 'csv' ? detectDelimiter(new TextDecoder(encoding!).decode(file.bytes.subarray(0, 65536)).replace(/^\uFEFF/, '')) : null;
    return { headers, suggested_mappings: suggestMappings(headers), preview, file_type: kind, encoding, delimiter };
  } catch (err) {
    rejectFile(err);
  }
}

/**
 * POST /my-school/upload: the file streams into a private blob (its encoding judged on the way),
 * the mapping is checked against its header, and the batch is recorded. A small file is imported
 * before answering; a large one by the prospect_import job, queued with the batch (202).
 */
export async function uploadProspects(ctx: AuthContext, req: Request): Promise<{ status: number; body: UploadResult }> {
  const schoolId = await prospectSchool(ctx);
  const writer = await openBlobWriter({ schoolId, contentType: 'application/octet-stream', filename: null, isPublic: false });
  try {
    const sniffer = encodingSniffer();
    const head: Buffer[] = [];
    let headSize = 0;
    const upload = await streamUpload(req, { maxBytes: PROSPECT_FILE_MAX_BYTES, tooLarge: PROSPECT_FILE_TOO_LARGE }, async (chunk) => {
      if (headSize < HEAD_BYTES) {
        head.push(chunk);
        headSize += chunk.length;
      }
      sniffer.push(chunk);
      await writer.write(chunk);
    });
    if (!hasAcceptedExtension(upload.filename)) throw fileIssue(SELECT_FILE);
    let mappingsJson: unknown;
    try {
      mappingsJson = JSON.parse(upload.fields.field_mappings ?? '');
    } catch {
      throw validationError([{ loc: ['body', 'field_mappings'], msg: 'field_mappings must be a JSON list of {source_column, target_field, is_custom}', type: 'json_invalid' }]);
    }
    const parsed = fieldMappingsSchema.safeParse(mappingsJson);
    if (!parsed.success) throw validationError(toValidationIssues(parsed.error, 'body', mappingsJson).map((i) => ({ ...i, loc: ['body', 'field_mappings', ...i.loc.slice(1)] })));
    const mappings = parsed.data;
    let kind: FileKind;
    let encoding: CsvEncoding | null = null;
    let size: number | null = null;
    try {
      kind = detectKind(Buffer.concat(head).subarray(0, 8192));
      if (kind === 'csv') encoding = sniffer.result();
      // A CSV's header is in its first bytes; an .xlsx is read from the stored file by ranges (its directory is at the end).
      let source: ByteSource;
      if (kind === 'csv') source = bytesSource(Buffer.concat(head));
      else {
        size = await writer.finish(XLSX_TYPE);
        source = blobSource(writer.id);
      }
      const headers = await readHeader(source, kind, encoding);
      planMapping(headers, mappings);
    } catch (err) {
      if (err instanceof FileRejected && err.message.startsWith('The file has no column')) {
        throw validationError([{ loc: ['body', 'field_mappings'], msg: err.message, type: 'value_error' }]);
      }
      rejectFile(err);
    }
    size ??= await writer.finish(kind === 'xlsx' ? XLSX_TYPE : 'text/csv');
    const db = await getDb();
    const inline = size <= inlineImportMaxBytes();
    const queue = (batchId: string, tx?: JobWriter) => enqueue(prospectImportJob, { batch_id: batchId }, { dedupeKey: `prospect_import:${batchId}` }, tx);
    const batch = await db.transaction(async (tx) => {
      const [b] = await tx
        .insert(prospectBatches)
        .values({ schoolId, filename: upload.filename.slice(0, 255), fileType: kind, encoding, blobId: writer.id, fieldMappings: mappings, createdBy: ctx.user.id })
        .returning();
      if (!inline) await queue(b!.id, tx);
      return b!;
    });
    const processing = { status: 202, body: { success: true, message: 'The file is being imported; progress is shown below', errors: [], batch_id: batch.id, status: 'processing' as const, imported: 0, updated: 0, skipped: 0, error_count: 0 } };
    if (!inline) return processing;
    let done;
    try {
      done = (await runProspectImport(batch.id))!;
    } catch (err) {
      // Another spreadsheet held the reader all the while: the batch is untouched, the job imports it.
      if (!(err instanceof SpreadsheetBusy)) throw err;
      await queue(batch.id);
      return processing;
    }
    // A file that failed as a whole answers like any refused input ({detail}); its batch stays recorded as failed.
    if (done.status === 'failed') throw fileIssue(done.message ?? 'The file could not be imported', 'file_content');
    return { status: 200, body: resultOf(done) };
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/** The upload answer of a finished or running batch: success, message and errors. */
export function resultOf(b: ReturnType<typeof batchView>): UploadResult {
  return {
    success: b.status === 'completed' && b.imported + b.updated > 0,
    message: b.message ?? '',
    errors: b.errors,
    batch_id: b.batch_id,
    status: b.status,
    imported: b.imported,
    updated: b.updated,
    skipped: b.skipped,
    error_count: b.error_count,
  };
}

export async function getBatch(ctx: AuthContext, batchId: string) {
  const row = await loadBatch(await prospectSchool(ctx), batchId);
  if (!row) throw notFound('Import not found');
  return batchView(row);
}

export async function recentBatches(ctx: AuthContext) {
  return listBatches(await prospectSchool(ctx));
}

/** DELETE /my-school/batch/{batch_id}: undo one import. A running import cannot be undone until it ends. */
export async function undoBatch(ctx: AuthContext, batchId: string) {
  const schoolId = await prospectSchool(ctx);
  const row = await loadBatch(schoolId, batchId);
  if (!row) throw notFound('Import not found');
  if (row.status === 'processing') throw conflict('This import is still running; undo it once it has finished');
  if (row.status === 'undone') throw conflict('This import has already been undone');
  const { removed, restored } = await revertBatchEffects(schoolId, batchId);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.update(prospectBatches).set({ status: 'undone' }).where(and(eq(prospectBatches.id, batchId), eq(prospectBatches.schoolId, schoolId)));
    await recordAudit({ action: 'prospect.deleted', actor: staffActor(ctx), schoolId, target: { type: 'prospect_list', id: batchId }, details: { import_undone: true, removed, restored } }, tx);
  });
  return { message: `Import undone: ${removed} prospect${removed === 1 ? '' : 's'} removed, ${restored} restored`, deleted: removed, restored };
}

