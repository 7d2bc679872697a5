import { describe, expect, it } from 'vitest';
import { CorrectionMatcher } from '@/lib/retrieval/correction-match';
import { BUILT_IN_VOCABULARY } from '@/lib/retrieval/vocabulary';

// Which visitor questions a staff correction answers: the same question and paraphrases of it, not
// questions that merely share a word with it.
const corpus = { size: 40, documentFrequency: new Map([['applic', 6], ['deadlin', 2], ['fee', 3], ['tuition', 4], ['park', 1]]) };
const matcher = new CorrectionMatcher(
  [
    { id: 1, question: 'What is the application deadline?', answer: 'January 15.' },
    { id: 2, question: 'Where do visitors park?', answer: 'Lot C.' },
    { id: 3, question: 'How much is tuition?', answer: '$31,000.' },
  ],
  BUILT_IN_VOCABULARY,
);
const match = (q: string) => matcher.match(q, corpus)?.id ?? null;

describe('CorrectionMatcher', () => {
  it('matches the same question, whatever its punctuation and case, and close paraphrases', () => {
    expect(match('What is the application deadline?')).toBe(1);
    expect(match('what is the APPLICATION deadline')).toBe(1);
    expect(match('When do applications close?')).toBe(1);
    expect(match('By when do I have to apply?')).toBe(1);
    expect(match('Where can visitors park their cars?')).toBe(2);
    expect(match('What does tuition cost?')).toBe(3);
  });

  it('does not match a question on another topic or one that adds a telling word', () => {
    expect(match('What is the application fee?')).toBeNull();
    expect(match('What is the application deadline for transfer students?')).toBeNull();
    expect(match('Where is the library?')).toBeNull();
    expect(match('Hello')).toBeNull();
    expect(match('?')).toBeNull();
  });

  it('does not answer "when" with an answer to "where"', () => {
    expect(match('When do visitors park?')).toBeNull();
  });

  it('has nothing to match without corrections', () => {
    expect(new CorrectionMatcher([], BUILT_IN_VOCABULARY).match('What is the application deadline?', corpus)).toBeNull();
  });
});
