import { createRequire } from 'node:module';

// The parts of speech of a visitor's question, from wink-nlp's small English model: "budget" in
// "how much should I budget for books?" is a verb, "struggling" in "if I'm struggling in math" is a
// verb; a noun the school never writes about ("sororities", "stadium") is a topic it has not
// covered, a verb it never uses is only the visitor's way of asking. Loaded on the first question
// (about 60 MB); a question takes well under a millisecond.

type Nlp = { readDoc: (text: string) => { tokens: () => { out: (what?: unknown) => string[] } } ; its: { pos: unknown; normal: unknown } };
let nlp: Nlp | null = null;

function load(): Nlp {
  if (!nlp) {
    const require = createRequire(import.meta.url);
    const winkNLP = require('wink-nlp') as (model: unknown) => Nlp;
    nlp = winkNLP(require('wink-eng-lite-web-model'));
  }
  return nlp;
}

// Visitors ask the same questions again and again: the latest taggings are kept.
const memo = new Map<string, Map<string, string>>();

/** Each word of the text (lower case, apostrophes dropped) with its part of speech (NOUN, PROPN, VERB, ADJ…). */
export function partsOfSpeech(text: string): Map<string, string> {
  const known = memo.get(text);
  if (known) return known;
  const out = tag(text);
  if (memo.size >= 2_000) memo.delete(memo.keys().next().value!);
  memo.set(text, out);
  return out;
}

function tag(text: string): Map<string, string> {
  const n = load();
  const doc = n.readDoc(text);
  const tokens = doc.tokens();
  const written = tokens.out();
  const normal = tokens.out(n.its.normal);
  const pos = tokens.out(n.its.pos);
  const out = new Map<string, string>();
  normal.forEach((w, i) => {
    const word = w.replace(/[’']/g, '');
    // A capitalised word inside the sentence is a name ("the Heron Express"), whatever the tagger says.
    const tag = i > 0 && /^\p{Lu}/u.test(written[i]!) && !/^[.?!]$/.test(written[i - 1]!) ? 'PROPN' : pos[i]!;
    // A word used as a noun anywhere in the question counts as one.
    if (!out.has(word) || tag === 'NOUN' || tag === 'PROPN') out.set(word, tag);
  });
  return out;
}

/**
 * Whether the word is only the visitor's way of asking (a verb or an adverb: "budget", "struggling",
 * "usually"), not a topic. Adjectives count as topics: the tagger calls a noun that qualifies
 * another noun ("piano teacher") an adjective.
 */
export const isWayOfAsking = (pos: string | undefined) => pos === 'VERB' || pos === 'ADV' || pos === 'AUX';
