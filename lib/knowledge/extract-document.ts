import 'server-only';
import yauzl from 'yauzl';
import type { DocumentKind } from '@/db/schema';

export class DocumentRejected extends Error {}

const MAX_ZIP_ENTRIES = 2000;
const MAX_UNCOMPRESSED = 100 * 1024 * 1024;
const MAX_RATIO = 200;

const startsWith = (b: Uint8Array, ...bytes: number[]) => bytes.every((v, i) => b[i] === v);

/**
 * The document's kind from what its content shows, which must agree with its extension: the first
 * bytes, whether the whole is UTF-8 text, and (for a zip) the archive itself, read only when needed.
 */
export async function classifyDocument(probe: { head: Uint8Array; filename: string; isText: () => boolean; zipBytes: () => Promise<Uint8Array> }): Promise<DocumentKind> {
  const { head: bytes, filename } = probe;
  const ext = /\.([a-z0-9]+)$/i.exec(filename)?.[1]?.toLowerCase();
  const kinds: Record<string, DocumentKind> = { pdf: 'pdf', docx: 'docx', doc: 'doc', txt: 'txt', md: 'md', markdown: 'md' };
  const claimed = ext ? kinds[ext] : undefined;
  if (!claimed) throw new DocumentRejected('Accepted file types are .pdf, .doc, .docx, .txt and .md');
  let actual: DocumentKind | null = null;
  if (startsWith(bytes, 0x25, 0x50, 0x44, 0x46, 0x2d)) actual = 'pdf';
  else if (startsWith(bytes, 0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1)) actual = 'doc';
  else if (startsWith(bytes, 0x50, 0x4b, 0x03, 0x04)) actual = claimed === 'docx' && (await inspectZip(await probe.zipBytes())) ? 'docx' : null;
  else if (probe.isText()) actual = claimed === 'md' ? 'md' : 'txt';
  if (actual !== claimed && !(claimed === 'txt' && actual === 'md')) throw new DocumentRejected(`The file's content does not match its .${ext} extension`);
  return actual;
}

/** classifyDocument for bytes already in memory. */
export async function detectDocument(bytes: Uint8Array, filename: string): Promise<DocumentKind> {
  return classifyDocument({ head: bytes.subarray(0, 16), filename, isText: () => isText([bytes]), zipBytes: async () => bytes });
}

/** Valid UTF-8 without NUL bytes, checked chunk by chunk. */
export function isText(chunks: Uint8Array[]): boolean {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  try {
    for (const chunk of chunks) {
      if (chunk.includes(0)) return false;
      decoder.decode(chunk, { stream: true });
    }
    decoder.decode();
    return true;
  } catch {
    return false;
  }
}

/** Reads a zip's directory without unpacking: refuses too many entries, too much data, or bomb-like ratios. True when it is a Word document. */
function inspectZip(bytes: Uint8Array): Promise<boolean> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(Buffer.from(bytes), { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(new DocumentRejected('The .docx file is not a readable archive'));
      let entries = 0;
      let total = 0;
      let word = false;
      zip.on('entry', (e: yauzl.Entry) => {
        entries++;
        total += e.uncompressedSize;
        if (e.fileName === 'word/document.xml') word = true;
        const ratio = e.compressedSize > 0 ? e.uncompressedSize / e.compressedSize : 0;
        if (entries > MAX_ZIP_ENTRIES || total > MAX_UNCOMPRESSED || ratio > MAX_RATIO) {
          zip.close();
          return reject(new DocumentRejected('The .docx file unpacks to too much data to be a real document'));
        }
        zip.readEntry();
      });
      zip.on('end', () => resolve(word));
      zip.on('error', () => reject(new DocumentRejected('The .docx file is not a readable archive')));
      zip.readEntry();
    });
  });
}

/** `sections` keep headings with their text and list items as `- item` lines, for the index. */
export type DocumentText = { headings: string[]; blocks: string[]; sections?: { heading: string | null; lines: string[] }[] };

