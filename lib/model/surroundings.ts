import { analyse } from '@/lib/retrieval/sentences';
import { asks, overlaps, type Candidate, type Passage } from './candidates';
import type { Scoring } from './scoring';

// What the chosen sentences need around them to read as an answer.

/**
 * The chosen sentences with what they need around them: a section's short opening sentence that
 * frames them (unless `leads` is false: no room for it), the list a sentence introduces; in the
 * passages' own order.
 */
export function withSurroundings(scoring: Scoring, chosen: Candidate[], leads = true): Candidate[] {
  const parts = [...chosen];
  for (const c of [...parts]) {
    const all = analyse(c.passage.content, scoring.vocabulary);
    // A section's short opening sentence ("Larchmont is test-optional.") frames the sentence after it.
    const lead = all[0]!;
    const leadCandidate = { ...c, first: 0, sentences: [lead], text: lead.sentence };
    if (leads && c.first > 0 && !lead.listItem && !asks(lead) && lead.sentence.split(/\s+/).length <= 8 && !parts.some((p) => overlaps(p, leadCandidate)) && scoring.asked.terms.some((t) => scoring.factor(leadCandidate, t) >= 0.7)) parts.push(leadCandidate);
    const last = c.first + c.sentences.length - 1;
    // An FAQ's bare "Yes." or "No." brings the sentence that says how.
    const next = all[last + 1];
    if (/^(yes|no)\b[^.!]{0,12}[.!]?$/i.test(all[last]!.sentence) && next && !asks(next)) {
      const more = { ...c, first: last + 1, sentences: [next], text: next.sentence };
      if (!parts.some((p) => overlaps(p, more))) parts.push(more);
    }
    // A sentence that introduces a list ("Move-in is by last name:") brings the list with it.
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
  return parts.sort((a, b) => passageRank.get(a.passage)! - passageRank.get(b.passage)! || a.first - b.first);
}
