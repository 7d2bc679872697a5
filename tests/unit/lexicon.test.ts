import { describe, expect, it } from 'vitest';
import { isEnglishWord } from '@/lib/retrieval/lexicon';
import { resolveFollowUp } from '@/lib/retrieval/question-terms';
import { stem, Vocabulary } from '@/lib/retrieval/vocabulary';

describe('English words (WordNet)', () => {
  it('tells English words, inflected too, from misspellings', () => {
    for (const word of ['snow', 'budget', 'guys', 'Fargo', 'withdrawing', 'textbooks']) expect(isEnglishWord(word), word).toBe(true);
    for (const word of ['gradutaion', 'tranfer', 'scholarhsips', 'auditons', 'fridy']) expect(isEnglishWord(word), word).toBe(false);
  });
});

describe("a school's phrases", () => {
  it('are found wherever they stand in the text, each with its group', () => {
    const vocabulary = Vocabulary.withExtra([['shuttle', 'heron express', 'airport bus']]);
    const [group] = vocabulary.groupsOf(stem('shuttle')).slice(-1);
    expect(vocabulary.phraseGroupsIn('Does the Heron Express run on Sundays?')).toContain(group);
    expect(vocabulary.phraseWordsIn('is there an airport bus')).toEqual(['airport', 'bus']);
    expect(vocabulary.phraseGroupsIn('the heron flies express')).not.toContain(group);
  });
});

describe('a follow-up read with its topic', () => {
  const df = new Map([[stem('food'), 3], [stem('pantry'), 1], [stem('students'), 40]]);
  const common = (w: string) => ['students'].includes(w);
  it("adds the previous question's telling words the follow-up does not say", () => {
    expect(resolveFollowUp("when's it open?", { question: 'Is there a food pantry for students?', answer: 'Yes.' }, df, common)).toBe("when's it open? (food pantry)");
  });
  it('leaves a question that is not a follow-up, or already names its topic, as it is', () => {
    expect(resolveFollowUp('when is the pantry open?', null, df, common)).toBe('when is the pantry open?');
    expect(resolveFollowUp('when is the food pantry open?', { question: 'Is there a food pantry?', answer: '' }, df, common)).toBe('when is the food pantry open?');
  });
});

describe('parts of speech', () => {
  it('tags a verb the visitor uses as a way of asking, and a capitalised word inside the question as a name', async () => {
    const { partsOfSpeech, isWayOfAsking } = await import('@/lib/retrieval/parts-of-speech');
    expect(isWayOfAsking(partsOfSpeech('How much should I budget for books?').get('budget'))).toBe(true);
    expect(isWayOfAsking(partsOfSpeech('Is there a stadium?').get('stadium'))).toBe(false);
    expect(partsOfSpeech('how much is the Heron Express?').get('express')).toBe('PROPN');
  });
});
