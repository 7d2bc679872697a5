import { describe, expect, it } from 'vitest';
import { abbreviationsIn } from '@/lib/retrieval/abbreviations';
import { BUILT_IN_VOCABULARY, stem, Vocabulary } from '@/lib/retrieval/vocabulary';

describe('abbreviations a school spells out', () => {
  it('reads "Words (ABBR)" and "ABBR (Words)", skipping small words, and only when the initials spell it', () => {
    const text =
      'Each floor has a Resident Advisor (RA). Apply through the Office of International Programs (OIP). ' +
      'The HLC (Higher Learning Commission) accredits us. Tours run daily (MWF). Our Test of English as a Foreign Language (TOEFL) minimum is 80.';
    expect(abbreviationsIn(text)).toEqual([
      ['ra', 'resident advisor'],
      ['oip', 'office of international programs'],
      ['toefl', 'test of english as a foreign language'],
      ['hlc', 'higher learning commission'],
    ]);
  });

  it('makes the abbreviation and its words neighbours in the school vocabulary', () => {
    const v = Vocabulary.withExtra(abbreviationsIn('Talk to your Resident Advisor (RA) first.'));
    const groups = v.groupsIn('resident advisor', ['resid', 'advisor'].map(stem));
    expect(v.groupsOf(stem('ra')).some((g) => groups.has(g))).toBe(true);
  });
});

describe('numbers', () => {
  it('a figure, its word and its ordinal are neighbours', () => {
    const seven = BUILT_IN_VOCABULARY.groupsOf(stem('7'));
    expect(seven.length).toBeGreaterThan(0);
    for (const w of ['seven', 'seventh', '7th']) expect(BUILT_IN_VOCABULARY.groupsOf(stem(w)).some((g) => seven.includes(g))).toBe(true);
    expect(BUILT_IN_VOCABULARY.groupsOf(stem('8')).some((g) => seven.includes(g))).toBe(false);
  });
});
