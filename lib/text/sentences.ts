// Sentence splitting for every reader of text (passages, summaries, the built-in model, lead
// capture): Unicode's sentence boundaries (UAX #29) through Intl.Segmenter, so decimals, e-mail
// addresses, "Dr." before a name and quotes after a full stop are handled the same way everywhere.

const segmenters = new Map<string, Intl.Segmenter>();

/** The sentences of `text`, trimmed, empty ones left out. */
export function splitSentences(text: string, locale = 'en'): string[] {
  let segmenter = segmenters.get(locale);
  if (!segmenter) segmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' })));
  const out: string[] = [];
  for (const { segment } of segmenter.segment(text)) {
    const s = segment.trim();
    if (s) out.push(s);
  }
  return out;
}
