import { isVeryCommonWord } from '@/lib/retrieval/english';
import { partsOfSpeech } from '@/lib/retrieval/parts-of-speech';
import { STOP } from '@/lib/retrieval/question-terms';
import type { Sentence } from '@/lib/retrieval/sentences';
import { stem, words as wordsOf } from '@/lib/retrieval/vocabulary';

// How the built-in model's chosen sentences are written out so the answer reads as a person would
// write it (issue 48 item 8): no passage twice, the school's people only when asked for, a table's
// rows as a small Markdown table rather than cells run together, and at most three sentences (three
// for each question a message asks) unless the visitor asks for a list.

type Written = Pick<Sentence, 'sentence' | 'listItem'>;

/** Asks for a list: every option, which ones, the kinds or steps of something. */
export const ASKS_FOR_LIST = /\b(list|all|every|each|options|which|kinds? of|types? of|what are (the|your)|steps|requirements)\b/i;

/** The most sentences an answer gives (before the action links), for a message of `parts` questions. */
export function sentenceBudget(question: string, parts: number): number {
  return ASKS_FOR_LIST.test(question) ? Infinity : 3 * Math.max(1, parts);
}

/** A table row as the site's tables are read ("Fee: Application; Amount: $50"): its labels and cells. */
export function rowCells(text: string): [label: string, value: string][] | null {
  const cells: [string, string][] = [];
  for (const part of text.split(/;\s+/)) {
    const m = part.match(/^([^:]{1,40}):\s+(.+)$/);
    // A cell's own semicolon ("Hours: Mon–Thu 8–6; Fri 8–4:30") continues the cell before it.
    if (m) cells.push([m[1]!.trim(), m[2]!.trim()]);
    else if (cells.length) cells[cells.length - 1]![1] += `; ${part}`;
    else return null;
  }
  return cells.length >= 2 ? cells : null;
}

/** A table row without column labels ("Presidential Scholarship; $24,000 a year") read as a label and its value. */
const labelled = (text: string) => text.replace(/^([^;:]{1,40});\s+(?=\S)/, '$1: ');

/** A sentence of many parts ("Tuition for 2026-27: Kindergarten $24,850; Grades 1-5 $31,450; …") as its label and a list. */
function asList(text: string): string | null {
  const m = text.match(/^([^:;]{3,80}):\s+(.+)$/);
  const parts = m ? m[2]!.replace(/\.$/, '').split(/;\s+/) : [];
  return parts.length >= 4 ? `${m![1]}:\n${parts.map((p) => `- ${p}`).join('\n')}` : null;
}

/**
 * How many sentences a reader counts: a table, however many rows, is one, and so is a list (the
 * sentence introducing it is another, as is a sentence of many parts written as its label and a
 * list); an FAQ's question none.
 */
export function unitsOf(sentences: Written[]): number {
  let units = 0;
  let table: string | null = null;
  let inList = false;
  for (const s of sentences) {
    // An FAQ's question says nothing by itself: its answer is the sentence.
    if (s.sentence.endsWith('?')) continue;
    const cells = s.listItem ? rowCells(s.sentence) : null;
    const labels = cells ? cells.map(([l]) => l).join('|') : null;
    if (labels) units += labels !== table ? 1 : 0;
    else if (s.listItem) units += inList ? 0 : 1;
    else units += asList(s.sentence) ? 2 : 1;
    inList = s.listItem && !labels;
    table = labels;
  }
  return units;
}

const tokens = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}$%]+/gu) ?? [];
/** A sentence's words that say something ("the", "from" say nothing of what it is about). */
const words = (s: string) => new Set(tokens(s).filter((t) => (t.length >= 3 && !STOP.has(t)) || /\d/.test(t)));
const figures = (s: string) => [...new Set(s.match(/\d[\d,.:]*\d|\d/g) ?? [])].sort().join(' ');

