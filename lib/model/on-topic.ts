import { STOP } from '@/lib/retrieval/question-terms';
import { KINDS } from '@/lib/retrieval/sentences';
import { stem, type Vocabulary } from '@/lib/retrieval/vocabulary';
import { ASKS_COST, questionParts, type Candidate, type Kind, type Question } from './candidates';

// Whether the chosen sentences answer the thing the question asks about, not only its words: the
// amount of the thing priced, the count of the thing counted, the date of the thing named. Each
// makes an answer "not known" (the honest "I don't know") when it fails.

/** What the checks read of the question's scoring (lib/model/scoring.ts, which calls them). */
type Scoring = {
  question: string;
  asked: Question;
  weight: ReadonlyMap<string, number>;
  contextWeight: ReadonlyMap<string, number>;
  corpus: { size: number; documentFrequency: ReadonlyMap<string, number> | null } | null;
  vocabulary: Vocabulary;
  holds(c: Candidate, k: Kind): boolean;
  titleOf(c: Candidate, t: string): number;
};
/** A chosen candidate and how well it answers each of the question's terms. */
type Scored = { c: Candidate; factors: ReadonlyMap<string, number> };

/**
 * "How much does a parking permit cost?" asks one amount: some chosen sentence that holds an amount
 * must say one of the question's telling words ("permit": those weighing at least the mean), or the
 * answer is a sentence on the permit beside prices of other things ("A replacement costs $25.").
 */
export function amountOnTopic(scoring: Scoring, chosen: Scored[]): boolean {
  const amount = scoring.asked.kinds.find((k) => k.name === 'amount');
  // A follow-up's topic is in the earlier turn ("what does it cost if he takes it on campus?").
  if (!amount || !ASKS_COST.test(scoring.question) || questionParts(scoring.question).length || scoring.contextWeight.size) return true;
  const topic = [...scoring.weight].filter(([t]) => !scoring.asked.answeredByKind.has(t));
  const mean = topic.reduce((sum, [, w]) => sum + w, 0) / Math.max(1, topic.length);
  const telling = topic.filter(([, w]) => w >= mean).map(([t]) => t);
  // Said by the sentence, a neighbouring word or its heading ("CNA" over the fees' table).
  if (telling.length && !chosen.some((s) => scoring.holds(s.c, amount) && telling.some((t) => s.factors.has(t)))) return false;
  // "How much is the ticket if I park in Lot A?" prices the ticket: an amount is its price only
  // in a sentence that says it or after one ("The shuttle runs… Seats cost $35"), or under its
  // heading; not "a permit for $180 a year. Cars without a permit are ticketed."
  const priced = scoring.question.match(PRICED)?.[1]?.trim().split(/\s+/).at(-1)?.toLowerCase();
  if (!priced || STOP.has(priced)) return true;
  const head = stem(priced);
  // A phrase's word ("Heron Express") is said by the phrase or its neighbours ("Quad Shuttle").
  const inPhrase = scoring.vocabulary.phraseWordsIn(scoring.question).includes(priced);
  const groups = [...scoring.vocabulary.groupsOf(head), ...(inPhrase ? [...scoring.asked.phrases.values()].flat() : [])];
  const says = (x: Candidate['sentences'][number]) => x.stems.has(head) || groups.some((g) => x.groups.has(g));
  const bit = 1 << KINDS.indexOf(amount);
  return chosen.some((s) => {
    const at = s.c.sentences.findIndex((x) => x.kinds & bit);
    return at >= 0 && (s.c.sentences.slice(0, at + 1).some(says) || scoring.titleOf(s.c, head) >= 0.4);
  });
}
/** The thing a "how much" question prices: "how much is the ticket…", "how much does the outing club winter camping trip cost?". */
const PRICED = /\bhow much\s+(?:is|are|does|do|will|would)\s+(?:the|a|an|my|your|one)\s+([\p{L}\s-]+?)(?=\s+(?:cost|costs|be|run|if|for|when|at|in|per|each|a|to|with)\b|\s*[?,.!]|\s*$)/iu;

/** A word the school uses in this share of its passages or more says nothing about which passage answers. */
const COMMON_SHARE = 0.25;

/**
 * "How many students go to TVCC?" asks a count of what the school talks about everywhere: when
 * every word of the question is that common, some chosen sentence must count the thing ("3,100
 * students", "Students: 3,100"); a sentence that only says "students" and "TVCC" (the e-mail
 * address) is no answer. With a telling word ("how many students study abroad?") the words choose.
 */
export function countOnTopic(scoring: Scoring, chosen: Scored[]): boolean {
  const counted = scoring.question.match(/\bhow many\s+(?:of\s+(?:the|your|our)\s+)?([\p{L}-]+)/iu)?.[1];
  const df = scoring.corpus?.documentFrequency;
  if (!counted || !df || !scoring.corpus!.size) return true;
  const common = (t: string) => (df.get(t) ?? 0) >= COMMON_SHARE * scoring.corpus!.size;
  if (!scoring.asked.terms.every((t) => !t.startsWith('§') && common(t))) return true;
  const noun = stem(counted.toLowerCase());
  // A figure (or a number word) up to three words before the noun, or the noun as a label of one.
  const counts = (text: string) => {
    const ws = text.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N},.'-]*|:/gu) ?? [];
    return ws.some((w, i) => stem(w.replace(/[.,]$/, '')) === noun && (ws.slice(Math.max(0, i - 3), i).some((x) => NUMBER.test(x)) || (ws[i + 1] === ':' && NUMBER.test(ws[i + 2] ?? ''))));
  };
  return chosen.some((s) => s.c.sentences.some((x) => counts(x.sentence)));
}
const NUMBER = /^(\d[\d,.]*|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|forty|fifty|hundred|hundreds|thousand|thousands|dozen|dozens)$/;

/**
 * "When is the application deadline for the MFA?" asks the MFA's date: when the question names
 * something (a word written with a capital, not the first), a chosen sentence holding a date must
 * answer that name (the MFA's, not the transfer students' deadline).
 */
export function dateOnTopic(scoring: Scoring, chosen: Scored[]): boolean {
  const date = scoring.asked.kinds.find((k) => k.name === 'date');
  if (!date || questionParts(scoring.question).length || scoring.contextWeight.size) return true;
  const named = [...scoring.question.matchAll(/(?<=\S\s+)(\p{Lu}[\p{L}\p{N}-]*)/gu)]
    .map((m) => m[1]!)
    .filter((w) => !CALENDAR.test(w))
    .map((w) => stem(w.toLowerCase()))
    .filter((t) => scoring.weight.has(t) && !scoring.asked.answeredByKind.has(t));
  return !named.length || chosen.some((s) => scoring.holds(s.c, date) && named.some((t) => (s.factors.get(t) ?? 0) >= 0.5));
}
/** Days and months are written with a capital without naming a thing. */
const CALENDAR = /^((mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august|september|october|november|december|sept?|jan|feb|mar|apr|jun|jul|aug|oct|nov|dec)$/i;
