import { isEverydayWord, isVeryCommonWord } from '@/lib/retrieval/english';
import type { OtherLanguage } from '@/lib/widget/language';
import { contentTerms, STOP, type FollowUpContext } from '@/lib/retrieval/question-terms';
import { IN_ENGLISH, NOT_FOUND_IN_ENGLISH } from './other-languages';
import { analyse, KINDS, WANTS_TO_ACT, type Sentence } from '@/lib/retrieval/sentences';
import { BUILT_IN_VOCABULARY, stem, Vocabulary, words } from '@/lib/retrieval/vocabulary';

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


export type Composed = { text: string; known: boolean; used: Passage[] };

export const NO_INFORMATION = "I don't have that information";

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
