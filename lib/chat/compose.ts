import { stemmer } from 'stemmer';
import { ADMISSIONS_ABBREVIATIONS, ADMISSIONS_SYNONYMS } from './vocabulary';

// The built-in local model's answer: the sentences of the school's own passages that best match the
// question, the matching action prompts as links, and, when the passages do not cover the question,
// an honest "I don't have that information" with the school's contact. It only ever repeats what
// staff wrote; it never makes a fact up. Pure: the engine hands it everything it reads.

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
};

export type Composed = { text: string; known: boolean; used: Passage[] };

export const NO_INFORMATION = "I don't have that information";

// Words that carry no topic in a prospective student's question.
const STOP = new Set(
  (
    'a an the and or but if of to in on at by for with from into about as is are was were be been being am do does did doing have has had ' +
    'i me my mine we our us you your yours he she it its they them their this that these those there here what which who whom whose when where why how ' +
    'can could would should will shall may might must please tell know want wanted like need any some much many more most also just really very ' +
    'get got give find offer offers offered provide provides available let lets thank thanks hi hello hey ok okay yes no not so than then too ' +
    'school college university campus’s one s t im ive id dont doesnt isnt arent cant whats wheres hows ' +
    // verbs of coming and going carry no topic: "where do we park when we come for it?"
    'come comes coming came go goes going went'
  ).split(/\s+/),
);

// The admissions vocabulary (lib/chat/vocabulary.ts): a question's word also matches passages that use its neighbours.
const RELATED = ADMISSIONS_SYNONYMS;
// Stemming is the local model's hottest step and the same few thousand words recur: remember them
// (bounded, so a flood of made-up words cannot grow the map without end).
const stemMemo = new Map<string, string>();
const stem = (w: string) => {
  let s = stemMemo.get(w);
  if (s === undefined) {
    if (stemMemo.size >= 50_000) stemMemo.clear();
    s = stemmer(w);
    stemMemo.set(w, s);
  }
  return s;
};
const RELATED_STEMS = new Map<string, Set<string>>();
for (const group of RELATED) {
  const stems = new Set(group.map(stem));
  for (const s of stems) RELATED_STEMS.set(s, new Set([...(RELATED_STEMS.get(s) ?? []), ...stems]));
}

