import { BUILT_IN_VOCABULARY, SPANISH_GLOSSARY, stem, Vocabulary, words } from './vocabulary';

// What a question is about, as retrieval and the built-in model read it: its topic words (stop
// words dropped, stemmed), a Spanish question's admissions words in English, and the weighted
// query retrieval runs (a follow-up borrows the previous turn's words at less weight).

/** The visitor's previous question and the assistant's answer to it. */
export type FollowUpContext = { question: string; answer: string };

// Words that carry no topic in a prospective student's question.
export const STOP = new Set(
  (
    'a an the and or but if of to in on at by for with from into about as is are was were be been being am do does did doing have has had hav ' +
    'i me my mine we our us you your yours he she it its they them their his him her hers this that these those there here what which who whom whose when where why how ' +
    'can could would should will shall may might must please tell know want wanted like need needs any some much many more also just really very ' +
    'get got give find offer offers offered provide provides available let lets thank thanks hi hello hey ok okay yes no not so than then too ' +
    'school college university campus one s t im ive id dont doesnt isnt arent cant whats wheres hows whos u ur r ya ' +
    'anything something everything thing things stuff kind sort info information question wondering wonder actually ' +
    // verbs of coming and going carry no topic: "where do we park when we come for it?"
    'come comes coming came go goes going went each every ' +
    // particles of phrasal verbs: "fill out", "hear back", "starting out" ("going up" is a rise)
    'out off back down over away around ' +
    // contractions, apostrophe dropped: "when's it open?", "he's", "they're"
    'whens hows whos whys thats theres heres hes shes youre theyre were weve youve theyve ill youll hell shell wed youd hed shed wont didnt wasnt werent havent hasnt wouldnt couldnt shouldnt lets'
  ).split(/\s+/),
);

/** MiniSearch's term processor: stop words dropped, the rest lower-cased and stemmed (as for the question). */
export function searchTerm(term: string): string | null {
  const w = term.toLowerCase().replace(/[’']/g, '');
  if (!w || STOP.has(w) || (w.length < 2 && !/\d/.test(w))) return null;
  return stem(w);
}

/** The question's topic words, stemmed, in order, without repeats. */
export function contentTerms(text: string): string[] {
  const out: string[] = [];
  for (const w of words(text)) {
    if (STOP.has(w) || (w.length < 2 && !/\d/.test(w))) continue;
    const s = stem(w);
    if (!out.includes(s)) out.push(s);
  }
  return out;
}

/**
 * A follow-up read with the topic it leans on: "when's it open?" after "is there a food pantry?" is
 * "when's it open? (food pantry)". The previous question's telling words (used in the school's
 * passages, not among the most common words of English, at most three) are added when this
 * question does not say them itself.
 */
export function resolveFollowUp(question: string, context: FollowUpContext | null, documentFrequency: ReadonlyMap<string, number>, isVeryCommon: (word: string) => boolean): string {
  if (!context) return question;
  const own = new Set(contentTerms(question));
  const topic: string[] = [];
  for (const w of words(context.question)) {
    if (STOP.has(w) || w.length < 2 || isVeryCommon(w)) continue;
    const s = stem(w);
    if (own.has(s) || !documentFrequency.has(s) || topic.some((t) => stem(t) === s)) continue;
    topic.push(w);
  }
  const telling = topic
    .map((w, i) => ({ w, i, df: documentFrequency.get(stem(w))! }))
    .sort((a, b) => a.df - b.df)
    .slice(0, 3)
    .sort((a, b) => a.i - b.i)
    .map((x) => x.w);
  return telling.length ? `${question.trim()} (${telling.join(' ')})` : question;
}

const SPANISH_FUNCTION_WORDS = new Set('el la los las de del para por es son está cuál cual qué que cómo como cuando donde cuánto cuanto cuánta hay mi mis su sus un una unos unas y o en con se puedo puede tienen tiene al lo le'.split(' '));

/** The question with its Spanish admissions words in English and its Spanish function words left out. */
export function inEnglish(text: string): string {
  let out = ` ${text.toLowerCase()} `;
  for (const [es, en] of Object.entries(SPANISH_GLOSSARY).sort((a, b) => b[0].length - a[0].length)) out = out.split(es).join(` ${en} `);
  return out
    .replace(/[¿?¡!]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !SPANISH_FUNCTION_WORDS.has(w))
    .join(' ');
}

/** What retrieval looks for: stemmed words and vocabulary groups, each with its weight. */
export type RetrievalQuery = { terms: Map<string, number>; groups: Map<number, number> };

/**
 * The retrieval query: the question's words at full weight, the vocabulary groups they name at
 * less, and for a follow-up the earlier turns' words at less again (the visitor's question more
 * than the assistant's answer).
 */
export function retrievalQuery(question: string, context: FollowUpContext | null, vocabulary: Vocabulary = BUILT_IN_VOCABULARY): RetrievalQuery {
  const terms = new Map<string, number>();
  const add = (term: string | null, weight: number) => {
    if (term && (terms.get(term) ?? 0) < weight) terms.set(term, weight);
  };
  const own = words(question);
  for (const w of own) add(searchTerm(w), 1);
  const groups = new Map([...vocabulary.groupsIn(question, own.map(stem))].map((g) => [g, 0.6] as const));
  if (context) {
    for (const w of words(context.question)) add(searchTerm(w), 0.5);
    for (const w of words(context.answer)) add(searchTerm(w), 0.3);
  }
  return { terms, groups };
}
