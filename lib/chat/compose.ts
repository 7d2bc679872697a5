import { isEverydayWord, isVeryCommonWord } from './english';
import type { OtherLanguage } from '@/lib/widget/language';
import { BUILT_IN_VOCABULARY, SPANISH_GLOSSARY, stem, Vocabulary, words } from './vocabulary';

// The built-in local model's answer: the sentences of the school's own passages that best answer
// the question, the matching action prompts as links, and, when the passages do not cover the
// question, an honest "I don't have that information" with the school's contact. It only ever
// repeats what staff wrote; it never makes a fact up. Pure: the engine hands it everything it reads.

export type Passage = { title: string; content: string; sourceType: string; sourceId: string };
export type ActionLink = { name: string; description: string; audience: string; type: 'link' | 'phone' | 'email' | 'form'; data: string };
export type ContactPoint = { name: string; phone?: string | null; email?: string | null; website?: string | null };

export type ComposeInput = {
  question: string;
  passages: Passage[];
  actions: ActionLink[];
  contact: ContactPoint | null;
  assistantName: string;
  schoolName: string;
  /** A lead-capture question to end the answer with. */
  followUp?: string | null;
  /** The message only answered the lead question just asked: thank the visitor instead of searching it. */
  acknowledge?: string | null;
  /** For a follow-up question: the previous turn it leans on ("when is the open house?" before "where do we park?"). */
  context?: FollowUpContext | null;
  /** The school's vocabulary (the built-in admissions words and the school's own); built-in when absent. */
  vocabulary?: Vocabulary;
  /** How many of the school's passages use each stem: how telling a question's word is. */
  corpus?: { size: number; documentFrequency: ReadonlyMap<string, number> } | null;
  /** The visitor wrote in another language: the answer says, in it, that the assistant answers in English. */
  language?: OtherLanguage | null;
  /** A staff correction whose question is this one or a close paraphrase: its answer is the answer. */
  verified?: VerifiedAnswer | null;
};

/** A staff correction: the answer the school wants given to a question (and its passage). */
export type VerifiedAnswer = { question: string; answer: string; passage: Passage };

/** The visitor's previous question and the assistant's answer to it. */
export type FollowUpContext = { question: string; answer: string };

export type Composed = { text: string; known: boolean; used: Passage[] };

export const NO_INFORMATION = "I don't have that information";

