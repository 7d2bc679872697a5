// How an answer reads, judged apart from whether it is right: what a family would notice in an answer
// the built-in model wrote (issue 48 item 8). Each finding names one thing a person would not write:
//   fragment       a sentence that starts mid-sentence ("and point…", "Eastern; Saturdays…"), or a
//                  label whose list never comes ("Move-in is by last name:" and nothing after)
//   duplicate      the same sentence, passage or table row twice (in any of its forms)
//   crushed-table  several table cells or rows run into one line ("| A | 90 | | B | 80 |")
//   off-topic      a sentence that shares no word with the question or the answer's main sentence,
//                  or names the school's people when nobody asked for them
//   instruction    staff's instruction to the assistant passed on ("Always mention…", "point families to…")
//   too-long       more than three sentences (a list or a table counting as one) when the question
//                  does not ask for a list
// Independent of the model's code on purpose: its own word lists and stemming, so the judge is not
// the judged. Taken from it: the assistant's fixed notes in other languages (set aside), and who
// counts as one of the school's people (lib/model/readable.ts, one definition: a copy would judge
// by the same rule anyway), so an off-topic name the model does not recognise is not found here either.
import { IN_ENGLISH, NOT_FOUND_IN_ENGLISH } from '../../lib/model/other-languages';
import { ASKS_FOR_PEOPLE, namesPerson } from '../../lib/model/readable';

export const FINDING_KINDS = ['fragment', 'duplicate', 'crushed-table', 'off-topic', 'instruction', 'too-long'] as const;
export type FindingKind = (typeof FINDING_KINDS)[number];
export type Finding = { kind: FindingKind; text: string };

/** A piece of the answer a reader meets: a prose sentence, a list point, or a Markdown table. */
type Unit = { text: string; form: 'sentence' | 'item' | 'table'; /** A list point under a sentence ending with ":" (or a table). */ listed: boolean; line: number; /** Blocks are parted by a blank line. */ block: number };

