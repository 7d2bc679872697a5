import 'server-only';
import { eq } from 'drizzle-orm';
import { distance } from 'fastest-levenshtein';
import MiniSearch from 'minisearch';
import { getDb } from '@/db/client';
import { corrections, knowledgeChunks, schools, type KnowledgeSource } from '@/db/schema';
import { retrievalQuery, searchTerm, type RetrievalQuery } from './question-terms';
import { isEnglishWord } from './lexicon';
import { isEverydayWord } from './english';
import { CorrectionMatcher, type CorrectionEntry } from './correction-match';
import { abbreviationsIn } from './abbreviations';
import { schoolGroups } from './school-vocabulary';
import { Vocabulary } from './vocabulary';
import { VersionedCache } from './versioned-cache';

// The one retrieval engine (it replaced Postgres full-text search): each school's passages
// (knowledge_chunks, written in the same transaction as every change) in an in-process BM25 index
// (MiniSearch), rebuilt when the school's knowledge_version moves. A chat message costs no database
// search.

/** A retrieved passage with its source and score. */
export type KnowledgeHit = { id: number; sourceType: KnowledgeSource; sourceId: string; title: string; content: string; url?: string | null; rank: number };

type Doc = { id: number; sourceType: KnowledgeSource; sourceId: string; title: string; content: string; url: string | null; concepts: string };

/**
 * A school's index: its passages, how many use each term, and the vocabulary (built-in plus the
 * school's own groups, which bump knowledge_version like a passage does) it was built with. A chat
 * turn loads it once (schoolIndex) and asks it everything: spelling, passages, correction, and the
 * term counts the built-in model weighs words by.
 */
export type SchoolIndex = {
  search: MiniSearch<Doc>;
  documentFrequency: Map<string, number>;
  conceptFrequency: Map<string, number>;
  size: number;
  vocabulary: Vocabulary;
  /** The school's staff corrections, matched by question (their passages are in `search` too). */
  corrections: CorrectionMatcher;
};

// Each vocabulary group a passage names is indexed as one concept token ("g12"), so a question's
// "dorms" finds "residence halls" through one term of the query, not through a dozen neighbours
// whose matches would add up.
const concept = (group: number) => `g${group}`;

const indexes = new VersionedCache<SchoolIndex>(Number(process.env.CHAT_INDEX_SCHOOLS) || 200);
const tokenize = MiniSearch.getDefault('tokenize') as (text: string) => string[];

/** A passage's distinct search terms. */
function termsOf(text: string): Set<string> {
  const out = new Set<string>();
  for (const token of tokenize(text)) {
    const term = searchTerm(token);
    if (term) out.add(term);
  }
  return out;
}

async function build(schoolId: number): Promise<SchoolIndex> {
  const db = await getDb();
  // Corrections change in the transaction that rewrites their passages, so the version that
  // invalidated this index covers them too.
  const [rows, stored, fixes] = await Promise.all([
    db
      .select({ id: knowledgeChunks.id, sourceType: knowledgeChunks.sourceType, sourceId: knowledgeChunks.sourceId, title: knowledgeChunks.title, content: knowledgeChunks.content, url: knowledgeChunks.url })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.schoolId, schoolId)),
    schoolGroups(schoolId),
    db.select({ id: corrections.id, question: corrections.question, answer: corrections.answer }).from(corrections).where(eq(corrections.schoolId, schoolId)),
  ]);
  // The school's own groups, and the abbreviations its passages spell out.
  const vocabulary = Vocabulary.withExtra([...stored, ...abbreviationsIn(rows.map((r) => r.content).join('\n'))]);
  const index = new MiniSearch<Doc>({
    fields: ['title', 'content', 'concepts'],
    storeFields: ['sourceType', 'sourceId', 'title', 'content', 'url'],
    processTerm: (term, field) => (field === 'concepts' ? term : searchTerm(term)),
    searchOptions: { boost: { title: 2 }, combineWith: 'OR' },
  });
  const documentFrequency = new Map<string, number>();
  const conceptFrequency = new Map<string, number>();
  index.addAll(
    rows.map((row) => {
      const text = `${row.title}\n${row.content}`;
      const terms = termsOf(text);
      for (const term of terms) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
      const concepts = [...vocabulary.groupsIn(text, terms)].map(concept);
      for (const c of concepts) conceptFrequency.set(c, (conceptFrequency.get(c) ?? 0) + 1);
      return { ...row, concepts: concepts.join(' ') };
    }),
  );
  return { search: index, documentFrequency, conceptFrequency, size: rows.length, vocabulary, corrections: new CorrectionMatcher(fixes, vocabulary) };
}

/**
 * The query's terms that tell passages apart: a word found in most of the school's passages
 * ("students", "campus" on a college site) adds almost nothing to the ranking but makes every
 * passage a candidate, so it is left out unless nothing rarer remains.
 */
