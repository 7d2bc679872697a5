import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb, type Executor } from '@/db/client';
import { conversationRatings, corrections } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { notFound } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';
import type { CorrectionInput, CorrectionView } from './correction-schema';
import { removeSourceChunks, replaceSourceChunks } from './index';

// Staff corrections: question-and-answer knowledge items of the school. Each is indexed as a
// passage (its question as title, its answer as text) in the transaction that changes it, so the
// knowledge_version triggers on knowledge_chunks refresh the chat index; chat also matches the
// visitor's question against the corrections' questions and prefers the corrected answer
// (lib/retrieval/knowledge-index.ts, lib/retrieval/correction-match.ts).

type Row = typeof corrections.$inferSelect;

function toView(r: Row): CorrectionView {
  return { id: r.id, question: r.question, answer: r.answer, rating_id: r.ratingId, created_at: r.createdAt.toISOString(), updated_at: r.updatedAt.toISOString() };
}

const passages = (r: Row) => [{ title: r.question, text: r.answer }];

/** A rating may only be linked when it is one of the school's own: another school's id is not found. */
async function checkRating(tx: Executor, schoolId: number, ratingId: number | null | undefined) {
  if (ratingId == null) return;
  const [found] = await tx
    .select({ id: conversationRatings.id })
    .from(conversationRatings)
    .where(and(eq(conversationRatings.id, ratingId), eq(conversationRatings.schoolId, schoolId)))
    .limit(1);
  if (!found) throw notFound('Rating not found');
}

/** Newest first. */
export async function listCorrections(ctx: AuthContext): Promise<CorrectionView[]> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const rows = await db.select().from(corrections).where(eq(corrections.schoolId, schoolId)).orderBy(desc(corrections.id));
  return rows.map(toView);
}

export async function createCorrection(ctx: AuthContext, input: CorrectionInput): Promise<CorrectionView> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await checkRating(tx, schoolId, input.rating_id);
    const [row] = await tx
      .insert(corrections)
      .values({ schoolId, question: input.question, answer: input.answer, ratingId: input.rating_id ?? null, createdBy: ctx.user.id })
      .returning();
    await replaceSourceChunks(tx, schoolId, 'correction', row!.id, passages(row!));
    return toView(row!);
  });
}

/** Replaces the question and the answer; the linked rating changes only when rating_id is sent (null unlinks). */
export async function updateCorrection(ctx: AuthContext, id: number, input: CorrectionInput): Promise<CorrectionView> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await checkRating(tx, schoolId, input.rating_id);
    const [row] = await tx
      .update(corrections)
      .set({ question: input.question, answer: input.answer, ...(input.rating_id !== undefined ? { ratingId: input.rating_id } : {}), updatedAt: new Date() })
      .where(and(eq(corrections.id, id), eq(corrections.schoolId, schoolId)))
      .returning();
    if (!row) throw notFound('Correction not found');
    await replaceSourceChunks(tx, schoolId, 'correction', row.id, passages(row));
    return toView(row);
  });
}

export async function deleteCorrection(ctx: AuthContext, id: number): Promise<{ message: string }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const gone = await tx.delete(corrections).where(and(eq(corrections.id, id), eq(corrections.schoolId, schoolId))).returning({ id: corrections.id });
    if (gone.length === 0) throw notFound('Correction not found');
    await removeSourceChunks(tx, schoolId, 'correction', id);
    return { message: 'Correction deleted successfully' };
  });
}
