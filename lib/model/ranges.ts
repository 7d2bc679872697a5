import { words } from '@/lib/retrieval/vocabulary';

// Numbers a question gives and the ranges a sentence states: a table row whose band holds the
// visitor's number answers it ("a 240" by "236–249").

/** A number, an ordinal's too ("7th" is 7: "Grades 6–8" answers "7th grade"). */
const NUMBER = /\d+(?:\.\d+)?(?:st|nd|rd|th)?\b/g;

/** "1,390" read as 1390. */
const withoutThousandsCommas = (text: string) => text.replace(/(\d),(?=\d{3}\b)/g, '$1');

/**
 * The numbers a question gives ("a 3.6 GPA and a 27 ACT", "I got a 240"), by the terms they are
 * written with ("3.6" is the terms "3" and "6"): a table row whose range holds the number answers them.
 */
export function numbersOf(question: string): Map<string, number[]> {
  const out = new Map<string, number[]>();
  for (const m of withoutThousandsCommas(question).matchAll(NUMBER)) {
    const value = parseFloat(m[0]);
    for (const w of words(m[0])) out.set(w, [...(out.get(w) ?? []), value]);
  }
  return out;
}

// "3.50–3.74", "236 to 249", "26-29"; "62 or older", "3.5 or higher"; "below 21", "under 18".
const RANGE = /(\d+(?:\.\d+)?)\s*(?:–|—|-|to)\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:\+|or (?:higher|above|more|older|over))|(?:below|under|less than)\s*(\d+(?:\.\d+)?)/gi;

/** A number as a sentence states it, not a time's hour or minutes ("7:50 am" states no 7). */
const STATED = /(?<![\d.:])\d+(?:\.\d+)?(?:st|nd|rd|th)?\b(?![:.]\d)/g;

const valuesMemo = new WeakMap<{ text: string }, Set<number>>();
/** The numbers a candidate states ("3.90", "$1,650", "27"), each read whole. */
export function valuesOf(c: { text: string }): Set<number> {
  let values = valuesMemo.get(c);
  if (!values) {
    values = new Set([...withoutThousandsCommas(c.text).matchAll(STATED)].map((m) => parseFloat(m[0])));
    valuesMemo.set(c, values);
  }
  return values;
}

const rangesMemo = new WeakMap<{ text: string }, [number, number][]>();
/** The ranges of numbers a candidate states (a table row's bands). */
export function rangesOf(c: { text: string }): [number, number][] {
  let ranges = rangesMemo.get(c);
  if (!ranges) {
    ranges = [];
    for (const m of withoutThousandsCommas(c.text).matchAll(RANGE)) {
      if (m[1] && m[2]) ranges.push([Number(m[1]), Number(m[2])]);
      else if (m[3]) ranges.push([Number(m[3]), Infinity]);
      else if (m[4]) ranges.push([-Infinity, Number(m[4]) - 1e-9]);
    }
    rangesMemo.set(c, ranges);
  }
  return ranges;
}