function telling(index: SchoolIndex, query: Map<string, number>): string[] {
  const terms = [...query.keys()];
  const limit = Math.max(20, index.size * 0.4);
  const rare = terms.filter((t) => (index.documentFrequency.get(t) ?? index.conceptFrequency.get(t) ?? 0) <= limit);
  return rare.length ? rare : terms;
}

/**
 * The k passages of the school that best match the query (stemmed terms with their weights: the
 * question's own words count fully, their neighbours and a follow-up's context less), best first.
 */
export function searchIndexedKnowledge(index: SchoolIndex, query: RetrievalQuery, k: number): KnowledgeHit[] {
  const weights = new Map(query.terms);
  for (const [group, w] of query.groups) {
    // A group the visitor named only in words the school never uses ("frats") is the question's own topic.
    const own = [...query.terms].filter(([t, tw]) => tw === 1 && index.vocabulary.groupsOf(t).includes(group));
    const unseen = own.length > 0 && own.every(([t]) => !index.documentFrequency.has(t));
    weights.set(concept(group), Math.max(unseen ? 1 : w, weights.get(concept(group)) ?? 0));
  }
  const terms = telling(index, weights);
  if (!terms.length) return [];
  return index.search
    .search(terms.join(' '), { processTerm: (t) => t, boostTerm: (t) => weights.get(t) ?? 1 })
    .slice(0, k)
    .map((r) => ({ id: r.id as number, sourceType: r.sourceType, sourceId: r.sourceId, title: r.title, content: r.content, url: r.url, rank: r.score }));
}

const typed = (question: string) => question.match(/[\p{L}\p{N}’']+/gu) ?? [];

/**
 * The question as the school's passages and the admissions vocabulary spell it: a word of four or
 * more letters that neither knows ("scholarhsips", "adress") is replaced by the nearest known word
 * (one letter apart, two for longer words): the nearest of the vocabulary's words and the passages'
 * terms (the vocabulary on a tie, then the term most passages use). Other words stay as typed.
 */
export function correctSpelling(index: SchoolIndex, question: string): string {
  const { vocabulary } = index;
  let out = question;
  for (const word of typed(question)) {
    // A word of English ("guys", "he's", "snow", "budget") is what the visitor meant, even when the school never uses it.
    if (word.length < 4 || /\d|[’']/.test(word) || isEverydayWord(word) || isEnglishWord(word)) continue;
    const lower = word.toLowerCase();
    const term = searchTerm(word);
    if (!term || index.documentFrequency.has(term) || vocabulary.known.has(lower)) continue;
    const allowed = lower.length <= 5 ? 1 : 2;
    let best: string | undefined;
    let bestDistance = allowed + 1;
    for (const known of vocabulary.known) {
      if (Math.abs(known.length - lower.length) > allowed) continue;
      const d = distance(known, lower);
      if (d < bestDistance) {
        best = known;
        bestDistance = d;
      }
    }
    // A passage term nearer than the vocabulary's nearest wins ("honers" is "honors", not "hours").
    if (bestDistance > 1) {
      const near = new Set<string>();
      for (const r of index.search.search(term, { processTerm: (t) => t, fuzzy: allowed, prefix: false, combineWith: 'OR' }).slice(0, 20)) for (const t of r.terms) near.add(t);
      near.delete(term);
      const ranked = [...near]
        .map((t) => ({ t, d: distance(t, term), uses: index.documentFrequency.get(t) ?? 0 }))
        .filter((x) => x.d < bestDistance)
        .sort((a, b) => a.d - b.d || b.uses - a.uses);
      if (ranked[0]) best = ranked[0].t;
    }
    if (best) out = out.replace(word, best);
  }
  return out;
}

/** The school's index at this knowledge version: built on the first call after a change, then kept in this process. */
export function schoolIndex(schoolId: number, knowledgeVersion: number): Promise<SchoolIndex> {
  return indexes.get(schoolId, knowledgeVersion, () => build(schoolId));
}

/** The school's correction for this question (the same question or a close paraphrase of it), if staff wrote one. */
export function findCorrection(index: SchoolIndex, question: string): CorrectionEntry | null {
  return index.corrections.match(question, index);
}

/** The school's passages that best match a question, at its current knowledge version (for staff tools, tests and benchmarks). */
export async function searchSchoolKnowledge(schoolId: number, question: string, k = 5): Promise<KnowledgeHit[]> {
  const db = await getDb();
  const [school] = await db.select({ version: schools.knowledgeVersion }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  if (!school) return [];
  const index = await schoolIndex(schoolId, school.version);
  return searchIndexedKnowledge(index, retrievalQuery(question, null, index.vocabulary), k);
}

/** Tests start from cold caches. */
export function forgetKnowledgeIndexes(): void {
  indexes.clear();
}