const words = (text: string) => text.toLowerCase().replace(/[’']/g, '').match(/[\p{L}\p{N}]+/gu) ?? [];

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

/** The question's words plus their admissions neighbours and abbreviations (either way), for the retrieval query. */
export function expandQuestion(question: string): string {
  const extra = new Set<string>();
  const ws = words(question);
  for (const w of ws) {
    for (const group of RELATED) if (group.includes(w)) for (const g of group) extra.add(g);
    const spelled = ADMISSIONS_ABBREVIATIONS[w];
    if (spelled) extra.add(spelled);
  }
  const text = ` ${ws.join(' ')} `;
  for (const [abbreviation, spelled] of Object.entries(ADMISSIONS_ABBREVIATIONS)) if (text.includes(` ${spelled} `)) extra.add(abbreviation);
  return extra.size ? `${question} ${[...extra].join(' ')}` : question;
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

type Candidate = { sentence: string; listItem: boolean; stems: Set<string>; titleStems: Set<string>; passage: Passage; order: number };

// A passage's sentences and their stems depend on its text alone; popular passages come back turn
// after turn, so the split is kept for the most recently used ones.
const analysed = new Map<string, { sentence: string; listItem: boolean; stems: Set<string> }[]>();
function analyse(content: string) {
  let hit = analysed.get(content);
  if (hit) {
    analysed.delete(content);
  } else {
    hit = sentencesOf(content).map(({ sentence, listItem }) => ({ sentence, listItem, stems: new Set(words(sentence).map(stem)) }));
    if (analysed.size >= 2_000) analysed.delete(analysed.keys().next().value!);
  }
  analysed.set(content, hit);
  return hit;
}

const MONEY = /[$€£]\s?\d|\d\s?(dollars|usd|per credit|per year)/i;
const DATE = /\b(19|20)\d{2}\b|\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b/i;
const ASKS_AMOUNT = /\bhow much\b|\bcost|\bprice|\bfee|\btuition|\bafford/i;
const ASKS_DATE = /\bwhen\b|\bdeadline|\bdue\b|\bdate/i;
const WANTS_TO_ACT = /^(how (do|can|should) (i|we)|where (do|can) (i|we)|can (i|we)|could (i|we)|i('d| would)? (like|want) to|i want to)\b/i;

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

export function composeAnswer(input: ComposeInput): Composed {
  if (input.acknowledge) return { text: withFollowUp(input.acknowledge, input.followUp), known: true, used: [] };
  const question = input.question.trim();
  const terms = contentTerms(question);
  const talk = terms.length <= 2 ? SMALL_TALK.find((t) => t.test.test(question)) : undefined;
  if (talk) return { text: withFollowUp(talk.reply(input), input.followUp), known: true, used: [] };
  if (!terms.length) {
    return { text: withFollowUp(`Could you tell me a little more about what you'd like to know about ${input.schoolName}?`, input.followUp), known: true, used: [] };
  }

  // Candidate sentences from the retrieved passages (action prompts are offered as links instead).
  const candidates: Candidate[] = [];
  let order = 0;
  for (const passage of input.passages) {
    if (passage.sourceType === 'action_prompt') continue;
    const titleStems = new Set(words(passage.title).map(stem));
    for (const { sentence, listItem, stems } of analyse(passage.content)) {
      candidates.push({ sentence, listItem, stems, titleStems, passage, order: order++ });
    }
  }

  // Rarer words weigh more; a word no passage contains is the most telling of all.
  const matches = (c: Candidate, t: string) => {
    if (c.stems.has(t)) return true;
    for (const r of RELATED_STEMS.get(t) ?? []) if (c.stems.has(r)) return true;
    return false;
  };
  const n = candidates.length;
  const weight = new Map<string, number>();
  for (const t of terms) {
    const df = candidates.filter((c) => matches(c, t) || c.titleStems.has(t)).length;
    weight.set(t, df === 0 ? 2.5 : 1 + Math.log(1 + n / (1 + df)) / 2);
  }
  const total = terms.reduce((s, t) => s + weight.get(t)!, 0);

  const wantsAmount = ASKS_AMOUNT.test(question);
  const wantsDate = ASKS_DATE.test(question);
  const scored = candidates
    .map((c) => {
      let score = 0;
      const covered: string[] = [];
      const titleOnly: string[] = [];
      for (const t of terms) {
        // Exact word, then an admissions neighbour, then the passage's title only.
        const factor = c.stems.has(t) ? 1 : matches(c, t) ? 0.7 : c.titleStems.has(t) ? 0.4 : 0;
        if (!factor) continue;
        score += weight.get(t)! * factor;
        covered.push(t);
        // A word only in the passage's title (the page and section the sentence sits under) says
        // what it is about, less than that it answers: it counts half towards coverage.
        if (factor === 0.4) titleOnly.push(t);
      }
      if (score > 0 && wantsAmount && MONEY.test(c.sentence)) score *= 1.3;
      if (score > 0 && wantsDate && DATE.test(c.sentence)) score *= 1.3;
      return { c, score, covered, titleOnly };
    })
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.c.order - b.c.order);

  const chosen: typeof scored = [];
  for (const s of scored) {
    if (chosen.length === 3) break;
    if (chosen.length && s.score < scored[0]!.score * 0.6) break;
    if (chosen.some((x) => x.c.sentence === s.c.sentence)) continue;
    chosen.push(s);
  }
  const coverageOf = (ts: Iterable<string>) => [...new Set(ts)].reduce((sum, t) => sum + weight.get(t)!, 0) / total;
  const coverage = coverageOf(chosen.flatMap((s) => s.covered));
  // The relevance threshold: the best sentence must answer most of the question by itself, so
  // sentences that each share one word with it ("acceptance" here, "rate" there) are not an answer.
  const bestCoverage = chosen.length ? Math.max(...chosen.map((s) => coverageOf(s.covered) - coverageOf(s.titleOnly) / 2)) : 0;

  const actions = relevantActions(terms, input.actions);
  const known = chosen.length > 0 && coverage >= 0.5 && bestCoverage >= 0.55;
  const used = known ? [...new Set(chosen.map((s) => s.c.passage))] : [];

  // "How do I apply?", "Can I book a tour?": the school's own next step answers it best.
  const intent = WANTS_TO_ACT.test(question);
  // Action prompts are shown as the actions themselves (link, phone, e-mail); their descriptions
  // are staff's notes on when to offer them, not text for visitors.
  if (actions.length && (intent || !known)) {
    const lines = actions.map((a) => `- ${actionMarkdown(a)}`).join('\n');
    if (intent) return { text: withFollowUp(`Here's how:\n\n${lines}`, input.followUp), known: true, used: [] };
    // No lead question after "I don't know": asking for a name then reads as a price for an answer.
    return { text: `${NO_INFORMATION} right now, but these can help:\n\n${lines}`, known: false, used: [] };
  }
  if (!known) return { text: `${NO_INFORMATION} right now. ${contactLine(input)}`, known: false, used: [] };

  // List points stay a list; sentences read as a paragraph.
  const listed = chosen.filter((s) => s.c.listItem).length >= 2;
  let text = listed ? [...chosen].sort((a, b) => a.c.order - b.c.order).map((s) => (s.c.listItem ? `- ${s.c.sentence}` : s.c.sentence)).join('\n') : chosen.map((s) => s.c.sentence).join(' ');
  if (actions.length) text += `\n\n${actions.map((a) => `- ${actionMarkdown(a)}`).join('\n')}`;
  return { text: withFollowUp(text, input.followUp), known: true, used };
}

/**
 * At most two action prompts that fit the question: a topic word in the prompt's name counts most,
 * a neighbouring word (apply ~ application) less, its description and audience least.
 */
function relevantActions(terms: string[], actions: ActionLink[]): ActionLink[] {
  const scored = actions
    .map((a, i) => {
      const nameStems = new Set(words(a.name).map(stem));
      const restStems = new Set(words(`${a.description} ${a.audience}`).map(stem));
      let score = 0;
      for (const t of terms) {
        const related = [...(RELATED_STEMS.get(t) ?? [])];
        if (nameStems.has(t)) score += 3;
        else if (related.some((r) => nameStems.has(r))) score += 1.5;
        if (restStems.has(t)) score += 1;
        else if (related.some((r) => restStems.has(r))) score += 0.5;
      }
      return { a, score, i };
    })
    .filter((s) => s.score >= 2)
    .sort((x, y) => y.score - x.score || x.i - y.i);
  return scored.slice(0, 2).map((s) => s.a);
}
