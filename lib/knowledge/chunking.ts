import { splitSentences } from '@/lib/text/sentences';

// Splits text into retrieval passages of a few hundred words, on paragraph and sentence boundaries.
export const TARGET_WORDS = 220;
export const MAX_WORDS = 320;

const words = (s: string) => (s.match(/\S+/g) ?? []).length;

function sentences(paragraph: string): string[] {
  const out = splitSentences(paragraph);
  return out.length ? out : [paragraph];
}

export function chunkText(text: string): string[] {
  // Line breaks inside a paragraph are kept: a list of insights stays one point per line, so the
  // local model can quote a single point.
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) =>
      p
        .split('\n')
        .map((line) => line.replace(/\s+/g, ' ').trim())
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean);
  const pieces: string[] = [];
  for (const p of paragraphs) {
    if (words(p) <= MAX_WORDS) pieces.push(p);
    else {
      // A long paragraph is cut at line ends (a list) or sentence ends; a longer unit at word counts.
      const lined = p.includes('\n');
      let current = '';
      for (const s of lined ? p.split('\n') : sentences(p)) {
        if (words(s) > MAX_WORDS) {
          const ws = s.split(/\s+/);
          for (let i = 0; i < ws.length; i += TARGET_WORDS) pieces.push(ws.slice(i, i + TARGET_WORDS).join(' '));
          continue;
        }
        if (current && words(current) + words(s) > TARGET_WORDS) {
          pieces.push(current);
          current = '';
        }
        current = current ? `${current}${lined ? '\n' : ' '}${s}` : s;
      }
      if (current) pieces.push(current);
    }
  }
  // Neighbouring short pieces are joined until a passage reaches the target size.
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current && words(current) + words(piece) > TARGET_WORDS) {
      chunks.push(current);
      current = '';
    }
    current = current ? `${current}\n\n${piece}` : piece;
  }
  if (current) chunks.push(current);
  return chunks;
}
