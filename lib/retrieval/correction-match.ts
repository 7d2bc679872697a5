import { isVeryCommonWord } from './english';
import { searchTerm } from './question-terms';
import { questionKinds } from './sentences';
import { words, type Vocabulary } from './vocabulary';

// Staff corrections are answers to questions, so a visitor's question is matched against the
// corrections' questions, not against their answers: the same question, or a paraphrase of it
// ("When do applications close?" for "What is the application deadline?"), gets the corrected
// answer. Pure: the knowledge index builds one matcher per school and knowledge version.

export type CorrectionEntry = { id: number; question: string; answer: string };

/** A question's topic: its terms (stems, and `§group` for a vocabulary phrase) with the word each was written as, the groups it names, and the kinds of answer it wants. */
type Topic = { terms: Map<string, string>; groups: Set<number>; kinds: number };

type Indexed = { entry: CorrectionEntry; topic: Topic };

export type CorpusStats = { size: number; documentFrequency: ReadonlyMap<string, number> };

/** A word of the same vocabulary group answers for a question's word, less than the word itself. */
const NEIGHBOUR = 0.75;
/** Both questions must be covered this well by the other, weighted by how telling each word is. */
const THRESHOLD = 0.75 - 1e-6;

function topicOf(text: string, vocabulary: Vocabulary): Topic {
  const phraseGroups = vocabulary.phraseGroupsIn(text);
  // A phrase's own words ("residence", "hall") are the phrase's topic, not topics of their own.
  const phraseWords = new Set(phraseGroups.length ? vocabulary.phraseWordsIn(text) : []);
  const terms = new Map<string, string>();
  const stems: string[] = [];
  for (const w of words(text)) {
    const s = searchTerm(w);
    if (!s) continue;
    stems.push(s);
    if (!phraseWords.has(w) && !terms.has(s)) terms.set(s, w);
  }
  for (const g of phraseGroups) terms.set(`§${g}`, '');
  return { terms, groups: vocabulary.groupsIn(text, stems), kinds: questionKinds(text) };
}

export class CorrectionMatcher {
  private readonly indexed: Indexed[] = [];
  /** Corrections by the stems and vocabulary groups of their questions: the candidates for a question. */
  private readonly byKey = new Map<string, Indexed[]>();

  constructor(
    entries: CorrectionEntry[],
    private readonly vocabulary: Vocabulary,
  ) {
    for (const entry of entries) this.add(entry);
  }

  /** Adds one more entry (the unanswered-questions list groups questions as it reads them). */
  add(entry: CorrectionEntry): void {
    const item: Indexed = { entry, topic: topicOf(entry.question, this.vocabulary) };
    this.indexed.push(item);
    const keys = new Set([...[...item.topic.terms.keys()].filter((t) => !t.startsWith('§')).map((t) => `s:${t}`), ...[...item.topic.groups].map((g) => `g:${g}`)]);
    for (const key of keys) {
      const list = this.byKey.get(key);
      if (list) list.push(item);
      else this.byKey.set(key, [item]);
    }
  }

  get size(): number {
    return this.indexed.length;
  }

  /** The correction whose question is the same as or a close paraphrase of this one, if any (the closest). */
  match(question: string, corpus: CorpusStats): CorrectionEntry | null {
    if (!this.indexed.length) return null;
    const asked = topicOf(question, this.vocabulary);
    if (!asked.terms.size) return null;
    const candidates = new Set<Indexed>();
    for (const t of asked.terms.keys()) if (!t.startsWith('§')) for (const item of this.byKey.get(`s:${t}`) ?? []) candidates.add(item);
    for (const g of asked.groups) for (const item of this.byKey.get(`g:${g}`) ?? []) candidates.add(item);

    const weightOf = (term: string, word: string) => {
      const stems = term.startsWith('§') ? this.vocabulary.stemsOf([Number(term.slice(1))]) : [term];
      const df = Math.max(0, ...stems.map((s) => corpus.documentFrequency.get(s) ?? 0));
      const w = 1 + Math.log(1 + corpus.size / (1 + df)) / 2;
      return word && isVeryCommonWord(word) ? 0.6 * w : w;
    };
    /** How much of `a` the other question says: each term fully, through a neighbouring word partly. */
    const coverage = (a: Topic, b: Topic) => {
      let said = 0;
      let total = 0;
      for (const [t, word] of a.terms) {
        const w = weightOf(t, word);
        total += w;
        if (t.startsWith('§')) said += b.groups.has(Number(t.slice(1))) ? w : 0;
        else if (b.terms.has(t)) said += w;
        else if (this.vocabulary.groupsOf(t).some((g) => b.groups.has(g))) said += NEIGHBOUR * w;
      }
      return total ? said / total : 0;
    };

    let best: { entry: CorrectionEntry; score: number } | null = null;
    for (const item of candidates) {
      // "Where is the open house?" is not "When is the open house?": the kinds of answer wanted must meet.
      if (asked.kinds && item.topic.kinds && !(asked.kinds & item.topic.kinds)) continue;
      const score = Math.min(coverage(asked, item.topic), coverage(item.topic, asked));
      if (score >= THRESHOLD && (!best || score > best.score + 1e-9)) best = { entry: item.entry, score };
    }
    return best?.entry ?? null;
  }
}
