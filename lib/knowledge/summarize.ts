// The embedded mode's insights: an extractive summary. It picks the sentences a prospective student
// would ask about and keeps them verbatim (numbers, money and dates untouched), grouped by topic.
// It never writes a sentence of its own about the school.

import { splitSentences } from '@/lib/text/sentences';

export type SourceDocument = { title: string; url?: string; headings: string[]; blocks: string[] };

const TOPICS: { name: string; pattern: RegExp }[] = [
  { name: 'Programs and academics', pattern: /\b(program|programme|major|minor|degree|bachelor|master|doctora|certificate|associate|course|curriculum|faculty|academic|study|studies|department|credit)/i },
  { name: 'Admissions and applying', pattern: /\b(admission|apply|applying|application|applicant|requirement|transcript|gpa|sat|act|essay|recommendation|enrol|enroll|transfer|international)/i },
  { name: 'Costs and financial aid', pattern: /(\$|€|£)\s?\d|\b(tuition|fee|fees|cost|costs|price|financial aid|scholarship|grant|loan|fafsa|aid|room and board|housing cost)/i },
  { name: 'Dates and deadlines', pattern: /\b(deadline|due|by (jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)|january|february|march|april|may|june|july|august|september|october|november|december|\d{4}-\d{2}-\d{2}|semester|term starts|orientation)\b/i },
  { name: 'Campus life', pattern: /\b(campus|housing|residence|dorm|club|athletic|sport|team|student life|dining|library|activities|organization|organisation)/i },
  { name: 'Contacts', pattern: /(@[\w-]+\.[\w.]+|\+?\d[\d\s().-]{7,}\d|\b(contact|call|phone|email|e-mail|office hours|visit us|located at)\b)/i },
];

const MIN_WORDS = 5;
const MAX_WORDS = 60;
const MAX_PER_TOPIC = 6;
const MAX_SENTENCES = 24;
/** A source this short is kept whole: choosing among a handful of sentences would only lose facts. */
const KEEP_WHOLE_WORDS = 150;

/** The block's sentences (lib/text/sentences.ts). */
export const sentencesOf = (block: string): string[] => splitSentences(block);

function score(sentence: string, index: number, total: number): number {
  let s = 0;
  if (/\d/.test(sentence)) s += 2;
  if (/(\$|€|£)\s?\d|\d+%/.test(sentence)) s += 2;
  for (const t of TOPICS) if (t.pattern.test(sentence)) s += 1.5;
  s += 1 - index / Math.max(total, 1); // earlier sentences carry the page's point
  const words = sentence.split(/\s+/).length;
  if (words < MIN_WORDS || words > MAX_WORDS) s -= 3;
  return s;
}

/** A structured, extractive summary of one or more pages (a link and its subpages). */
export function summarize(docs: SourceDocument[]): string {
  const candidates: { text: string; score: number; order: number }[] = [];
  const seen = new Set<string>();
  let order = 0;
  for (const doc of docs) {
    const sentences = doc.blocks.flatMap(sentencesOf);
    sentences.forEach((text, i) => {
      const key = text.toLowerCase();
      if (seen.has(key)) return;
      seen.add(key);
      candidates.push({ text, score: score(text, i, sentences.length), order: order++ });
    });
  }
  const totalWords = candidates.reduce((n, c) => n + c.text.split(/\s+/).length, 0);
  const keepWhole = totalWords <= KEEP_WHOLE_WORDS;
  const chosen = candidates
    .filter((c) => keepWhole || c.score > 1)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, MAX_SENTENCES)
    .sort((a, b) => a.order - b.order);

  const byTopic = new Map<string, string[]>();
  const other: string[] = [];
  for (const c of chosen) {
    const topic = TOPICS.find((t) => t.pattern.test(c.text));
    if (!topic) {
      other.push(c.text);
      continue;
    }
    const list = byTopic.get(topic.name) ?? [];
    if (keepWhole || list.length < MAX_PER_TOPIC) list.push(c.text);
    byTopic.set(topic.name, list);
  }

  const lines: string[] = [];
  const titles = docs.map((d) => d.title).filter(Boolean);
  if (titles[0]) lines.push(`# ${titles[0]}`);
  const headings = [...new Set(docs.flatMap((d) => d.headings))].slice(0, 15);
  if (headings.length) lines.push('', `Topics covered: ${headings.join('; ')}`);
  for (const t of TOPICS) {
    const list = byTopic.get(t.name);
    if (list?.length) lines.push('', `## ${t.name}`, ...list.map((s) => `- ${s}`));
  }
  if (other.length) lines.push('', '## Other key points', ...other.slice(0, keepWhole ? undefined : MAX_PER_TOPIC).map((s) => `- ${s}`));
  const sources = docs.map((d) => d.url).filter(Boolean);
  if (sources.length > 1) lines.push('', `Pages read: ${sources.length}`);
  return lines.join('\n').trim();
}