/** What `repeats` compares of a sentence, read once per sentence: an answer is fitted to its budget several times over the same sentences. */
type Reading = { joined: string; count: number; figures: string; counted: string | null; words: Set<string>; person?: boolean; telling?: Set<string> };
const readings = new Map<string, Reading>();
function readingOf(s: string): Reading {
  let r = readings.get(s);
  if (!r) {
    const t = tokens(s);
    r = { joined: t.join(' '), count: t.length, figures: figures(s), counted: countedPhrase(t), words: words(s) };
    if (readings.size >= 5000) readings.clear();
    readings.set(s, r);
  }
  return r;
}

/** A sentence's figures with the words between them and the word they count ("12 to 20 works"), when they are that close. */
function countedPhrase(t: string[]): string | null {
  const at = t.flatMap((w, i) => (/\d/.test(w) ? [i] : []));
  if (at.length < 2 || at.at(-1)! - at[0]! > 3 || at.at(-1)! + 1 >= t.length) return null;
  return t.slice(at[0], at.at(-1)! + 2).join(' ');
}

/** The same passage twice: the same words (one inside the other), the same figures counting the same thing ("12 to 20 works"), or a row's figures and most of its words again. */
function repeats(a: string, b: string): boolean {
  const [ra, rb] = [readingOf(a), readingOf(b)];
  if (ra.joined === rb.joined) return true;
  const [short, long] = ra.joined.length < rb.joined.length ? [ra, rb] : [rb, ra];
  if (short.count >= 5 && long.joined.includes(short.joined)) return true;
  if (ra.figures.split(' ').length < 2 || ra.figures !== rb.figures) return false;
  if (ra.counted && ra.counted === rb.counted) return true;
  const shared = [...ra.words].filter((t) => rb.words.has(t)).length;
  return shared >= 0.5 * Math.min(ra.words.size, rb.words.size);
}

export const ASKS_FOR_PEOPLE = /\b(who|whom|whose|name|names|contact|person|people|staff|dean|director|counsel?or|advis[oe]r|coordinator|principal|head|president|registrar|teacher|coach|his|her|him|she|he|phone|e-?mail|call|reach|talk|speak)\b/i;
const ROLE = /\b(Dean|Director|Coordinator|Counsel?or|Manager|Officer|President|Principal|Head of|Registrar|Advis[oe]r|Chair|Provost|Chancellor|Superintendent)\b/;
const NOT_A_NAME = new Set(
  'Admission Admissions Office Financial Aid Hall Center Centre College University School Student Students Services Affairs Library Building Campus Dean Director Coordinator Counselor Counsellor Manager Officer President Principal Registrar Advisor Adviser Chair Provost Head Upper Middle Lower Business Academic Dining Housing Residence Life Health International Transfer Nursing Honors Welcome The Of And Tuition Enrollment First Year Graduate Undergraduate New Program Programs Department Division Chancellor Superintendent Assistant Associate Executive Vice Senior Contact Email Call Ask Meet Please Our Your Visit See Chief Financial'.split(' '),
);

// The role just before a name ("Dean of Admission: ", "Dean ") or just after it (", Chief Financial Officer").
const ROLE_BEFORE = new RegExp(`${ROLE.source}[^.;]{0,40}[:,]\\s*$|${ROLE.source}\\s+$`);
const ROLE_AFTER = new RegExp(`^(,|\\s+is|\\s+\\()\\s*(the\\s+|our\\s+)?[^.;]{0,30}?${ROLE.source}`);