const inlineMarkdown = (s: string) =>
  s
    .replace(/!\[[^\]]*\]\([^)]*\)/g, '')
    .replace(/\[([^\]]+)\]\(([^)]+)\)/g, '$1 ($2)')
    .replace(/[*_`>]+/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const tableCells = (line: string) => line.trim().replace(/^\||\|$/g, '').split('|').map((c) => inlineMarkdown(c));
const UNDERLINE = /^\|?[\s:-]+(\|[\s:-]+)+\|?$/;
/** A table row as the site's tables are read: each cell after its column's label ("Task: Pay the deposit; Due: May 1"). */
const labelledRow = (cells: string[], labels: string[] | null) => cells.map((c, k) => (c && labels?.[k] ? `${labels[k]}: ${c}` : c)).filter(Boolean).join('; ');

/** Markdown read for the index: sections by heading, lists kept as lists, table rows labelled by their header. */
function markdownSections(text: string): { heading: string | null; lines: string[] }[] {
  const sections: { heading: string | null; lines: string[] }[] = [];
  let current: { heading: string | null; lines: string[] } = { heading: null, lines: [] };
  let paragraph: string[] = [];
  let labels: string[] | null = null;
  const flush = () => {
    const p = inlineMarkdown(paragraph.join(' '));
    if (p) current.lines.push(p);
    paragraph = [];
  };
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const item = /^(?:[-*+•]|\d+[.)])\s+(.*)$/.exec(line);
    if (line.startsWith('|')) {
      flush();
      if (UNDERLINE.test(line)) continue; // the header's underline
      const cells = tableCells(line);
      const next = lines[i + 1]?.trim() ?? '';
      if (!labels && UNDERLINE.test(next)) {
        labels = cells;
        continue;
      }
      current.lines.push(`- ${labelledRow(cells, labels)}`);
      continue;
    }
    labels = null;
    if (heading || !line) flush();
    if (heading) {
      if (current.lines.length) sections.push(current);
      current = { heading: inlineMarkdown(heading[1]!), lines: [] };
    } else if (item) {
      flush();
      const text = inlineMarkdown(item[1]!);
      if (text) current.lines.push(`- ${text}`);
    } else if (line) paragraph.push(line);
  }
  flush();
  if (current.lines.length) sections.push(current);
  return sections;
}

/**
 * A line of its own that is a heading ("Parking", "11. COMMUNITY EXPECTATIONS"): short, no sentence
 * end, and, when its paragraph goes on, broken on purpose (the next line's first word would have
 * fitted on it, so the break is no hard wrap: "The Office of" before "Admissions is open…" is one).
 */
function isHeadingLine(line: string, next?: string): boolean {
  if (line.length > 60 || line.split(/\s+/).length > 8 || /[.!?,;:]$/.test(line) || !/^[\p{Lu}\d]/u.test(line) || /^[-*•]\s/.test(line)) return false;
  return next === undefined || (/^\p{Lu}/u.test(next) && line.length + 1 + next.split(/\s+/)[0]!.length < next.length);
}

/**
 * Plain text (a .txt file, a Word or PDF document's text) read for the index: its paragraphs (a
 * hard-wrapped one joined into one line) under the headings it shows, so a heading is never run
 * into the sentence after it ("Parking Parents visiting campus park…") and titles its passages.
 */
function plainText(text: string): DocumentText {
  const sections: { heading: string | null; lines: string[] }[] = [];
  let current: { heading: string | null; lines: string[] } = { heading: null, lines: [] };
  const open = (heading: string) => {
    if (current.lines.length) sections.push(current);
    current = { heading, lines: [] };
  };
  for (const p of text.replace(/\r\n?/g, '\n').split(/\n\s*\n|\n(?=\s*[-*•]\s)/)) {
    const lines = p.split('\n').map((l) => l.replace(/\s+/g, ' ').trim()).filter(Boolean);
    if (!lines.length) continue;
    if (isHeadingLine(lines[0]!, lines[1])) open(lines.shift()!);
    if (lines.length) current.lines.push(lines.join(' '));
  }
  if (current.lines.length) sections.push(current);
  return { headings: sections.flatMap((s) => (s.heading ? [s.heading] : [])), blocks: sections.flatMap((s) => s.lines), sections };
}

function fromMarkdown(text: string): DocumentText {
  const headings: string[] = [];
  const blocks: string[] = [];
  for (const p of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    for (const line of p.split('\n')) {
      const h = /^#{1,6}\s+(.*)$/.exec(line.trim());
      if (h) headings.push(h[1]!.trim());
    }
    const body = inlineMarkdown(
      p
        .split('\n')
        .filter((l) => !/^#{1,6}\s/.test(l.trim()) && !l.trim().startsWith('|'))
        // Each list point's marker, before the lines are joined: "2027. - There is no fee" is no sentence.
        .map((l) => l.replace(/^\s*[-+]\s+/, ''))
        .join(' '),
    );
    if (body) blocks.push(body);
    // A table's rows (after the words that introduce it), each a block of its own under its column labels, never its pipes run together.
    const rows = p.split('\n').filter((l) => l.trim().startsWith('|'));
    rows.forEach((row, i) => {
      if (UNDERLINE.test(row.trim()) || UNDERLINE.test(rows[i + 1]?.trim() ?? '')) return;
      const header = rows.findIndex((r, k) => k < i && UNDERLINE.test(rows[k + 1]?.trim() ?? ''));
      const cells = labelledRow(tableCells(row), header >= 0 ? tableCells(rows[header]!) : null);
      if (cells) blocks.push(cells);
    });
  }
  return { headings, blocks };
}

/** The text of a document, read with a real parser for its kind. */
export async function extractDocumentText(bytes: Uint8Array, kind: DocumentKind): Promise<DocumentText> {
  if (kind === 'pdf') {
    const { extractText, getDocumentProxy } = await import('unpdf');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: false });
    return plainText((text as string[]).map((page) => page.replace(/([.!?])\s*\n/g, '$1\n\n')).join('\n\n'));
  }
  if (kind === 'docx') {
    const mammoth = await import('mammoth');
    const { value } = await mammoth.extractRawText({ buffer: Buffer.from(bytes) });
    return plainText(value);
  }
  if (kind === 'doc') {
    const { default: WordExtractor } = await import('word-extractor');
    const doc = await new WordExtractor().extract(Buffer.from(bytes));
    return plainText(doc.getBody());
  }
  const text = new TextDecoder('utf-8').decode(bytes);
  return kind === 'md' ? { ...fromMarkdown(text), sections: markdownSections(text) } : plainText(text);
}
