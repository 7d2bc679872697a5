// Splits text into retrieval passages of a few hundred words, on paragraph and sentence boundaries.
export const TARGET_WORDS = 220;
export const MAX_WORDS = 320;

const words = (s: string) => (s.match(/\S+/g) ?? []).length;

function sentences(paragraph: string): string[] {
  return paragraph.match(/[^.!?]+(?:[.!?]+["')\]]*|$)\s*/g)?.map((s) => s.trim()).filter(Boolean) ?? [paragraph];
}

export function chunkText(text: string): string[] {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  const pieces: string[] = [];
  for (const p of paragraphs) {
    if (words(p) <= MAX_WORDS) pieces.push(p);
    else {
      // A long paragraph is cut at sentence ends; a sentence longer than the maximum at word counts.
      let current = '';
      for (const s of sentences(p)) {
        if (words(s) > MAX_WORDS) {
          const ws = s.split(/\s+/);
          for (let i = 0; i < ws.length; i += TARGET_WORDS) pieces.push(ws.slice(i, i + TARGET_WORDS).join(' '));
          continue;
        }
        if (current && words(current) + words(s) > TARGET_WORDS) {
          pieces.push(current);
          current = '';
        }
        current = current ? `${current} ${s}` : s;
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
