import { contentTerms, STOP } from '@/lib/retrieval/question-terms';
import { analyse, KINDS, type Sentence } from '@/lib/retrieval/sentences';
import { agentRelatives, stem, type Vocabulary, words } from '@/lib/retrieval/vocabulary';
import { numbersOf } from './ranges';

// What the built-in model reads before it scores anything: the question (its terms, the kinds of
// answer it wants, its parts) and the retrieved passages as candidate sentences under their titles.
// lib/model/scoring.ts weighs them.

/** url: the page it was read from (web links), for the answer's sources. */
export type Passage = { title: string; content: string; sourceType: string; sourceId: string; url?: string | null };

export type Kind = (typeof KINDS)[number];

/** What the question asks: its topic terms (stems; vocabulary phrases as `§group`), the kinds of answer it wants, and which of its words a kind answers. */
export type Question = { terms: string[]; kinds: Kind[]; answeredByKind: Map<string, Kind>; spelled: Map<string, string>; numbers: Map<string, number[]>; relatives: Map<string, string[]>; phrases: Map<string, number[]> };

/** A passage's title: its section heading (after " — ") and the page it is on. */
export type Title = { section: Set<string>; sectionGroups: Set<number>; page: Set<string>; pageGroups: Set<number> };

/** One sentence of a passage, or two that run on (`first` is the index of the first in the passage). */
export type Candidate = { passage: Passage; first: number; sentences: Sentence[]; title: Title; order: number; text: string; rank: number };

export function analyseQuestion(question: string, vocabulary: Vocabulary): Question {
  const kinds = KINDS.filter((k) => k.cue.test(question));
  const phraseGroups = vocabulary.phraseGroupSetsIn(question);
  // A phrase's own words ("sticker", "price") are the phrase's topic, not topics of their own.
  const phraseWords = new Set(phraseGroups.length ? vocabulary.phraseWordsIn(question) : []);
  const terms: string[] = [];
  const answeredByKind = new Map<string, Kind>();
  const spelled = new Map<string, string>();
  for (const w of words(question)) {
    if (STOP.has(w) || (w.length < 2 && !/\d/.test(w)) || phraseWords.has(w)) continue;
    const s = stem(w);
    if (terms.includes(s)) continue;
    terms.push(s);
    spelled.set(s, w);
    const kind = kinds.find((k) => k.covers.test(w));
    if (kind) answeredByKind.set(s, kind);
  }
  // One term per phrase, answered through any of its groups ("high school": upper school, or HS);
  // a phrase whose groups are all named already adds none.
  const phrases = new Map<string, number[]>();
  const named = new Set<number>();
  for (const groups of phraseGroups) {
    if (groups.every((g) => named.has(g))) continue;
    for (const g of groups) named.add(g);
    const term = `§${groups.join('+')}`;
    phrases.set(term, groups);
    terms.push(term);
  }
  const relatives = new Map(terms.map((t) => [t, spelled.has(t) ? agentRelatives(spelled.get(t)!) : []] as const).filter(([, r]) => r.length));
  return { terms, kinds, answeredByKind, spelled, numbers: numbersOf(question), relatives, phrases };
}

/** The question asks what something costs ("how much…?", "what does it cost?"). */
export const ASKS_COST = /\b(how much|cost|costs|price)\b/i;

/** The parts of a several-questions-in-one message ("What's the fee, and can it be waived?"). */
export function questionParts(question: string): string[] {
  const parts = question
    .split(/\?\s+|[,;]\s*(?:and|or|but|also)\s+|\s+and\s+(?=(?:what|when|where|how|who|which|can|could|do|does|is|are|will)\b)/i)
    .map((p) => p.trim())
    .filter((p) => contentTerms(p).length > 0);
  return parts.length > 1 ? parts : [];
}

function titleOf(text: string, vocabulary: Vocabulary): Title {
  const cut = text.lastIndexOf(' — ');
  const [pageText, sectionText] = cut < 0 ? ['', text] : [text.slice(0, cut), text.slice(cut + 3)];
  const section = new Set(words(sectionText).map(stem));
  const page = new Set(words(pageText).map(stem));
  return { section, sectionGroups: vocabulary.groupsIn(sectionText, section), page, pageGroups: vocabulary.groupsIn(pageText, page) };
}

/**
 * Each sentence of the retrieved passages, and each sentence with the next one (an answer often
 * runs over two: "The shuttle runs from the airport… Seats cost $35 each way."). Action prompts are
 * offered as links instead.
 */
export function candidatesOf(passages: Passage[], vocabulary: Vocabulary): Candidate[] {
  const candidates: Candidate[] = [];
  let order = 0;
  for (const [rank, passage] of passages.entries()) {
    if (passage.sourceType === 'action_prompt') continue;
    const title = titleOf(passage.title, vocabulary);
    const sentences = analyse(passage.content, vocabulary);
    sentences.forEach((s, i) => {
      const base = { passage, first: i, title, rank };
      // A question in the passage (an FAQ's "Is there an essay?") is no answer by itself: it comes
      // with the sentence after it, and never trails another answer.
      if (!asks(s)) candidates.push({ ...base, sentences: [s], order: order++, text: s.sentence });
      const next = sentences[i + 1];
      if (next && !s.listItem && !next.listItem && !asks(next)) candidates.push({ ...base, sentences: [s, next], order: order++, text: `${s.sentence} ${next.sentence}` });
    });
  }
  return candidates;
}

export const asks = (s: Sentence) => s.sentence.endsWith('?');

export const overlaps = (a: Candidate, b: Candidate) => a.passage === b.passage && a.first <= b.first + b.sentences.length - 1 && b.first <= a.first + a.sentences.length - 1;
