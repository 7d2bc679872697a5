import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { knowledgeChunks, type KnowledgeSource } from '@/db/schema';

export type KnowledgeHit = { id: number; sourceType: KnowledgeSource; sourceId: string; title: string; content: string; rank: number };

const MAX_TERMS = 32;

/**
 * The question as an OR query of its words: websearch_to_tsquery would AND them, and a prospective
 * student's question rarely shares every word with the passage that answers it. Only letters and
 * digits reach to_tsquery, so no input can break its syntax.
 */
export function orQuery(question: string): string | null {
  const terms = [...new Set((question.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((t) => t.length > 1))].slice(0, MAX_TERMS);
  return terms.length ? terms.join(' | ') : null;
}

/** The k passages of the school's knowledge that best match the question, best first. */
export async function searchKnowledge(schoolId: number, question: string, k = 5): Promise<KnowledgeHit[]> {
  const query = orQuery(question);
  if (!query) return [];
  const db = await getDb();
  const tsq = sql`to_tsquery('english', ${query})`;
  const rank = sql<number>`ts_rank_cd(${knowledgeChunks.tsv}, ${tsq})`;
  return db
    .select({ id: knowledgeChunks.id, sourceType: knowledgeChunks.sourceType, sourceId: knowledgeChunks.sourceId, title: knowledgeChunks.title, content: knowledgeChunks.content, rank })
    .from(knowledgeChunks)
    .where(and(eq(knowledgeChunks.schoolId, schoolId), sql`${knowledgeChunks.tsv} @@ ${tsq}`))
    .orderBy(desc(rank), knowledgeChunks.id)
    .limit(Math.min(Math.max(k, 1), 50));
}
