import { describe, expect, it } from 'vitest';
import { isEnglishWord, synonymGroupsIn, synonymSets } from '@/lib/retrieval/lexicon';
import { resolveFollowUp } from '@/lib/retrieval/question-terms';
import { stem, Vocabulary } from '@/lib/retrieval/vocabulary';

describe('everyday synonyms from WordNet', () => {
  it("joins a word's common meanings with their synonyms, inflected or as a two-word name", () => {
    expect(synonymSets('dorms')).toContainEqual(expect.arrayContaining(['dormitory', 'dorm', 'residence hall']));
    expect(synonymSets('residence hall')).toContainEqual(expect.arrayContaining(['dorm']));
    expect(synonymSets('graduation')).toContainEqual(expect.arrayContaining(['commencement', 'graduation']));
  });

  it('keeps a synonym out when the meaning is a rare one of its own ("hall" is not a dorm)', () => {
    expect(synonymSets('hall').flat()).not.toContain('dormitory');
    expect(synonymSets('dormitory').flat()).not.toContain('hall');
  });

  it('tells English words from misspellings', () => {
    for (const word of ['snow', 'budget', 'guys', 'cancelled', 'withdrawing']) expect(isEnglishWord(word), word).toBe(true);
    for (const word of ['gradutaion', 'tranfer', 'scholarhsips', 'auditons']) expect(isEnglishWord(word), word).toBe(false);
  });

  it("makes a school's words found by their synonyms, without a synonym phrase taking its words' place", () => {
    const vocabulary = Vocabulary.withExtra([], synonymGroupsIn('Commencement is on May 14. Call the phone number below.', () => false));
    const [group] = vocabulary.groupsOf(stem('graduation'));
    expect(group).toBeDefined();
    expect(vocabulary.groupsIn('Commencement is on May 14.', [stem('commencement')]).has(group!)).toBe(true);
    // "phone number" is a synonym set's phrase: "phone" and "number" stay topic words of their own.
    expect(vocabulary.phraseWordsIn("What's the phone number?")).toEqual([]);
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
