import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { knowledgeChunks, type KnowledgeSource } from '@/db/schema';
import { chunkText } from './chunking';

/** url: the page the passage was read from, for answers that cite it. */
export type SourcePassage = { title: string; text: string; url?: string | null };

/**
 * Replaces the indexed passages of one knowledge source of a school. Call it inside the transaction
 * that changes the source, so the index never disagrees with the data.
 */
export async function replaceSourceChunks(tx: Executor, schoolId: number, sourceType: KnowledgeSource, sourceId: string | number, passages: SourcePassage[]): Promise<number> {
  const id = String(sourceId);
  await tx.delete(knowledgeChunks).where(and(eq(knowledgeChunks.schoolId, schoolId), eq(knowledgeChunks.sourceType, sourceType), eq(knowledgeChunks.sourceId, id)));
  const rows = passages.flatMap((p) => chunkText(p.text).map((content) => ({ title: p.title, content, url: p.url ?? null })));
  if (rows.length === 0) return 0;
  await tx.insert(knowledgeChunks).values(rows.map((r, position) => ({ schoolId, sourceType, sourceId: id, title: r.title.slice(0, 300), content: r.content, url: r.url, position })));
  return rows.length;
}

export async function removeSourceChunks(tx: Executor, schoolId: number, sourceType: KnowledgeSource, sourceId: string | number): Promise<void> {
  await tx.delete(knowledgeChunks).where(and(eq(knowledgeChunks.schoolId, schoolId), eq(knowledgeChunks.sourceType, sourceType), eq(knowledgeChunks.sourceId, String(sourceId))));
}
