import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { blobs, knowledgeFiles } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { z } from 'zod';
import { notFound, validationError } from '@/lib/http/errors';
import { parseWith } from '@/lib/http/validation';
import { defineJob } from '@/lib/jobs/define';
import { enqueue, type JobWriter } from '@/lib/jobs/enqueue';
import { openBlobWriter, readBlobData, saveBlob } from '@/lib/storage/blobs';
import { streamUpload } from '@/lib/http/upload';
import { requireSchoolId } from '@/lib/tenancy';
import { classifyDocument, DocumentRejected, detectDocument, extractDocumentText, type DocumentText } from './extract-document';
import { defaultFileName, FILE_MAX_BYTES, fileNameField, type KnowledgeFileView } from './file-schema';
import { removeSourceChunks, replaceSourceChunks, type SourcePassage } from './index';
import { writeInsights } from './insight-writer';

type Row = typeof knowledgeFiles.$inferSelect;
export const NO_TEXT_LAYER = 'The PDF has no text layer (is it a scanned image?)';
export const NO_TEXT = 'The document has no readable text';

function toView(r: Row): KnowledgeFileView {
  return {
    id: r.id,
    name: r.name,
    original_filename: r.originalFilename,
    file_size: r.fileSize,
    created_at: r.createdAt.toISOString(),
    analysis_status: r.analysisStatus,
    analysis_error: r.analysisError,
    insights_summary: r.insightsSummary,
    last_analyzed_at: r.lastAnalyzedAt?.toISOString() ?? null,
  };
}

async function loadOwn(schoolId: number, id: number): Promise<Row> {
  const db = await getDb();
  const [row] = await db.select().from(knowledgeFiles).where(and(eq(knowledgeFiles.id, id), eq(knowledgeFiles.schoolId, schoolId))).limit(1);
  if (!row) throw notFound('File not found');
  return row;
}

export async function listFiles(ctx: AuthContext): Promise<KnowledgeFileView[]> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return (await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.schoolId, schoolId)).orderBy(desc(knowledgeFiles.id))).map(toView);
}

/** A stored upload is analysed at once: the row and its analysis job commit together ('processing'). */
async function insertAndAnalyse(values: typeof knowledgeFiles.$inferInsert) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(knowledgeFiles).values({ ...values, analysisStatus: 'processing' }).returning();
    await enqueue(fileAnalysisJob, { file_id: row!.id }, { dedupeKey: `file_analysis:${row!.id}` }, tx);
    return toView(row!);
  });
}

/** Stores an upload whose content is really a PDF, Word document, text or Markdown file. */
/** A document already in memory (the demo seed); requests stream through uploadFileFromRequest. */
export async function uploadFile(ctx: AuthContext, input: { bytes: Uint8Array; filename: string; name?: string | null }) {
  const schoolId = requireSchoolId(ctx);
  // The name defaults to the file name without its extension.
  const { name } = parseWith(z.object({ name: fileNameField }), { name: input.name?.trim() || defaultFileName(input.filename) }, 'body');
  let kind;
  try {
    kind = await detectDocument(input.bytes, input.filename);
  } catch (err) {
    if (err instanceof DocumentRejected) throw validationError([{ loc: ['body', 'file'], msg: err.message, type: 'file_type' }]);
    throw err;
  }
  const contentType = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', doc: 'application/msword', txt: 'text/plain', md: 'text/markdown' }[kind];
  const blobId = await saveBlob({ schoolId, contentType, filename: input.filename.slice(0, 255), data: input.bytes, isPublic: false });
  return insertAndAnalyse({ schoolId, name, originalFilename: input.filename.slice(0, 255), kind, fileSize: input.bytes.byteLength, blobId });
}

const CONTENT_TYPES = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', doc: 'application/msword', txt: 'text/plain', md: 'text/markdown' } as const;

/**
 * POST /files/: the upload goes to the database part by part as it arrives (never whole in memory),
 * its type is judged from the content on the way (first bytes, UTF-8 check; a .docx archive is read
 * back from its parts), and a refused or broken upload leaves nothing behind.
 */
export async function uploadFileFromRequest(ctx: AuthContext, req: Request) {
  const schoolId = requireSchoolId(ctx);
  const writer = await openBlobWriter({ schoolId, contentType: 'application/octet-stream', filename: null, isPublic: false });
  try {
    const head: Buffer[] = [];
    let headSize = 0;
    const decoder = new TextDecoder('utf-8', { fatal: true });
    let text = true;
    const upload = await streamUpload(req, { maxBytes: FILE_MAX_BYTES, tooLarge: 'File size must be less than 25MB' }, async (chunk) => {
      if (headSize < 16) {
        head.push(chunk);
        headSize += chunk.length;
      }
      if (text) {
        try {
          if (chunk.includes(0)) text = false;
          else decoder.decode(chunk, { stream: true });
        } catch {
          text = false;
        }
      }
      await writer.write(chunk);
    });
    const { name } = parseWith(z.object({ name: fileNameField }), { name: upload.fields.name?.trim() || defaultFileName(upload.filename) }, 'body');
    let kind;
    try {
      kind = await classifyDocument({
        head: Buffer.concat(head).subarray(0, 16),
        filename: upload.filename,
        isText: () => {
          try {
            decoder.decode();
            return text;
          } catch {
            return false;
          }
        },
        zipBytes: () => writer.readAll(),
      });
    } catch (err) {
      if (err instanceof DocumentRejected) throw validationError([{ loc: ['body', 'file'], msg: err.message, type: 'file_type' }]);
      throw err;
    }
    const size = await writer.finish(CONTENT_TYPES[kind]);
    return await insertAndAnalyse({ schoolId, name, originalFilename: upload.filename.slice(0, 255), kind, fileSize: size, blobId: writer.id });
  } catch (err) {
    await writer.abort();
    throw err;
  }
}