// Links offered after an answer (action prompts, "Call us: [phone](tel:…)"), never sentences.
const ACTION_LINE = /^-\s+(\*\*[^*]+\*\*:\s*)?\[[^\]]+\]\([^)]+\)\.?$/;
// The assistant's own stock lines: an honest refusal, the contact it offers, its note on answering in English.
const STOCK = /^(i (don't|do not) have|for help with this|i can only answer|here's how|here is how|these can help)|right now, but these can help:$|\b(only answer|answer only) in english\b/i;

// Abbreviations a full stop does not end a sentence after.
const ABBREVIATION = /\b([ap]\.m|[ap]\.\s?m|e\.g|i\.e|etc|vs|dr|mr|mrs|ms|st|no|jr|sr|u\.s|approx|dept|ave|blvd|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec)\.$/i;

/** Sentences as a reader splits them: at . ! ? and a space, not after "p.m." or "Dr.". */
export function readerSentences(text: string): string[] {
  const out: string[] = [];
  let start = 0;
  for (const m of text.matchAll(/[.!?]["”’)]?\s+/gu)) {
    const end = m.index! + m[0].trimEnd().length;
    const piece = text.slice(start, end).trim();
    if (ABBREVIATION.test(piece)) continue;
    if (piece) out.push(piece);
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest) out.push(rest);
  return out;
}

const NOTES = [...Object.values(IN_ENGLISH), ...Object.values(NOT_FOUND_IN_ENGLISH)];

function unitsOf(answer: string): Unit[] {
  const lines = NOTES.reduce((text, note) => text.split(note).join(''), answer).split('\n').map((l) => l.trim());
  const units: Unit[] = [];
  let introduced = false;
  let block = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (!line) {
      introduced = false;
      block++;
      continue;
    }
    if (ACTION_LINE.test(line)) continue;
    // A Markdown table: consecutive lines of cells with a separator row under the header.
    if (line.startsWith('|') && /^\|?\s*:?-{3,}/.test(lines[i + 1] ?? '')) {
      let end = i + 2;
      while (end < lines.length && lines[end]!.startsWith('|')) end++;
      units.push({ text: lines.slice(i, end).join('\n'), form: 'table', listed: true, line: i, block });
      i = end - 1;
      continue;
    }
    const item = line.match(/^(?:[-*•]|\d+[.)])\s+(.*)$/);
    if (item) {
      units.push({ text: item[1]!, form: 'item', listed: introduced, line: i, block });
      continue;
    }
    for (const s of readerSentences(line)) units.push({ text: s, form: 'sentence', listed: false, line: i, block });
    introduced = /:$/.test(line);
  }
  return units;
}

// Words that carry no topic, for telling whether two sentences share one.
const STOP = new Set(
  'a an the and or but nor so of to in on at by for from with without into onto about as is are was were be been being am do does did done have has had having i me my we our us you your yours he him his she her it its they them their this that these those there here what which who whom whose when where why how can could will would shall should may might must not no yes if then than also too very just only any all each every some more most much many such own same other another per via up out over under again once off get got go goes going make made let lets want need like please tell know thanks thank hi hello ok okay also still ever even really well'.split(
    ' ',
  ),
);

// What something costs is one topic, whichever of its words a sentence uses.
const COST = /^(tuition|costs?|price[sd]?|pricing|fees?|pay|paying|payment|afford\w*|aid|expensive|cheap|charges?|financial|scholarships?|grants?|net)$/;

// So is where a student lives, and finishing (a reader hears "dorms" answered by "landlords who rent to
// students", "graduation" by "Commencement is Friday").
const HOUSING = /^(dorms?|dormitor(y|ies)|housing|residence|residential|landlords?|rent|rental|renting|apartments?|roommates?)$/;
const GRADUATING = /^(graduation|graduating|graduate|commencement|diplomas?)$/;

/** A word's crude stem: enough to hear "dorms" in "dorm" and "deadlines" in "deadline". */
const stemOf = (w: string) =>
  COST.test(w) ? '§cost' : HOUSING.test(w) ? '§housing' : GRADUATING.test(w) ? '§graduating' : w.replace(/'s$/, '').replace(/(ies)$/, 'y').replace(/(sses|ches|shes|xes)$/, (m) => m.slice(0, -2)).replace(/(?<=\w{3})(s|ing|ed|ly)$/, '').slice(0, 6);

/** A text's content words, stemmed; a hyphenated word is its parts ("a 21-credit minor" says "credit"). */
function contentStems(text: string): Set<string> {
  const words = text
    .toLowerCase()
    .replace(/\]\([^)]*\)/g, ']')
    .match(/[\p{L}\p{N}][\p{L}\p{N}'’]*/gu) ?? [];
  return new Set(words.filter((w) => !STOP.has(w) && (w.length >= 3 || /\d/.test(w))).map(stemOf));
}


// Staff's words to the assistant, not the school's to the visitor.
const INSTRUCTION = [
  /^(please\s+)?(always|never)\s+(mention|say|tell|note|include|quote|offer|point|refer|remind|explain|direct|send|encourage|stress|emphasi[sz]e|highlight|add|state|recommend)\b/i,
  /\b(point|refer|send|direct|remind|encourage|tell|steer|route)\s+(the\s+)?(families|visitors|parents|students|them|people|prospective \w+|callers|applicants|users)\s+(to|that|of|about|toward)\b/i,
  /^(refer|route|forward|direct|send)\s+(all\s+)?[\w\s-]{0,30}\b(questions|inquiries|enquiries|requests)\s+to\b/i,
  /^(mention|tell|note|say|stress|emphasi[sz]e|highlight)\s+(that|the|them)\b/i,
];

/** A sentence that opens by pointing back to the one before it. */
const POINTS_BACK = /^(it|its|this|that|these|those|they|their|both|each|either|neither|such|otherwise|(all |the )?others?|the rest)\b/i;

/** Asks for a list: every option, which ones, the kinds of something. */
const ASKS_FOR_LIST = /\b(list|all|every|each|options|which|kinds? of|types? of|what are (the|your)|what \w+s (are|do|does)|steps|requirements)\b/i;

/** How many questions the message asks ("What's the fee, and can it be waived?" asks two). */
function questionCount(question: string): number {
  const parts = question.split(/\?\s*|[,;]\s*(?:and|or)\s+|\s+and\s+(?=(?:what|when|where|how|who|which|can|could|do|does|is|are|will)\b)/i).filter((p) => contentStems(p).size > 0);
  return Math.max(1, parts.length);
}

const tokensOf = (text: string) => (text.toLowerCase().replace(/\]\([^)]*\)/g, ']').match(/[\p{L}\p{N}$%]+/gu) ?? []).join(' ');
const figuresOf = (text: string) => [...new Set(text.match(/\d[\d,.:]*\d|\d/g) ?? [])].sort().join(' ');

