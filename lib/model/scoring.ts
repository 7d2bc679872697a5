import { isEverydayWord, isVeryCommonWord } from '@/lib/retrieval/english';
import { contentTerms, type FollowUpContext } from '@/lib/retrieval/question-terms';
import { isWayOfAsking, partsOfSpeech } from '@/lib/retrieval/parts-of-speech';
import { KINDS } from '@/lib/retrieval/sentences';
import { stem, type Vocabulary, words } from '@/lib/retrieval/vocabulary';
import { analyseQuestion, candidatesOf, overlaps, questionParts, type Candidate, type Kind, type Passage, type Question } from './candidates';
import { amountOnTopic, countOnTopic, dateOnTopic, personOnTopic } from './on-topic';
import { rangesOf, valuesOf } from './ranges';

// How well each sentence of the retrieved passages answers the question, and the choice of the
// sentences that answer it together. Pure: compose.ts writes the answer from what is chosen here.

export type Scored = { c: Candidate; factors: Map<string, number>; kinds: number; context: number; length: number };

export type Corpus = { size: number; documentFrequency: ReadonlyMap<string, number> | null };


/** A month's stem written as another word ("marching", "marched", a lower-case "march"), not the month ("by March 1"). */
const MONTH_AS_WORD: Record<string, RegExp> = { march: /\b[Mm]arch(?:ing|ed|es)\b|\bmarch\b/ };

/** An open range holds numbers of its bound's size: "3.0 or higher" (a GPA) does not hold "I'm 65". */
const onScale = (n: number, lo: number, hi: number) => {
  const bound = Number.isFinite(lo) ? (Number.isFinite(hi) ? null : lo) : hi;
  return bound === null || bound <= 0 || n <= 0 || Math.max(n, bound) / Math.min(n, bound) < 10;
};

/** How much of a term a factor answers: a neighbouring word or the section's heading answers it. */
const answeredBy = (f: number) => (f >= 0.7 ? 1 : f >= 0.6 ? 0.75 : f >= 0.4 ? 0.5 : f > 0 ? 0.25 : 0);

/** The question's terms weighed against the school's passages, and every candidate scored on them. */
export class Scoring {
  readonly asked: Question;
  readonly weight: Map<string, number>;
  /**
   * Words the school never uses, nor any word they begin ("tech" begins "technology"), written just
   * before another of the question's words ("a rugby club", "a marching band"): the kind of the thing
   * asked about, each with the word it qualifies.
   */
  readonly unknownKinds = new Map<string, string>();
  /** "Who is the chair of…?" when the school never says "chair" (nor a word it begins): the role asked for, which an answer must name. */
  readonly unknownRole: string | null = null;
  /** A follow-up's "that exam" is the earlier turn's "NCLEX-RN exam": the telling words before the noun there, one of which an answer must name. */
  readonly referents: string[] = [];
  /** A follow-up leans on the earlier turns' telling words ("nursing", "Marcus Oyelaran"), not on their everyday ones. */
  readonly contextWeight: Map<string, number>;
  readonly total: number;
  readonly scored: Scored[];
  private readonly contextWords: Map<string, string>;
  /** Stems the question means as a word that is not the month ("marching"): a sentence's month ("by March 1") does not answer them. */
  private readonly monthOnly: Set<string>;
  /** The question's parts of speech, tagged only when a word the school never uses needs them. */
  private tagged: Map<string, string> | null = null;