// Words that carry no topic in a prospective student's question.
const STOP = new Set(
  (
    'a an the and or but if of to in on at by for with from into about as is are was were be been being am do does did doing have has had hav ' +
    'i me my mine we our us you your yours he she it its they them their this that these those there here what which who whom whose when where why how ' +
    'can could would should will shall may might must please tell know want wanted like need needs any some much many more also just really very ' +
    'get got give find offer offers offered provide provides available let lets thank thanks hi hello hey ok okay yes no not so than then too ' +
    'school college university campus one s t im ive id dont doesnt isnt arent cant whats wheres hows whos u ur r ya ' +
    'anything something everything thing things stuff kind sort info information question wondering wonder actually ' +
    // verbs of coming and going carry no topic: "where do we park when we come for it?"
    'come comes coming came go goes going went each every'
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

/** A question in Spanish ("¿Cuál es la fecha límite…?"): its admissions words in English, so the passages can be found. */
export function detectSpanish(text: string): boolean {
  if (/[¿¡ñ]/i.test(text)) return true;
  const ws = words(text);
  const spanish = ws.filter((w) => /^(el|la|los|las|de|del|para|por|es|cuál|cual|qué|que|cómo|cuándo|cuando|dónde|donde|cuánto|cuanto|hay|tienen|puedo|una|un|con|mi|su|sus)$/.test(w)).length;
  return ws.length >= 3 && spanish / ws.length >= 0.3;
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

const segmenter = new Intl.Segmenter('en', { granularity: 'sentence' });

/** A line that labels what follows ("## Costs and financial aid", "Admissions and applying") rather than saying something. */
const isHeading = (line: string) => /^#{1,6}\s/.test(line) || /^topics covered:/i.test(line) || (!/[.!?:;]$/.test(line) && line.split(/\s+/).length <= 5 && !/\d/.test(line));

const LIST_ITEM = /^([-*•]|\d+[.)])\s+/;

/** The passage's sentences, one list point or sentence each (list points marked), headings left out. */
function sentencesOf(text: string): { sentence: string; listItem: boolean }[] {
  const out: { sentence: string; listItem: boolean }[] = [];
  for (const raw of text.split(/\n+/)) {
    const line = raw.trim();
    const listItem = LIST_ITEM.test(line);
    if (!line || (!listItem && isHeading(line))) continue;
    for (const { segment } of segmenter.segment(line.replace(LIST_ITEM, ''))) {
      const s = segment.trim();
      if (s.length >= 3) out.push({ sentence: s, listItem });
    }
  }
  return out;
}

/** A sentence, its stems, the vocabulary groups it names, and the kinds of answer it holds (a bit per KINDS entry). */
type Sentence = { sentence: string; listItem: boolean; stems: Set<string>; groups: Set<number>; kinds: number };

// A passage's sentences, their stems and vocabulary groups depend on its text alone; popular
// passages come back turn after turn, so the analysis is kept for the most recently used ones.
const analysed = new WeakMap<Vocabulary, Map<string, Sentence[]>>();
function analyse(content: string, vocabulary: Vocabulary): Sentence[] {
  let memo = analysed.get(vocabulary);
  if (!memo) analysed.set(vocabulary, (memo = new Map()));
  let hit = memo.get(content);
  if (hit) {
    memo.delete(content);
  } else {
    hit = sentencesOf(content).map(({ sentence, listItem }) => {
      const stems = new Set(words(sentence).map(stem));
      const kinds = KINDS.reduce((bits, k, i) => (k.found.test(sentence) ? bits | (1 << i) : bits), 0);
      return { sentence, listItem, stems, groups: vocabulary.groupsIn(sentence, stems), kinds };
    });
    if (memo.size >= 2_000) memo.delete(memo.keys().next().value!);
  }
  memo.set(content, hit);
  return hit;
}

const MONEY = /[$€£]\s?\d|\d\s?(dollars|usd|per credit|per year)/i;
const DATE = /\b(19|20)\d{2}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b|\b\d{1,2} (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;
const PHONE = /\(?\+?\d[\d\s().-]{7,}\d/;
const WANTS_TO_ACT = /^(how (do|can|should) (i|we)|where (do|can) (i|we)|can (i|we)|could (i|we)|i('d| would)? (like|want) to|i want to)\b/i;

/**
 * What kind of answer the question wants (an amount for "how much", a date for "when", a name for
 * "who"…): the question's cue words are then answered by a sentence holding that kind of thing.
 */
const KINDS: { name: string; cue: RegExp; covers: RegExp; found: RegExp }[] = [
  { name: 'duration', cue: /\bhow (long|far)\b/i, covers: /^(long|take|takes|last|lasts|far)$/, found: /\b(\d+|one|two|three|four|five|six|ten|twenty|thirty|forty|fifty|sixty|ninety)[\s-](minutes?|mins?|hours?|days?|weeks?|months?|years?|semesters?|miles?|kilometres?|kilometers?|km)\b/i },
  { name: 'time', cue: /\bwhat time\b|\bhours\b|\bopening\b/i, covers: /^(time|hours)$/, found: /\b\d{1,2}(:\d\d)?\s?(am|pm|a\.m\.|p\.m\.)|\bnoon\b|\bmidnight\b/i },
  { name: 'amount', cue: /\bhow much\b|\bcost|\bprice|\bfees?\b|\btuition\b|\bafford|\bworth\b|\bpay\b/i, covers: /^(worth|cost|costs|price)$/, found: MONEY },
  { name: 'date', cue: /\bwhen\b|\bdeadlines?\b|\bdue\b|\bdates?\b/i, covers: /^(due|deadline|deadlines|date|dates)$/, found: DATE },
  { name: 'percent', cue: /\brates?\b|\bpercent(age)?\b/i, covers: /^(rate|rates|percent|percentage)$/, found: /\d\s?%|\bpercent\b/i },
  { name: 'phone', cue: /\bphone\b|\bcall\b|\btelephone\b/i, covers: /^(phone|number|call|telephone)$/, found: PHONE },
  { name: 'email', cue: /\be-?mail\b/i, covers: /^(e|email|mail)$/, found: /[\w.+-]+@[\w-]+\.[\w.]+/ },
  { name: 'address', cue: /\baddress\b/i, covers: /^(address)$/, found: /\b\d+ \p{Lu}\p{L}+ (Row|Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Way|Place|Square)\b/u },
  { name: 'place', cue: /\bwhere\b|\blocated\b/i, covers: /^(located|location)$/, found: /\b\d+ \p{Lu}\p{L}+ (Row|Street|St|Avenue|Ave|Road|Rd|Boulevard|Blvd|Drive|Dr|Lane|Way|Place|Square)\b|\b(Lot|Hall|Building|Center|Centre|Library|Street|Avenue) ?\p{Lu}?/u },
  { name: 'name', cue: /^\s*who\b|\bwho (is|are|runs|leads|heads|should)\b|\bname of\b/i, covers: /^(name)$/, found: /\b\p{Lu}\p{Ll}+ \p{Lu}\p{Ll}+/u },
  { name: 'number', cue: /\bhow many\b/i, covers: /^(number)$/, found: /\b\d[\d,]*\b|\b(two|three|four|five|six|seven|eight|nine|ten|twelve|twenty|dozen|hundred)\b/i },
];

/** The kinds of answer a question wants (a bit per KINDS entry): an amount for "how much", a date for "when"… */
export function questionKinds(question: string): number {
  return KINDS.reduce((bits, k, i) => (k.cue.test(question) ? bits | (1 << i) : bits), 0);
}

const SMALL_TALK: { test: RegExp; reply: (i: ComposeInput) => string }[] = [
  { test: /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening))\b[\s!.,]*(there)?[\s!.]*$/i, reply: (i) => `Hello! I'm ${i.assistantName}, the admissions assistant for ${i.schoolName}. What would you like to know?` },
  { test: /^(thanks|thank you|thank u|thx|ty|great|perfect|awesome|cool|ok|okay)\b[\s\w!.,]{0,20}$/i, reply: () => "You're welcome! Is there anything else I can help you with?" },
  { test: /^(bye|goodbye|see you|see ya|that'?s all)\b/i, reply: (i) => `Thanks for chatting with ${i.schoolName}. Good luck, and come back any time!` },
  { test: /^(who|what) are you\b|^what can you (do|help)/i, reply: (i) => `I'm ${i.assistantName}, the admissions assistant for ${i.schoolName}. I can answer questions about programs, costs, deadlines, campus life and how to apply.` },
];

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** An action prompt as a Markdown link the widget renders (spec 001 §3.6 types). */
export function actionMarkdown(a: ActionLink): string {
  switch (a.type) {
    case 'phone':
      return `**${a.name}**: [${a.data}](${telHref(a.data)})`;
    case 'email':
      return `**${a.name}**: [${a.data}](mailto:${a.data})`;
    default:
      return `[${a.name}](${a.data})`;
  }
}

function contactLine(input: ComposeInput): string {
  const c = input.contact;
  if (c && (c.email || c.phone || c.website)) {
    const ways = [c.email && `[${c.email}](mailto:${c.email})`, c.phone && `[${c.phone}](${telHref(c.phone)})`, !c.email && !c.phone && c.website && `[${c.website}](${c.website})`].filter(Boolean);
    return `For help with this, please contact ${c.name} at ${ways.join(' or ')}.`;
  }
  const action = input.actions.find((a) => a.type === 'phone' || a.type === 'email') ?? input.actions[0];
  if (action) return `For help with this, please reach out: ${actionMarkdown(action)}.`;
  return `For help with this, please contact ${input.schoolName} directly.`;
}

function withFollowUp(text: string, followUp?: string | null) {
  return followUp ? `${text}\n\n${followUp}` : text;
}

// The visitor wrote in another language: the built-in model says so in it, then answers in English.
export const IN_ENGLISH: Record<OtherLanguage, string> = {
  es: 'Solo puedo responder en inglés. Esto es lo que encontré:',
  fr: "Je ne peux répondre qu'en anglais. Voici ce que j'ai trouvé :",
  pt: 'Só posso responder em inglês. Eis o que encontrei:',
  zh: '我只能用英语回答。以下是我找到的信息：',
  vi: 'Tôi chỉ có thể trả lời bằng tiếng Anh. Đây là những gì tôi tìm thấy:',
  ko: '영어로만 답변할 수 있습니다. 찾은 내용은 다음과 같습니다:',
  ar: 'يمكنني الإجابة باللغة الإنجليزية فقط. إليك ما وجدته:',
};
export const NOT_FOUND_IN_ENGLISH: Record<OtherLanguage, string> = {
  es: 'Solo puedo responder en inglés, y no tengo esa información.',
  fr: "Je ne peux répondre qu'en anglais, et je n'ai pas cette information.",
  pt: 'Só posso responder em inglês, e não tenho essa informação.',
  zh: '我只能用英语回答，而且我没有这方面的信息。',
  vi: 'Tôi chỉ có thể trả lời bằng tiếng Anh, và tôi không có thông tin đó.',
  ko: '영어로만 답변할 수 있으며, 해당 정보는 없습니다.',
  ar: 'يمكنني الإجابة باللغة الإنجليزية فقط، وليست لدي هذه المعلومات.',
};

type Kind = (typeof KINDS)[number];

/** What the question asks: its topic terms (stems; vocabulary phrases as `§group`), the kinds of answer it wants, and which of its words a kind answers. */
type Question = { terms: string[]; kinds: Kind[]; answeredByKind: Map<string, Kind>; spelled: Map<string, string> };

function analyseQuestion(question: string, vocabulary: Vocabulary): Question {
  const kinds = KINDS.filter((k) => k.cue.test(question));
  const phraseGroups = vocabulary.phraseGroupsIn(question);
  // A phrase's own words ("sticker", "price") are the phrase's topic, not topics of their own.
  const phraseWords = new Set(phraseGroups.length ? vocabulary.phraseWordsIn(question) : []);
  const terms: string[] = [];
  const answeredByKind = new Map<string, Kind>();
  const spelled = new Map<string, string>();
  for (const w of words(question)) {
    if (STOP.has(w) || (w.length < 2 && !/\d/.test(w)) || phraseWords.has(w)) continue;
    const s = stem(w);
    if (terms.includes(s)) continue;
    terms.push(s);
    spelled.set(s, w);
    const kind = kinds.find((k) => k.covers.test(w));
    if (kind) answeredByKind.set(s, kind);
  }
  for (const g of new Set(phraseGroups)) terms.push(`§${g}`);
  return { terms, kinds, answeredByKind, spelled };
}

/** The parts of a several-questions-in-one message ("What's the fee, and can it be waived?"). */
function questionParts(question: string): string[] {
  const parts = question
    .split(/\?\s+|[,;]\s*(?:and|or|but|also)\s+|\s+and\s+(?=(?:what|when|where|how|who|which|can|could|do|does|is|are|will)\b)/i)
    .map((p) => p.trim())
    .filter((p) => contentTerms(p).length > 0);
  return parts.length > 1 ? parts : [];
}

function titleOf(text: string, vocabulary: Vocabulary): Title {
  const cut = text.lastIndexOf(' — ');
  const [pageText, sectionText] = cut < 0 ? ['', text] : [text.slice(0, cut), text.slice(cut + 3)];
  const section = new Set(words(sectionText).map(stem));
  const page = new Set(words(pageText).map(stem));
  return { section, sectionGroups: vocabulary.groupsIn(sectionText, section), page, pageGroups: vocabulary.groupsIn(pageText, page) };
}

type Candidate = { passage: Passage; first: number; sentences: Sentence[]; title: Title; order: number; text: string };
/** A passage's title: its section heading (after " — ") and the page it is on. */
type Title = { section: Set<string>; sectionGroups: Set<number>; page: Set<string>; pageGroups: Set<number> };

export function composeAnswer(input: ComposeInput): Composed {
  if (input.acknowledge) return { text: withFollowUp(input.acknowledge, input.followUp), known: true, used: [] };
  // Staff wrote this answer for this question: it is given as written.
  if (input.verified) {
    const text = input.language ? `${IN_ENGLISH[input.language]}\n\n${input.verified.answer}` : input.verified.answer;
    return { text: withFollowUp(text, input.followUp), known: true, used: [input.verified.passage] };
  }
  const question = input.question.trim();
  const plain = contentTerms(question);
  const talk = plain.length <= 2 ? SMALL_TALK.find((t) => t.test.test(question)) : undefined;
  if (talk) return { text: withFollowUp(talk.reply(input), input.followUp), known: true, used: [] };
  if (!plain.length) {
    const more = `Could you tell me a little more about what you'd like to know about ${input.schoolName}?`;
    return { text: withFollowUp(input.language ? `${IN_ENGLISH[input.language]}\n\n${more}` : more, input.followUp), known: true, used: [] };
  }
  const vocabulary = input.vocabulary ?? BUILT_IN_VOCABULARY;
  const asked = analyseQuestion(question, vocabulary);
  const { terms } = asked;
  const own = new Set(plain);
  const contextText = input.context ? `${input.context.question} ${input.context.answer}` : '';
  const contextWords = new Map(words(contextText).map((w) => [stem(w), w] as const));
  const questionContext = new Set(input.context ? contentTerms(input.context.question) : []);
  const contextTerms = contentTerms(contextText).filter((t) => !own.has(t) && !isVeryCommonWord(contextWords.get(t) ?? ''));

  // Candidates: each sentence of the retrieved passages, and each sentence with the next one (an
  // answer often runs over two: "The shuttle runs from the airport… Seats cost $35 each way.").
  // Action prompts are offered as links instead.
  const candidates: Candidate[] = [];
  let order = 0;
  for (const passage of input.passages) {
    if (passage.sourceType === 'action_prompt') continue;
    const title = titleOf(passage.title, vocabulary);
    const sentences = analyse(passage.content, vocabulary);
    sentences.forEach((s, i) => {
      const base = { passage, first: i, title };
      candidates.push({ ...base, sentences: [s], order: order++, text: s.sentence });
      const next = sentences[i + 1];
      if (next && !s.listItem && !next.listItem) candidates.push({ ...base, sentences: [s, next], order: order++, text: `${s.sentence} ${next.sentence}` });
    });
  }

  const has = (c: Candidate, t: string) => c.sentences.some((s) => s.stems.has(t));
  const inGroups = (c: Candidate, gs: readonly number[]) => c.sentences.some((s) => gs.some((g) => s.groups.has(g)));
  const sectionFactor = (c: Candidate) => (c.first === 0 ? 0.65 : c.first === 1 ? 0.5 : 0.4);
  const holds = (c: Candidate, k: Kind) => c.sentences.some((s) => s.kinds & (1 << KINDS.indexOf(k)));
  /** How well the candidate answers term t: the word, a neighbouring word, the kind it asks for, its title. */
  const factor = (c: Candidate, t: string): number => {
    if (t.startsWith('§')) {
      const g = Number(t.slice(1));
      return inGroups(c, [g]) ? 1 : c.title.sectionGroups.has(g) ? sectionFactor(c) : c.title.pageGroups.has(g) ? 0.3 : 0;
    }
    if (has(c, t)) return 1;
    const kind = asked.answeredByKind.get(t);
    if (kind && holds(c, kind)) return 1;
    const gs = vocabulary.groupsOf(t);
    if (inGroups(c, gs)) return 0.7;
    // The section's heading says what its sentences are about, its first sentences most of all;
    // the page's title says less.
    if (c.title.section.has(t) || gs.some((g) => c.title.sectionGroups.has(g))) return sectionFactor(c);
    if (c.title.page.has(t) || gs.some((g) => c.title.pageGroups.has(g))) return 0.3;
    return 0;
  };
  /** How much of term t a factor answers: a neighbouring word or the section's heading answers it. */
  const answeredBy = (f: number) => (f >= 0.7 ? 1 : f >= 0.6 ? 0.75 : f >= 0.4 ? 0.5 : f > 0 ? 0.25 : 0);

  // Rarer words weigh more (how many of the school's passages use the word or its neighbours); a
  // topic word no passage contains is the most telling of all, unless it is everyday English.
  const singles = candidates.filter((c) => c.sentences.length === 1);
  const corpus = input.corpus ?? { size: singles.length, documentFrequency: null };
  const corpusFrequency = (t: string): number => {
    if (corpus.documentFrequency) {
      const stems = t.startsWith('§') ? vocabulary.stemsOf([Number(t.slice(1))]) : [t, ...vocabulary.stemsOf(vocabulary.groupsOf(t))];
      const df = Math.max(0, ...stems.map((s) => corpus.documentFrequency!.get(s) ?? 0));
      if (df) return df;
    }
    // Words only in retrieved titles or phrases still count as seen.
    return singles.filter((c) => factor(c, t) > 0).length;
  };
  const weightOf = (t: string) => {
    const df = corpusFrequency(t);
    if (df === 0) {
      const word = asked.spelled.get(t) ?? contextWords.get(t);
      if (asked.answeredByKind.has(t)) return 1;
      if (t.startsWith('§')) return 3;
      return t.length <= 3 || (word && !vocabulary.known.has(word) && isEverydayWord(word)) ? 1 : 3;
    }
    const w = 1 + Math.log(1 + corpus.size / (1 + df)) / 2;
    // "live", "room", "bring" in "can I bring my cat to live in my room?": the cat is the topic.
    const word = asked.spelled.get(t) ?? contextWords.get(t);
    return word && isVeryCommonWord(word) ? 0.6 * w : w;
  };
  const weight = new Map(terms.map((t) => [t, weightOf(t)]));
  // A follow-up leans on the earlier turns' telling words ("nursing", "Marcus Oyelaran"), not on their everyday ones.
  const contextWeight = new Map(contextTerms.map((t) => [t, (questionContext.has(t) ? 0.7 : 0.4) * weightOf(t)] as const).filter(([, w]) => w >= 0.6));
  const total = terms.reduce((sum, t) => sum + weight.get(t)!, 0);

  type Scored = { c: Candidate; factors: Map<string, number>; kinds: number; context: number; length: number };
  const scored: Scored[] = candidates.map((c) => {
    const factors = new Map<string, number>();
    for (const t of terms) {
      const f = factor(c, t);
      if (f) factors.set(t, f);
    }
    let context = 0;
    for (const [t, w] of contextWeight) if (factor(c, t) >= 0.5) context += w;
    // The kind of answer wanted (an amount for "how much") decides between sentences on one topic.
    const kinds = asked.kinds.filter((k) => holds(c, k)).length;
    return { c, factors, kinds, context, length: c.sentences.length };
  });

  const overlaps = (a: Candidate, b: Candidate) => a.passage === b.passage && a.first <= b.first + b.sentences.length - 1 && b.first <= a.first + a.sentences.length - 1;
  /** What a candidate adds to what is answered already: a neighbouring word answers as well as the word itself; exactness only breaks ties. */
  const gainOf = (s: Scored, covered: Map<string, number>, only?: Set<string>) => {
    let gain = 0;
    for (const [t, f] of s.factors) {
      if (only && !only.has(t)) continue;
      const before = covered.get(t) ?? 0;
      gain += weight.get(t)! * Math.max(0, answeredBy(f) + 0.1 * f - answeredBy(before) - 0.1 * before);
    }
    return gain;
  };
  /** The value of choosing it: what it adds, the wanted kinds it holds, and for a follow-up how well it fits the earlier turns. */
  const valueOf = (s: Scored, gain: number, kinds = s.kinds) => {
    // An answer to "how much" without an amount is hardly an answer: the wanted kind weighs a third of the question.
    const value = gain + (gain > 0 ? kinds * 0.35 * total : 0) + Math.min(s.context, gain);
    // Two sentences must earn their length: the second has to add something.
    return s.length === 2 ? value * 0.9 : value;
  };
  /** For one part of the question: what it answers of the part, the part's own wanted kinds, and (less) the rest of the question. */
  const partValueOf = (s: Scored, part: Set<string>, kinds: Kind[]) => valueOf(s, gainOf(s, new Map(), part), kinds.filter((k) => holds(s.c, k)).length) + 0.3 * gainOf(s, new Map());
  const pick = (covered: Map<string, number>, taken: Scored[], part?: { terms: Set<string>; kinds: Kind[] }) => {
    let best: { s: Scored; gain: number; value: number } | null = null;
    for (const s of scored) {
      if (taken.some((x) => overlaps(x.c, s.c))) continue;
      const gain = gainOf(s, covered, part?.terms);
      if (gain <= 0) continue;
      const value = part ? partValueOf(s, part.terms, part.kinds) : valueOf(s, gain);
      if (!best || value > best.value + 1e-9) best = { s, gain, value };
    }
    return best;
  };

  // Greedy: the candidate that answers most of what is still unanswered, up to three; a later one
  // must answer a part the earlier ones did not (multi-part questions), not repeat them.
  const covered = new Map<string, number>();
  const chosen: Scored[] = [];
  const take = (s: Scored) => {
    chosen.push(s);
    for (const [t, f] of s.factors) covered.set(t, Math.max(covered.get(t) ?? 0, f));
  };
  while (chosen.length < 3) {
    const best = pick(covered, chosen);
    if (!best || (chosen.length && best.gain < 0.2 * total)) break;
    take(best.s);
  }
  // Rows of one table that answer equally well go together ("Last name A to K…", "Last name L to Z…").
  for (const s of [...chosen]) {
    if (!s.c.sentences[0]!.listItem) continue;
    const alone = gainOf(s, new Map());
    for (const row of scored) {
      if (chosen.length >= 8) break;
      if (row.c.passage !== s.c.passage || !row.c.sentences[0]!.listItem || chosen.some((x) => overlaps(x.c, row.c))) continue;
      // Another row answers as well only if it matches each word at least as exactly.
      const asExactly = [...s.factors].every(([t, f]) => (row.factors.get(t) ?? 0) >= f);
      if (asExactly && gainOf(row, new Map()) >= 0.95 * alone && row.kinds >= s.kinds) chosen.push(row);
    }
  }
  // Each part of a several-questions message gets its own best answer ("…and can it be waived?").
  for (const part of questionParts(question)) {
    if (chosen.length >= 4) break;
    const analysed = analyseQuestion(part, vocabulary);
    const partTerms = new Set(analysed.terms.filter((t) => weight.has(t)));
    if (!partTerms.size) continue;
    const best = pick(new Map(), [], { terms: partTerms, kinds: analysed.kinds });
    if (!best || chosen.some((x) => x.c === best.s.c || overlaps(x.c, best.s.c))) continue;
    // Added when it answers this part better than what was chosen for the whole question.
    const have = Math.max(0, ...chosen.map((x) => partValueOf(x, partTerms, analysed.kinds)));
    if (best.value > have + 1e-9) take(best.s);
  }

  const coverageOf = (fs: Map<string, number>) => (total ? [...fs].reduce((sum, [t, f]) => sum + weight.get(t)! * answeredBy(f), 0) / total : 0);
  const coverage = coverageOf(covered);
  // The relevance threshold: the best candidate must answer most of the question by itself, so
  // sentences that each share one word with it ("acceptance" here, "rate" there) are not an answer.
  const bestCoverage = chosen.length ? coverageOf(chosen[0]!.factors) : 0;
  const known = chosen.length > 0 && coverage >= 0.5 && bestCoverage >= 0.6;
  if (process.env.COMPOSE_DEBUG) console.log('DEBUG', question, JSON.stringify([...weight]), 'ctx', JSON.stringify([...contextWeight]), 'cov', coverage.toFixed(2), bestCoverage.toFixed(2), '\n  ' + chosen.map((s) => `${JSON.stringify([...s.factors])} k${s.kinds} c${s.context.toFixed(1)} ${s.c.text.slice(0, 90)}`).join('\n  '));

  const actions = relevantActions(plain, input.actions, vocabulary);
  const used = known ? [...new Set(chosen.map((s) => s.c.passage))] : [];
  const language = input.language ?? null;

  // "How do I apply?", "Can I book a tour?": the school's own next step answers it best.
  const intent = WANTS_TO_ACT.test(question);
  // Action prompts are shown as the actions themselves (link, phone, e-mail); their descriptions
  // are staff's notes on when to offer them, not text for visitors.
  if (actions.length && (intent ? !known || bestCoverage < 0.75 : !known)) {
    const lines = actions.map((a) => `- ${actionMarkdown(a)}`).join('\n');
    if (intent) return { text: withFollowUp(`${language ? `${IN_ENGLISH[language]}\n\n` : ''}Here's how:\n\n${lines}`, input.followUp), known: true, used: [] };
    // No lead question after "I don't know": asking for a name then reads as a price for an answer.
    return { text: `${language ? `${NOT_FOUND_IN_ENGLISH[language]}\n\n` : ''}${NO_INFORMATION} right now, but these can help:\n\n${lines}`, known: false, used: [] };
  }
  if (!known) return { text: `${language ? `${NOT_FOUND_IN_ENGLISH[language]}\n\n` : ''}${NO_INFORMATION} right now. ${contactLine(input)}`, known: false, used: [] };

  const parts = chosen.map((s) => s.c);
  for (const c of [...parts]) {
    const all = analyse(c.passage.content, vocabulary);
    // A section's short opening sentence ("Larchmont is test-optional.") frames the sentence after it.
    const lead = all[0]!;
    const leadCandidate = { ...c, first: 0, sentences: [lead], text: lead.sentence };
    if (c.first > 0 && !lead.listItem && lead.sentence.split(/\s+/).length <= 8 && !parts.some((p) => overlaps(p, leadCandidate)) && terms.some((t) => factor(leadCandidate, t) >= 0.7)) parts.push(leadCandidate);
    // A sentence that introduces a list ("Move-in is by last name:") brings the list with it.
    const last = c.first + c.sentences.length - 1;
    if (/:$/.test(all[last]!.sentence)) {
      let end = last + 1;
      while (end < all.length && all[end]!.listItem && end - last <= 8) end++;
      if (end > last + 1) {
        const list = { ...c, first: last + 1, sentences: all.slice(last + 1, end), text: '' };
        if (!parts.some((p) => overlaps(p, list))) parts.push(list);
      }
    }
  }
  // Sentences of one passage in the passage's order; passages in the order they answer.
  const passageRank = new Map<Passage, number>();
  for (const p of parts) if (!passageRank.has(p.passage)) passageRank.set(p.passage, passageRank.size);
  parts.sort((a, b) => passageRank.get(a.passage)! - passageRank.get(b.passage)! || a.first - b.first);

  // List points stay a list; sentences read as a paragraph.
  const sentences = parts.flatMap((p) => p.sentences);
  const listed = sentences.some((s) => s.listItem) && sentences.length >= 2;
  let text = listed ? sentences.map((s) => (s.listItem ? `- ${s.sentence}` : s.sentence)).join('\n') : sentences.map((s) => s.sentence).join(' ');
  if (language) text = `${IN_ENGLISH[language]}\n\n${text}`;
  if (actions.length) text += `\n\n${actions.map((a) => `- ${actionMarkdown(a)}`).join('\n')}`;
  return { text: withFollowUp(text, input.followUp), known: true, used };
}

/**
 * At most two action prompts that fit the question: a topic word in the prompt's name counts most,
 * a neighbouring word (apply ~ application) less, its description and audience least.
 */
function relevantActions(terms: string[], actions: ActionLink[], vocabulary: Vocabulary): ActionLink[] {
  const scored = actions
    .map((a, i) => {
      const nameStems = new Set(words(a.name).map(stem));
      const restStems = new Set(words(`${a.description} ${a.audience}`).map(stem));
      const nameGroups = vocabulary.groupsIn(a.name, nameStems);
      const restGroups = vocabulary.groupsIn(`${a.description} ${a.audience}`, restStems);
      let score = 0;
      for (const t of terms) {
        const gs = vocabulary.groupsOf(t);
        if (nameStems.has(t)) score += 3;
        else if (gs.some((g) => nameGroups.has(g))) score += 1.5;
        if (restStems.has(t)) score += 1;
        else if (gs.some((g) => restGroups.has(g))) score += 0.5;
      }
      return { a, score, i };
    })
    .filter((s) => s.score >= 2)
    .sort((x, y) => y.score - x.score || x.i - y.i);
  return scored.slice(0, 2).map((s) => s.a);
}
