import { STOP } from '@/lib/retrieval/question-terms';
import { KINDS } from '@/lib/retrieval/sentences';
import { stem, type Vocabulary } from '@/lib/retrieval/vocabulary';
import { ASKS_COST, questionParts, type Candidate, type Kind, type Question } from './candidates';
import { namesPerson } from './readable';

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
  factor(c: Candidate, t: string): number;
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
  // Said by the amount's sentence or one before it (a neighbouring word too), or by its heading ("CNA" over the fees' table).
  if (telling.length && !chosen.some((s) => said(scoring, s, amount, telling, ANY_TITLE))) return false;
  // "How much is the ticket if I park in Lot A?" prices the ticket: an amount is its price only
  // in a sentence that says it or after one ("The shuttle runs… Seats cost $35"), or under its
  // heading; not "a permit for $180 a year. Cars without a permit are ticketed."
  const priced = scoring.question.match(PRICED)?.[1]?.trim().split(/\s+/).at(-1)?.toLowerCase();
  if (!priced || STOP.has(priced)) return true;
  // A phrase of the vocabulary ("Heron Express") is said by the phrase or its neighbours ("Quad Shuttle").
  const terms = scoring.vocabulary.phraseWordsIn(scoring.question).includes(priced) ? [...scoring.asked.phrases.keys()] : [stem(priced)];
  return chosen.some((s) => said(scoring, s, amount, terms, HEADING));
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
  const date = scoring.asked.kinds.find((k) => NAMED_KINDS.has(k.name));
  if (!date || questionParts(scoring.question).length || scoring.contextWeight.size) return true;
  const named = [...scoring.question.matchAll(/(?<=\S\s+)(\p{Lu}[\p{L}\p{N}-]*)/gu)]
    .map((m) => m[1]!)
    .filter((w) => !CALENDAR.test(w))
    .map((w) => stem(w.toLowerCase()))
    .filter((t) => scoring.weight.has(t) && !scoring.asked.answeredByKind.has(t));
  return !named.length || chosen.some((s) => said(scoring, s, date, named, 0.5));
}

/** The least a factor is: the page's title naming the word (lib/model/scoring.ts `titleFactor`); a section's heading says more. */
const ANY_TITLE = 0.3;
const HEADING = 0.4;

/**
 * Whether the candidate says one of the terms (this well at least: a neighbouring word
 * 0.7, its heading 0.4–0.65) in the sentence holding the kind of answer or one before it: "The
 * shuttle runs… Seats cost $35" prices the shuttle, "The NCLEX pass rate was 94.6%. Students prepare
 * for the ARRT…" is no ARRT rate.
 */
function said(scoring: Scoring, s: Scored, kind: Kind, terms: string[], atLeast: number): boolean {
  const at = s.c.sentences.findIndex((x) => x.kinds & (1 << KINDS.indexOf(kind)));
  if (at < 0) return false;
  const upTo = { ...s.c, sentences: s.c.sentences.slice(0, at + 1) };
  return terms.some((t) => scoring.factor(upTo, t) >= atLeast);
}

/** The kinds of answer a named thing has its own of: a date, a rate ("the ARRT pass rate" is no NCLEX rate). */
const NAMED_KINDS = new Set(['date', 'percent']);
/** Days and months are written with a capital without naming a thing. */
const CALENDAR = /^((mon|tues|wednes|thurs|fri|satur|sun)days?|january|february|march|april|may|june|july|august|september|october|november|december|sept?|jan|feb|mar|apr|jun|jul|aug|oct|nov|dec)$/i;

/**
 * "Who is the dean of students?" asks for a person: some chosen sentence must name one next to a
 * role ("Dean of Students: Maria Lopez"); "The Dean of Students office oversees conduct" names none.
 */
export function personOnTopic(scoring: Scoring, chosen: Scored[]): boolean {
  const role = scoring.question.match(WHO_IS)?.[1];
  if (!role) return true;
  // Or the role asked for said of a name ("The chair of Illustration is Professor Dana Reyes").
  const initial = role[0]!;
  const said = new RegExp(`\\b[${initial.toUpperCase()}${initial.toLowerCase()}]${role.slice(1).toLowerCase()}\\b[^.]*?(?:\\bis|:)\\s+(?:(?:Professor|Dr\\.)\\s+)?\\p{Lu}\\p{Ll}+\\s\\p{Lu}[\\p{Ll}'’-]+`, 'u');
  return chosen.some((s) => s.c.sentences.some((x) => namesPerson(x.sentence) || said.test(x.sentence)));
}
const WHO_IS = /^\s*who(?:'s|\s+is|\s+are)\s+(?:the|your|our)\s+(\p{L}+)/iu;