/** A sentence that names one of the school's people: a role and a person's name ("Dean of Admission: Karen Whitfield"). */
export function namesPerson(text: string): boolean {
  if (!ROLE.test(text)) return false;
  // Every pair of capitalised words, overlapping ("Dean Karen Whitfield": "Dean Karen", then "Karen Whitfield").
  const name = /\b(?=((\p{Lu}\p{Ll}+)(?:\s\p{Lu}\.)?\s(\p{Lu}[\p{Ll}'’-]+)\b))/gu;
  for (const m of text.matchAll(name)) {
    if (NOT_A_NAME.has(m[2]!) || NOT_A_NAME.has(m[3]!)) continue;
    m[0] = m[1]!;
    // The name next to its role: "Dean of Admission: Karen Whitfield", "Priya Natarajan, Chief Financial Officer", "Dean Karen Whitfield".
    const before = text.slice(Math.max(0, m.index! - 45), m.index!);
    const after = text.slice(m.index! + m[0].length, m.index! + m[0].length + 45);
    if (ROLE_BEFORE.test(before) || ROLE_AFTER.test(after)) return true;
  }
  return false;
}

/** A text's words that name something, stemmed: not stop words. */
function tellingStems(text: string): Set<string> {
  const out = new Set<string>();
  // A link's or an address's words ("first-year.html") are no topic.
  for (const w of wordsOf(text.replace(/\bhttps?:\/\/\S+|\S+@\S+/g, ' '))) {
    if (STOP.has(w) || (w.length < 3 && !/\d/.test(w))) continue;
    // "needed" is "need", a stop word.
    const s = stem(w);
    if (!STOP.has(s)) out.add(s);
  }
  return out;
}

/**
 * What the answer's sentences must be tied to: the question's (and the earlier turns') words, less
 * the everyday adverbs that tie a sentence to any question ("can I still go there?" is not asking
 * about "students still receive aid").
 */
export function topicStems(text: string): Set<string> {
  const tags = partsOfSpeech(text);
  const out = tellingStems(text);
  for (const [w, pos] of tags) if ((pos === 'ADV' || pos === 'AUX') && isVeryCommonWord(w)) out.delete(stem(w));
  return out;
}
const tellingOf = (s: string) => (readingOf(s).telling ??= tellingStems(s));
const shares = (a: ReadonlySet<string>, b: ReadonlySet<string>) => [...a].some((t) => b.has(t));
/** A sentence that goes on from the one before it ("It costs…", "This includes…"). */
const CONTINUES = /^(it|its|this|that|these|those|they|their|there|he|she|his|her)\b/i;

/** What ties the answer's sentences together: the question's words (and the turns it follows), and the answer's own first sentence. */
export type Topic = { stems: ReadonlySet<string>; anchors?: ReadonlySet<Written>; /** The best answer's own sentences (two that run on: "The shuttle runs… Seats cost $35"), always written. */ best?: ReadonlySet<Written>; /** The vocabulary groups the question names: a sentence naming one ("landlords" for "dorms") is tied to it. */ groups?: ReadonlySet<number> };

/**
 * The sentences a reader sees tied to the question: the best answer's own (`best`), the rows of a
 * table and the points of a list under its sentence, the first sentence written (one of `anchors`),
 * any sentence sharing a word with the question or with the answer's first sentence, or naming a
 * neighbouring word of the question's ("landlords" for "dorms": the vocabulary's groups), and one
 * going on from such a sentence just before it: pointing back to it ("It costs…") or picking up one
 * of its words ("…park in Lot B. Lot A is…"); one step only, a chain drifts off. Another sentence reads as off
 * the topic, however well it scored on an everyday word ("students still receive aid" for "can I
 * still go there?"). An FAQ's question stays with its answer, a list's points with the sentence
 * that introduces them.
 */
function onTopic<T extends Written>(sentences: T[], topic: Topic): T[] {
  const anchored = new Set([...(topic.anchors ?? [])].flatMap((a) => [...tellingOf(a.sentence)]));
  let main: ReadonlySet<string> | null = null;
  let introduced = false;
  let introKept = true;
  const keep: boolean[] = [];
  const direct: boolean[] = [];
  sentences.forEach((s, i) => {
    direct[i] = false;
    if (s.sentence.endsWith('?')) return void keep.push(true);
    const listed = s.listItem && introduced;
    if (!s.listItem) introduced = s.sentence.endsWith(':');
    if (s.listItem && rowCells(s.sentence)) return void keep.push(true);
    if (listed) return void keep.push(introKept);
    // The best answer's list comes whole: a point framed with it after a point kept ("A to K…", "L to Z…").
    if (s.listItem && sentences[i - 1]?.listItem && keep[i - 1] && topic.anchors?.has(s)) return void keep.push(true);
    const telling = tellingOf(s.sentence);
    // Tied by its own words: the question's, the first sentence's (the best answer's may open the answer).
    const groups = (s as Partial<Sentence>).groups;
    const tied = Boolean(topic.best?.has(s)) || (main === null && Boolean(topic.anchors?.has(s))) || shares(telling, topic.stems) || shares(telling, main ?? anchored) || Boolean(groups && topic.groups && [...groups].some((g) => topic.groups!.has(g)));
    // Or going on from the sentence before it, tied by its own words: pointing back to it, or picking up one of its words ("…park in Lot B. Lot A is…").
    const before = sentences[i - 1];
    const goesOn = !tied && direct[i - 1] === true && before !== undefined && (CONTINUES.test(s.sentence) || shares(telling, tellingOf(before.sentence)));
    const kept = tied || goesOn;
    if (kept) main ??= telling;
    if (!s.listItem) introKept = kept;
    keep.push(kept);
    direct[i] = tied;
  });
  // An FAQ's question stays only with the answer after it.
  return sentences.filter((s, i) => keep[i] && (!s.sentence.endsWith('?') || (i + 1 < sentences.length && keep[i + 1])));
}

/** The sentences worth writing: each passage once, people only when the question (or the turn it follows) asks for them, and only sentences on the question's topic. */
export function readableSentences<T extends Written>(sentences: T[], question: string, context = '', topic?: Topic): T[] {
  const people = ASKS_FOR_PEOPLE.test(question) || ASKS_FOR_PEOPLE.test(context);
  // Whether each sentence names a person, read once (the rule below asks about every other sentence).
  const named = people ? null : sentences.map((s) => (readingOf(s.sentence).person ??= namesPerson(s.sentence)));
  const unnamed = named ? named.filter((n) => !n).length : 0;
  const out: T[] = [];
  sentences.forEach((s, i) => {
    if (out.some((o) => repeats(o.sentence, s.sentence))) return;
    // A page's own question (an FAQ's "Do the halls stay open over winter break?") is not said back
    // to the visitor: its answer is.
    if (s.sentence.trimEnd().endsWith('?') && sentences.length > 1) return;
    // A name is left out when something else is left to say (a sentence other than this one names nobody).
    if (named?.[i] && unnamed > 0) return;
    out.push(s);
  });
  return topic ? onTopic(out, topic) : out;
}

/**
 * The sentences as Markdown: prose as a paragraph, list points as a list under the sentence that
 * introduces them, and a table's rows as a small table under its column labels.
 */
export function writeSentences(sentences: Written[]): string {
  const listed = sentences.some((s) => s.listItem) && sentences.length >= 2;
  const blocks: string[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length) blocks.push(prose.join(listed ? '\n' : ' '));
    prose = [];
  };
  for (let i = 0; i < sentences.length; i++) {
    const s = sentences[i]!;
    const cells = s.listItem ? rowCells(s.sentence) : null;
    if (cells) {
      const labels = cells.map(([l]) => l);
      const rows = [cells.map(([, v]) => v)];
      while (i + 1 < sentences.length) {
        const next = sentences[i + 1]!.listItem ? rowCells(sentences[i + 1]!.sentence) : null;
        if (!next || next.map(([l]) => l).join('|') !== labels.join('|')) break;
        rows.push(next.map(([, v]) => v));
        i++;
      }
      flush();
      const line = (cs: string[]) => `| ${cs.map((c) => c.replace(/\|/g, '/')).join(' | ')} |`;
      blocks.push([line(labels), line(labels.map(() => '---')), ...rows.map(line)].join('\n'));
      continue;
    }
    const list = s.listItem ? null : asList(s.sentence);
    if (list) {
      flush();
      blocks.push(list);
      continue;
    }
    prose.push(listed && s.listItem ? `- ${labelled(s.sentence)}` : s.listItem ? labelled(s.sentence) : s.sentence);
  }
  flush();
  return blocks.join('\n\n');
}