/**
 * Saves and re-indexes the insights; with `fullText` (a fresh analysis) the document's own text too,
 * section by section. `alsoInTransaction` commits with the change (the analysis job with 'processing').
 */
async function store(row: Row, changes: Partial<typeof knowledgeFiles.$inferInsert>, fullText?: DocumentText, alsoInTransaction?: (tx: JobWriter) => Promise<unknown>) {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [u] = await tx.update(knowledgeFiles).set({ ...changes, updatedAt: new Date() }).where(and(eq(knowledgeFiles.id, row.id), eq(knowledgeFiles.schoolId, row.schoolId))).returning();
    await replaceSourceChunks(tx, u!.schoolId, 'file', u!.id, u!.insightsSummary ? [{ title: `${u!.name} (document)`, text: u!.insightsSummary }] : []);
    if (fullText) await replaceSourceChunks(tx, u!.schoolId, 'file_text', u!.id, documentPassages(u!.name, fullText));
    await alsoInTransaction?.(tx);
    return toView(u!);
  });
}

function documentPassages(name: string, text: DocumentText): SourcePassage[] {
  const sections = text.sections ?? [{ heading: null, lines: text.blocks }];
  return sections.map((s) => ({ title: s.heading ? `${name} — ${s.heading}` : name, text: s.lines.join('\n') }));
}

export async function updateFile(ctx: AuthContext, id: number, input: { name?: string; insights_summary?: string | null }) {
  const row = await loadOwn(requireSchoolId(ctx), id);
  return store(row, { name: input.name, insightsSummary: input.insights_summary === undefined ? undefined : input.insights_summary?.trim() || null });
}

export async function deleteFile(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  const row = await loadOwn(schoolId, id);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(knowledgeFiles).where(and(eq(knowledgeFiles.id, row.id), eq(knowledgeFiles.schoolId, row.schoolId)));
    if (row.blobId) await tx.delete(blobs).where(and(eq(blobs.id, row.blobId), eq(blobs.schoolId, schoolId)));
    await removeSourceChunks(tx, schoolId, 'file', row.id);
    await removeSourceChunks(tx, schoolId, 'file_text', row.id);
  });
  return { message: 'File deleted successfully' };
}

/** Marks the file 'processing' and queues its analysis job in the same transaction, so neither happens alone. */
export async function startFileAnalysis(ctx: AuthContext, id: number) {
  const row = await loadOwn(requireSchoolId(ctx), id);
  return store(row, { analysisStatus: 'processing', analysisError: null }, undefined, (tx) =>
    enqueue(fileAnalysisJob, { file_id: row.id }, { dedupeKey: `file_analysis:${row.id}` }, tx),
  );
}

/** The file_analysis job: its answer is the run's result summary on the Scheduler Dashboard. */
export async function runFileAnalysis(fileId: number) {
  const result = await analyzeFile(fileId);
  return { file_id: fileId, status: 'analysis_status' in result ? result.analysis_status : result.status };
}

/** After the job's last attempt failed (a crash, not a bad document): the file says so instead of 'processing'. */
export async function markFileAnalysisFailed(fileId: number, error: string) {
  const db = await getDb();
  const [row] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId)).limit(1);
  if (row?.analysisStatus === 'processing') await store(row, { analysisStatus: 'failed', analysisError: `The analysis did not finish: ${error}`.slice(0, 500) });
}

/** The analysis: extract the text with a real parser, summarise it, store the insights (or the reason it failed). */
export async function analyzeFile(fileId: number) {
  const db = await getDb();
  const [row] = await db.select().from(knowledgeFiles).where(eq(knowledgeFiles.id, fileId)).limit(1);
  if (!row) return { status: 'missing' as const };
  const fail = (reason: string) => store(row, { analysisStatus: 'failed', analysisError: reason, lastAnalyzedAt: new Date() }, { headings: [], blocks: [] });
  const data = row.blobId ? await readBlobData(row.blobId) : null;
  if (!data) return fail('The uploaded file is no longer stored');
  let text;
  try {
    text = await extractDocumentText(data, row.kind);
  } catch (err) {
    return fail(`The document could not be read: ${(err as Error).message}`.slice(0, 500));
  }
  // Any readable text is knowledge, however short; only a PDF whose pages have no text layer is a scan.
  const words = text.blocks.join(' ').split(/\s+/).filter(Boolean).length;
  if (words === 0) return fail(row.kind === 'pdf' ? NO_TEXT_LAYER : NO_TEXT);
  const { text: insights } = await writeInsights([{ title: row.name, headings: text.headings, blocks: text.blocks }]);
  return store(row, { analysisStatus: 'completed', analysisError: null, insightsSummary: insights, lastAnalyzedAt: new Date() }, text);
}

/** Its background job, queued above in the change's transaction and run by the job runners (background.ts). */
export const fileAnalysisJob = defineJob({
  name: 'file_analysis',
  display_name: 'Read an uploaded document',
  payload: z.object({ file_id: z.number().int().positive() }),
  retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  handler: async () => ({ run: ({ file_id }) => runFileAnalysis(file_id), giveUp: ({ file_id }, error) => markFileAnalysisFailed(file_id, error) }),
});