/** The answer's readability findings; `context` is the earlier turns a follow-up leans on. */
export function readabilityFindings(question: string, answer: string, context: string[] = []): Finding[] {
  const findings: Finding[] = [];
  const add = (kind: FindingKind, text: string) => findings.push({ kind, text: text.length > 140 ? `${text.slice(0, 137)}…` : text });
  const units = unitsOf(answer);
  const own = units.filter((u) => !STOCK.test(u.text) && !u.text.endsWith('?'));

  units.forEach((u, i) => {
    if (u.form === 'table' || STOCK.test(u.text)) return;
    const t = u.text;
    // Fragments: a sentence that starts in the middle of one, or a label without its sentence.
    if (u.form === 'sentence' && /^\p{Ll}/u.test(t) && !/^(e-?mail|iphone|ipad|www\.|https?:)/i.test(t)) add('fragment', t);
    else if (/^(and|or|but|nor|which|whereas|plus)\b/i.test(t) || /^[;,:)\]]/.test(t)) add('fragment', t);
    else if (/^[\p{L}'’-]+(\s[\p{L}'’-]+)?\s?;\s/u.test(t)) add('fragment', t);
    else if (u.form === 'sentence' && t.endsWith(':') && !(units[i + 1] && units[i + 1]!.line > u.line && units[i + 1]!.form !== 'sentence')) add('fragment', t);
    // Crushed tables: cells with pipes outside a Markdown table, a label twice in one line, runs of ";".
    const labels = [...t.matchAll(/(?:^|;\s*)([\p{L}][\p{L} '’()-]{0,30}):\s/gu)].map((m) => m[1]!.toLowerCase());
    if ((t.match(/\s\|\s/g) ?? []).length >= 2 || /\|\s*-{3,}/.test(t) || labels.some((l, j) => labels.indexOf(l) !== j) || (t.match(/;/g) ?? []).length >= 4) add('crushed-table', t);
    if (INSTRUCTION.some((r) => r.test(t))) add('instruction', t);
  });
  for (const u of units.filter((x) => x.form === 'table')) {
    const rows = u.text.split('\n').filter((r) => !/^\|?\s*:?-{3,}/.test(r));
    if (INSTRUCTION.some((r) => r.test(u.text))) add('instruction', rows[0]!);
  }

  // Duplicates: the same words twice (one inside another), or a row's figures and most of its words again.
  const seen: { tokens: string; figures: string; words: Set<string> }[] = [];
  const pieces = units.flatMap((u) => (u.form === 'table' ? u.text.split('\n').filter((r) => !/^\|?\s*:?-{3,}/.test(r)).slice(1) : [u.text]));
  for (const p of pieces) {
    const tokens = tokensOf(p);
    const figures = figuresOf(p);
    const words = contentStems(p);
    if (tokens.split(' ').length < 3) continue;
    const again = seen.find((s) => {
      if (s.tokens === tokens) return true;
      const [short, long] = s.tokens.length < tokens.length ? [s.tokens, tokens] : [tokens, s.tokens];
      if (short.split(' ').length >= 5 && long.includes(short)) return true;
      if (figures.split(' ').length >= 2 && s.figures === figures) {
        const shared = [...words].filter((w) => s.words.has(w)).length;
        return shared >= 0.5 * Math.min(words.size, s.words.size);
      }
      return false;
    });
    if (again) add('duplicate', p);
    seen.push({ tokens, figures, words });
  }

  // Off-topic: nothing in common with the question (and the turns it leans on) or the main sentence,
  // unless the sentence goes on from the one just before it (in the same block), which is on the topic
  // by itself: it points back to it ("It…", "All other halls…") or picks up one of its words ("…park
  // in Lot B." "Lot A is reserved…"). One step only: a chain of such sentences drifts off.
  const peopleAsked = ASKS_FOR_PEOPLE.test(question) || context.some((c) => ASKS_FOR_PEOPLE.test(c));
  const main = own.find((u) => u.form !== 'table');
  const topic = new Set([...contentStems(question), ...context.flatMap((c) => [...contentStems(c)]), ...(main ? contentStems(main.text) : [])]);
  const onTopic = new Set<Unit>();
  own.forEach((u, i) => {
    if (u.form === 'table') return;
    if (!peopleAsked && namesPerson(u.text)) return add('off-topic', u.text);
    const stems = contentStems(u.text);
    if (u === main || u.listed || [...stems].some((w) => topic.has(w))) return void onTopic.add(u);
    const before = own[i - 1];
    const goesOn = before && before.block === u.block && onTopic.has(before) && (POINTS_BACK.test(u.text) || [...contentStems(before.text)].some((w) => stems.has(w)));
    if (!goesOn) add('off-topic', u.text);
  });

  // Length: at most three sentences (three for each question a message asks) unless a list is asked for;
  // a list's points (or a table's rows) together are one.
  const budget = 3 * questionCount(question);
  const counted = own.filter((u, i) => u.form !== 'item' || own[i - 1]?.form !== 'item');
  if (!ASKS_FOR_LIST.test(question) && counted.length > budget) add('too-long', `${counted.length} sentences: ${counted[budget]!.text}`);
  return findings;
}

/** Findings counted by kind. */
export function countByKind(findings: Finding[]): Record<FindingKind, number> {
  const out = Object.fromEntries(FINDING_KINDS.map((k) => [k, 0])) as Record<FindingKind, number>;
  for (const f of findings) out[f.kind]++;
  return out;
}
