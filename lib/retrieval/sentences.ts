import { splitSentences } from '@/lib/text/sentences';
import { stem, Vocabulary, words } from './vocabulary';

// A passage as the built-in model reads it: its sentences (one list point or sentence each,
// headings left out), their stems and vocabulary groups, and the kinds of answer each holds (an
// amount, a date, a name…); and the kinds of answer a question wants.

/** A line that labels what follows ("## Costs and financial aid", "Admissions and applying") rather than saying something. */
const isHeading = (line: string) => /^#{1,6}\s/.test(line) || /^topics covered:/i.test(line) || (!/[.!?:;]$/.test(line) && line.split(/\s+/).length <= 5 && !/\d/.test(line));

const LIST_ITEM = /^([-*•]|\d+[.)])\s+/;

// A piece the sentence splitter cut off in the middle of a sentence: "5 p.m. | Eastern; Saturdays…"
// (a full stop of an abbreviation before a capital), or one that starts in lower case.
const TIME_ZONE = /^(Eastern|Central|Mountain|Pacific|Atlantic|Alaska|Hawaii|ET|CT|MT|PT|EST|CST|MST|PST|EDT|CDT|MDT|PDT|GMT|UTC)\b/;
const continues = (previous: string, piece: string) =>
  /^\p{Ll}/u.test(piece) || /^[\p{L}'’-]+;\s/u.test(piece) || (/\b[ap]\.\s?m\.$/i.test(previous) && TIME_ZONE.test(piece));

/** A line's sentences, with the pieces a splitter cut off mid-sentence joined back. */
function lineSentences(line: string): string[] {
  const out: string[] = [];
  for (const piece of splitSentences(line)) {
    if (out.length && continues(out[out.length - 1]!, piece)) out[out.length - 1] += ` ${piece}`;
    else out.push(piece);
  }
  return out;
}

/** A Markdown table line's cells ("| A | 90–100 |"), or null. */
const cellsOf = (line: string) => (/^\|.*\|$/.test(line) ? line.slice(1, -1).split('|').map((c) => c.trim()) : null);
const isRule = (cells: string[]) => cells.every((c) => /^:?-{2,}:?$/.test(c));

/** The passage's sentences, one list point or sentence each (list points marked), headings left out. */
function sentencesOf(text: string): { sentence: string; listItem: boolean }[] {
  const out: { sentence: string; listItem: boolean }[] = [];
  const lines = text.split(/\n+/).map((l) => l.trim());
  let labels: string[] | null = null;
  lines.forEach((line, i) => {
    // A document's Markdown table: each row a point with its cells labelled by the header, as a web page's table is read.
    const cells = cellsOf(line);
    if (cells) {
      const next = cellsOf(lines[i + 1] ?? '');
      if (isRule(cells)) return;
      if (next && isRule(next)) return void (labels = cells);
      const row = cells.map((c, j) => (c && labels?.[j] ? `${labels[j]}: ${c}` : c)).filter(Boolean).join('; ');
      if (row) out.push({ sentence: row, listItem: true });
      return;
    }
    labels = null;
    const listItem = LIST_ITEM.test(line);
    if (!line || (!listItem && isHeading(line))) return;
    for (const s of lineSentences(line.replace(LIST_ITEM, ''))) if (s.length >= 3) out.push({ sentence: s, listItem });
  });
  return out;
}

/** A sentence, its stems, the vocabulary groups it names, and the kinds of answer it holds (a bit per KINDS entry). */
export type Sentence = { sentence: string; listItem: boolean; stems: Set<string>; groups: Set<number>; kinds: number };

// A passage's sentences, their stems and vocabulary groups depend on its text alone; popular
// passages come back turn after turn, so the analysis is kept for the most recently used ones.
const analysed = new WeakMap<Vocabulary, Map<string, Sentence[]>>();
export function analyse(content: string, vocabulary: Vocabulary): Sentence[] {
  let memo = analysed.get(vocabulary);
  if (!memo) analysed.set(vocabulary, (memo = new Map()));
  let hit = memo.get(content);
  if (hit) {
    memo.delete(content);
  } else {
    hit = sentencesOf(content).map(({ sentence, listItem }) => {
      const stems = new Set(words(sentence).map(stem));
      const kinds = KINDS.reduce((bits, k, i) => (k.found.test(sentence) ? bits | (1 << i) : bits), 0);
      // An amount's or a time's figures are no count: "$1 per minute" does not say "1st grade".
      const counted = sentence.replace(FIGURES, ' ');
      const groups = vocabulary.groupsIn(counted, counted === sentence ? stems : words(counted).map(stem));
      return { sentence, listItem, stems, groups, kinds };
    });
    if (memo.size >= 2_000) memo.delete(memo.keys().next().value!);
  }
  memo.set(content, hit);
  return hit;
}

/** Amounts, times, decimals and thousands ("$1,650", "4:30 pm", "3.5", "1,200", "90%"). */
const FIGURES = /[$€£]\s?\d[\d,.]*|\d[\d,]*[.,:]\d+|\d+\s?(am|pm|a\.m\.|p\.m\.|%)/gi;

const MONEY = /[$€£]\s?\d|\d\s?(dollars|usd|per credit|per year)/i;
const DATE = /\b(19|20)\d{2}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;
const PHONE = /\(?\+?\d[\d\s().-]{7,}\d/;
export const WANTS_TO_ACT = /^(how (do|can|should) (i|we)|where (do|can) (i|we)|can (i|we)|could (i|we)|i('d| would)? (like|want) to|i want to)\b/i;

/**
 * What kind of answer the question wants (an amount for "how much", a date for "when", a name for
 * "who"…): the question's cue words are then answered by a sentence holding that kind of thing.
 */
export const KINDS: { name: string; cue: RegExp; covers: RegExp; found: RegExp }[] = [
  { name: 'duration', cue: /\bhow (long|far)\b/i, covers: /^(long|take|takes|last|lasts|far)$/, found: /\b(\d+|one|two|three|four|five|six|ten|twenty|thirty|forty|fifty|sixty|ninety)[\s-](minutes?|mins?|hours?|days?|weeks?|months?|years?|semesters?|miles?|kilometres?|kilometers?|km)\b/i },
  { name: 'time', cue: /\bwhat time\b|\bhours\b|\bopening\b|\bopen\b|\bclose[sd]?\b/i, covers: /^(time|hours|open|opens|close|closes)$/, found: /\b\d{1,2}(:\d\d)?\s?(am|pm|a\.m\.|p\.m\.)|\bnoon\b|\bmidnight\b/i },
  { name: 'amount', cue: /\bhow much\b|\bcost|\bprice|\bfees?\b|\btuition\b|\bafford|\bworth\b|\bpay\b/i, covers: /^(worth|cost|costs|price)$/, found: MONEY },
  { name: 'date', cue: /\bwhen\b|\bdeadlines?\b|\bdue\b|\bdates?\b/i, covers: /^(due|deadline|deadlines|date|dates)$/, found: DATE },
  { name: 'percent', cue: /\brates?\b|\bpercent(age)?\b/i, covers: /^(rate|rates|percent|percentage)$/, found: /\d\s?%|\bpercent\b/i },
  { name: 'phone', cue: /\bphone\b|\bcall\b|\btelephone\b/i, covers: /^(phone|number|call|telephone)$/, found: PHONE },
  { name: 'email', cue: /\be-?mail\b/i, covers: /^(e|email|mail)$/, found: /[\w.+-]+@[\w-]+\.[\w.]+/ },
  { name: 'address', cue: /\baddress\b/i, covers: /^(address)$/, found: /\b\d+ \p{Lu}\p{L}+ (Row|Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Way|Place|Square)\b/u },
  { name: 'place', cue: /\bwhere\b|\blocated\b/i, covers: /^(located|location|held|building|buildings|office)$/, found: /\b\d+ \p{Lu}\p{L}+ (Row|Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Way|Place|Square)\b|\b(Lot|Hall|Building|Center|Centre|Library|Street|Avenue|House|Commons|Tower|Towers|Annex|Pavilion|Fieldhouse|Gym|Gymnasium|Campus) ?\p{Lu}?|\b(Room|Suite|Floor) \d+/u },
  { name: 'name', cue: /^\s*who\b|\bwho (is|are|runs|leads|heads|should)\b|\bname of\b/i, covers: /^(name)$/, found: /\b\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+/u },
  { name: 'number', cue: /\bhow many\b/i, covers: /^(number)$/, found: /\b\d[\d,]*\b|\b(two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|dozen|hundred)\b/i },
];

/** The kinds of answer a question wants (a bit per KINDS entry): an amount for "how much", a date for "when"… */
export function questionKinds(question: string): number {
  return KINDS.reduce((bits, k, i) => (k.cue.test(question) ? bits | (1 << i) : bits), 0);
}