  constructor(
    readonly question: string,
    passages: Passage[],
    readonly vocabulary: Vocabulary,
    context: FollowUpContext | null,
    readonly corpus: Corpus | null,
  ) {
    this.asked = analyseQuestion(question, vocabulary);
    this.monthOnly = new Set([...this.asked.spelled].filter(([t, w]) => t in MONTH_AS_WORD && w.toLowerCase() !== t).map(([t]) => t));
    const candidates = candidatesOf(passages, vocabulary);
    const own = new Set(contentTerms(question));
    const contextText = context ? `${context.question} ${context.answer}` : '';
    this.contextWords = new Map(words(contextText).map((w) => [stem(w), w] as const));
    const questionContext = new Set(context ? contentTerms(context.question) : []);
    const contextTerms = contentTerms(contextText).filter((t) => !own.has(t) && !isVeryCommonWord(this.contextWords.get(t) ?? ''));

    const singles = candidates.filter((c) => c.sentences.length === 1);
    const weightOf = this.weigher(corpus ?? { size: singles.length, documentFrequency: null }, singles);
    this.weight = new Map(this.asked.terms.map((t) => [t, weightOf(t)]));
    this.contextWeight = new Map(contextTerms.map((t) => [t, (questionContext.has(t) ? 0.7 : 0.4) * weightOf(t)] as const).filter(([, w]) => w >= 0.6));
    if (context) {
      const earlier = words(contextText);
      for (const [, noun] of question.toLowerCase().matchAll(/\b(?:that|this|those|these|the same)\s+([\p{L}]+)/gu)) {
        const t = stem(noun!);
        if (!this.weight.has(t)) continue;
        earlier.forEach((w, i) => {
          if (stem(w) !== t) return;
          for (const before of earlier.slice(Math.max(0, i - 2), i)) if (this.contextWeight.has(stem(before))) this.referents.push(stem(before));
        });
      }
    }
    if (corpus?.documentFrequency) {
      // Whether the school uses the word or one it begins ("tech" begins "technology").
      const schoolSays = (t: string) => {
        for (const k of corpus.documentFrequency!.keys()) if (k.startsWith(t)) return true;
        return false;
      };
      const said = words(question).map(stem);
      said.forEach((t, i) => {
        const next = said[i + 1];
        if (!next || this.weight.get(t) !== 3 || !this.weight.has(next) || this.asked.answeredByKind.has(t)) return;
        // A noun ("rugby"), not a word that only says how ("the actual nursing program").
        if (this.tagOf(this.asked.spelled.get(t) ?? '') !== 'NOUN') return;
        if (!schoolSays(t)) this.unknownKinds.set(t, next);
      });
      const role = question.match(/\bwho(?:'s|\s+is|\s+are)\s+(?:the|your|our)\s+([\p{L}-]+)/iu)?.[1]?.toLowerCase();
      const t = role ? stem(role) : null;
      if (t && this.weight.has(t) && this.tagOf(role!) === 'NOUN' && !schoolSays(t)) this.unknownRole = t;
    }
    this.total = this.asked.terms.reduce((sum, t) => sum + this.weight.get(t)!, 0);

    this.scored = candidates.map((c) => {
      const factors = new Map<string, number>();
      for (const t of this.asked.terms) {
        const f = this.factor(c, t);
        if (f) factors.set(t, f);
      }
      let context = 0;
      for (const [t, w] of this.contextWeight) if (this.factor(c, t) >= 0.5) context += w;
      // The kind of answer wanted (an amount for "how much") decides between sentences on one topic.
      const kinds = this.asked.kinds.filter((k) => this.holds(c, k)).length;
      return { c, factors, kinds, context, length: c.sentences.length };
    });
  }

  /**
   * Rarer words weigh more (how many of the school's passages use the word or its neighbours); a
   * topic word no passage contains is the most telling of all, unless it is everyday English.
   */
  private weigher(corpus: Corpus, singles: Candidate[]) {
    const { asked, vocabulary, contextWords } = this;
    const corpusFrequency = (t: string): number => {
      if (corpus.documentFrequency) {
        const stems = t.startsWith('§') ? vocabulary.stemsOf(asked.phrases.get(t) ?? []) : [t, ...vocabulary.stemsOf(vocabulary.groupsOf(t))];
        const df = Math.max(0, ...stems.map((s) => corpus.documentFrequency!.get(s) ?? 0));
        if (df) return df;
      }
      // Words only in retrieved titles or phrases still count as seen.
      return singles.filter((c) => this.factor(c, t) > 0).length;
    };
    return (t: string) => {
      const df = corpusFrequency(t);
      if (df === 0) {
        const word = asked.spelled.get(t) ?? contextWords.get(t);
        if (asked.answeredByKind.has(t)) return 1;
        if (t.startsWith('§')) return 3;
        // An unseen noun ("sororities") is a topic the school has not written about; an unseen verb
        // ("budget for books", "struggling in math") is only the visitor's way of asking.
        const asAsked = word ? this.tagOf(word) : undefined;
        if (word && !vocabulary.known.has(word) && isWayOfAsking(asAsked)) return 0.5;
        return t.length <= 3 || (word && !vocabulary.known.has(word) && isEverydayWord(word)) ? 1 : 3;
      }
      const w = 1 + Math.log(1 + corpus.size / (1 + df)) / 2;
      // "live", "room", "bring" in "can I bring my cat to live in my room?": the cat is the topic.
      const word = asked.spelled.get(t) ?? contextWords.get(t);
      return word && isVeryCommonWord(word) ? 0.6 * w : w;
    };
  }

  /** A word's part of speech in the question; "a glassblowing studio": an -ing word between a determiner and a noun names a kind of the noun. */
  private tagOf(word: string): string | undefined {
    const tags = (this.tagged ??= partsOfSpeech(this.question));
    const tag = tags.get(word);
    if (tag !== 'VERB' || !word.endsWith('ing')) return tag;
    const order = [...tags];
    const i = order.findIndex(([w]) => w === word);
    return order[i - 1]?.[1] === 'DET' && order[i + 1]?.[1] === 'NOUN' ? 'NOUN' : tag;
  }

  holds(c: Candidate, k: Kind): boolean {
    return c.sentences.some((s) => s.kinds & (1 << KINDS.indexOf(k)));
  }

  /** How well the candidate answers term t: the word, a neighbouring word, the kind it asks for, its title. */
  factor(c: Candidate, t: string): number {
    // Called for every candidate and term of every turn: loops, not closures.
    if (t.startsWith('§')) {
      const groups = this.asked.phrases.get(t) ?? [];
      for (const s of c.sentences) for (const g of groups) if (s.groups.has(g)) return 1;
      return this.titleFactor(c, t, groups);
    }
    // "Marching" is answered by the word, never by the month (nor the month's neighbours).
    if (this.monthOnly.has(t)) {
      for (const s of c.sentences) if (MONTH_AS_WORD[t]!.test(s.sentence)) return 1;
      return 0;
    }
    // A number the question gives is answered by the same number ("3.6" by "3.6", not by the 3 of
    // "3.90" or the 6 of "$6,000") or by a row whose range holds it ("240" by "236–249").
    const given = this.asked.numbers.get(t);
    if (given) {
      const values = valuesOf(c);
      if (given.some((n) => values.has(n)) || rangesOf(c).some(([lo, hi]) => given.some((n) => n >= lo && n <= hi && onScale(n, lo, hi)))) return 1;
    } else for (const s of c.sentences) if (s.stems.has(t)) return 1;
    const kind = this.asked.answeredByKind.get(t);
    if (kind && this.holds(c, kind)) return 1;
    const gs = this.vocabulary.groupsOf(t);
    for (const s of c.sentences) for (const g of gs) if (s.groups.has(g)) return 0.7;
    // "boarders" answered by "boarding", "a 1st grader" by "Grade 1": a relative is a neighbouring word.
    const relatives = this.asked.relatives.get(t);
    if (relatives) for (const s of c.sentences) for (const r of relatives) if (s.stems.has(r)) return 0.7;
    return this.titleFactor(c, t, gs);
  }

  /**
   * How much the candidate's titles say of term t (or of one of its groups): the section's heading
   * says what its sentences are about, its first sentences most of all; the page's title says less.
   */
  private titleFactor(c: Candidate, t: string, groups: readonly number[]): number {
    if (c.title.section.has(t) || groups.some((g) => c.title.sectionGroups.has(g))) return c.first === 0 ? 0.65 : c.first === 1 ? 0.5 : 0.4;
    if (c.title.page.has(t) || groups.some((g) => c.title.pageGroups.has(g))) return 0.3;
    return 0;
  }

  /** Whether the candidate's heading or page title names one of the question's terms (or a neighbouring word). */
  titleSays(c: Candidate): boolean {
    return this.asked.terms.some((t) => this.titleFactor(c, t, t.startsWith('§') ? (this.asked.phrases.get(t) ?? []) : this.vocabulary.groupsOf(t)) > 0);
  }

  /** What a candidate adds to what is answered already: a neighbouring word answers as well as the word itself; exactness only breaks ties. */
  gainOf(s: Scored, covered: Map<string, number>, only?: Set<string>): number {
    let gain = 0;
    for (const [t, f] of s.factors) {
      if (only && !only.has(t)) continue;
      const before = covered.get(t) ?? 0;
      gain += this.weight.get(t)! * Math.max(0, answeredBy(f) + 0.1 * f - answeredBy(before) - 0.1 * before);
    }
    return gain;
  }

  /** The value of choosing it: what it adds, the wanted kinds it holds, and for a follow-up how well it fits the earlier turns. */
  private valueOf(s: Scored, gain: number, kinds = s.kinds): number {
    // An answer to "how much" without an amount is hardly an answer: the wanted kind weighs a third of the question.
    const value = gain + (gain > 0 ? kinds * 0.35 * this.total : 0) + Math.min(s.context, gain);
    // Two sentences must earn their length: the second has to add something. Retrieval's order of the
    // passages breaks near ties.
    return (s.length === 2 ? value * 0.9 : value) * (1 - RANK_DISCOUNT * s.c.rank);
  }

  /** The value of a candidate by itself. */
  valueAlone(s: Scored): number {
    return this.valueOf(s, this.gainOf(s, new Map()));
  }

  /** For one part of the question: what it answers of the part, the part's own wanted kinds, and (less) the rest of the question. */
  partValueOf(s: Scored, part: Set<string>, kinds: Kind[]): number {
    return this.valueOf(s, this.gainOf(s, new Map(), part), kinds.filter((k) => this.holds(s.c, k)).length) + 0.3 * this.gainOf(s, new Map());
  }

  pick(covered: Map<string, number>, taken: Scored[], part?: { terms: Set<string>; kinds: Kind[] }) {
    let best: { s: Scored; gain: number; value: number } | null = null;
    for (const s of this.scored) {
      if (taken.some((x) => overlaps(x.c, s.c))) continue;
      const gain = this.gainOf(s, covered, part?.terms);
      if (gain <= 0) continue;
      const value = part ? this.partValueOf(s, part.terms, part.kinds) : this.valueOf(s, gain);
      if (!best || value > best.value + 1e-9) best = { s, gain, value };
    }
    return best;
  }

  /** The share of the question's weight the factors answer. */
  coverageOf(factors: Map<string, number>): number {
    return this.total ? [...factors].reduce((sum, [t, f]) => sum + this.weight.get(t)! * answeredBy(f), 0) / this.total : 0;
  }
}

const figuresOf = (text: string): string[] => text.match(/\$?\d[\d,.:]*\d/g) ?? [];

/** How much less a sentence of each lower-ranked passage is worth: retrieval's order breaks near ties. */
const RANK_DISCOUNT = 0.02;

/** Runner-ups within this share of the best candidate's value are answered with it, the closest two. */
const RUNNER_UP = 0.7;
const RUNNERS_UP = 2;

/**
 * The best candidate holds the kind of answer asked for, and a kind that tells (a date for "when",
 * an amount for "how much", a place for "where"; not any figure for "how many" or any name for
 * "who"): it may then leave more of the question's words unsaid ("Where does the bus drop off?" by
 * "Buses arrive at the Bus Loop behind Harmon Fieldhouse").
 */
const holdsTellingKind = (scoring: Scoring, s: Scored) => scoring.asked.kinds.some((k) => !WEAK_KINDS.has(k.name) && scoring.holds(s.c, k));
/** Kinds any sentence seems to hold: a figure for "how many", two capitalised words for "who". */
const WEAK_KINDS = new Set(['number', 'name']);

/** A yes-or-no question ("Can I defer for a gap year?") and an FAQ's answer to one ("… ? Yes."). */
const answersYesNo = (scoring: Scoring, s: Scored) => YES_NO_QUESTION.test(scoring.question) && s.c.sentences.some((x) => /^(yes|no)\b/i.test(x.sentence));
const YES_NO_QUESTION = /^\s*(is|are|do|does|did|can|could|will|would|may|should|must|has|have)\b/i;

export type Choice = { chosen: Scored[]; known: boolean; bestCoverage: number };

/**
 * The sentences that answer the question: greedily the candidate that answers most of what is
 * still unanswered (up to three, a later one must answer a part the earlier ones did not), the
 * table rows that answer as well, and the best answer to each part of a several-questions message.
 */
export function chooseSentences(scoring: Scoring): Choice {
  const { total, vocabulary, weight } = scoring;
  const covered = new Map<string, number>();
  const chosen: Scored[] = [];
  const take = (s: Scored) => {
    chosen.push(s);
    for (const [t, f] of s.factors) covered.set(t, Math.max(covered.get(t) ?? 0, f));
  };
  while (chosen.length < 3) {
    const best = scoring.pick(covered, chosen);
    if (!best || (chosen.length && best.gain < 0.2 * total)) break;
    take(best.s);
  }
  // Rows of one table that answer equally well go together ("Last name A to K…", "Last name L to Z…").
  for (const s of [...chosen]) {
    if (!s.c.sentences[0]!.listItem) continue;
    const alone = scoring.gainOf(s, new Map());
    for (const row of scoring.scored) {
      if (chosen.length >= 8) break;
      if (row.c.passage !== s.c.passage || !row.c.sentences[0]!.listItem || chosen.some((x) => overlaps(x.c, row.c))) continue;
      // Another row answers as well only if it matches each word at least as exactly.
      const asExactly = [...s.factors].every(([t, f]) => (row.factors.get(t) ?? 0) >= f);
      if (asExactly && scoring.gainOf(row, new Map()) >= 0.95 * alone && row.kinds >= s.kinds) chosen.push(row);
    }
  }
  // Each part of a several-questions message gets its own best answer ("…and can it be waived?").
  for (const part of questionParts(scoring.question)) {
    if (chosen.length >= 4) break;
    const analysed = analyseQuestion(part, vocabulary);
    const partTerms = new Set(analysed.terms.filter((t) => weight.has(t)));
    if (!partTerms.size) continue;
    const best = scoring.pick(new Map(), [], { terms: partTerms, kinds: analysed.kinds });
    if (!best || chosen.some((x) => x.c === best.s.c || overlaps(x.c, best.s.c))) continue;
    // Added when it answers this part better than what was chosen for the whole question.
    const have = Math.max(0, ...chosen.map((x) => scoring.partValueOf(x, partTerms, analysed.kinds)));
    if (best.value > have + 1e-9) take(best.s);
  }
  // When other sentences answer nearly as well as the best, which of them is the answer is not
  // certain: the closest two runner-ups come too.
  const first = chosen[0];
  if (first) {
    const bar = RUNNER_UP * scoring.valueAlone(first);
    // One that repeats a figure of the best and answers no other word (the same table written twice) adds nothing.
    const figures = figuresOf(first.c.text);
    const runnersUp: { s: Scored; value: number }[] = [];
    // The best answer's page is about the question: a runner-up on a page about something else only shares its words.
    const onTopicPage = scoring.titleSays(first.c);
    for (const s of scoring.scored) {
      const value = scoring.valueAlone(s);
      if (value < bar) continue;
      // A staff correction answers the question it was written for: it is never a runner-up.
      if (chosen.some((x) => overlaps(x.c, s.c)) || s.c.passage.sourceType === 'correction') continue;
      if (onTopicPage && s.c.passage !== first.c.passage && !scoring.titleSays(s.c)) continue;
      if ([...s.factors.keys()].every((t) => first.factors.has(t)) && figuresOf(s.c.text).some((f) => figures.includes(f))) continue;
      // Another row of the best's table must answer each word as exactly ("Room: $7,900" is no runner-up
      // to "Tuition: $38,400" for "tuition"): a table's rows are alternatives.
      const sameTable = s.c.passage === first.c.passage && s.c.sentences[0]!.listItem && first.c.sentences[0]!.listItem;
      if (sameTable && ![...first.factors].every(([t, f]) => (s.factors.get(t) ?? 0) >= f)) continue;
      runnersUp.push({ s, value });
    }
    runnersUp.sort((a, b) => b.value - a.value);
    const kept: Scored[] = [];
    for (const r of runnersUp) {
      if (kept.length >= RUNNERS_UP) break;
      if (!kept.some((k) => overlaps(k.c, r.s.c))) kept.push(r.s);
    }
    chosen.push(...kept);
  }
  const coverage = scoring.coverageOf(covered);
  // The relevance threshold: the best candidate must answer most of the question by itself, so
  // sentences that each share one word with it ("acceptance" here, "rate" there) are not an answer.
  const bestCoverage = chosen.length ? scoring.coverageOf(chosen[0]!.factors) : 0;
  const bar = chosen.length && (holdsTellingKind(scoring, chosen[0]!) || answersYesNo(scoring, chosen[0]!)) ? 0.45 : 0.6;
  // "Is there a rugby club?" is not answered by "Join a club": the club is, the rugby is not.
  const kindUnknown = [...scoring.unknownKinds].some(([kind, thing]) => chosen.some((s) => s.factors.has(thing)) && !chosen.some((s) => s.factors.has(kind)));
  // "Who is the chair of Illustration?" is not answered by Illustration's row in the majors' table.
  const roleUnknown = scoring.unknownRole !== null && !chosen.some((s) => s.factors.has(scoring.unknownRole!));
  // "What's your pass rate on that exam?" after the NCLEX: the TEAS exam's score is no answer.
  const referred = !scoring.referents.length || chosen.some((s) => scoring.referents.some((r) => scoring.factor(s.c, r) > 0));
  const known = chosen.length > 0 && coverage >= Math.min(0.5, bar) && bestCoverage >= bar && !kindUnknown && !roleUnknown && referred && amountOnTopic(scoring, chosen) && countOnTopic(scoring, chosen) && dateOnTopic(scoring, chosen) && personOnTopic(scoring, chosen);
  return { chosen, known, bestCoverage };
}
