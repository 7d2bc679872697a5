import { describe, expect, it } from 'vitest';
import { composeAnswer, promptLines, type ComposeInput, type PromptInput } from '@/lib/model/compose';
import { ANSWER_RULES } from '@/lib/model/rules';
import { passages } from '@/lib/model/rules/passages';

// The answer rules run in one order for both models: the built-in model gives the first rule's
// answer, a configured model is told every rule's line.

const compose: ComposeInput = { question: 'When is the open day?', passages: [], actions: [], contact: null, assistantName: 'Ollie', schoolName: 'Riverside College' };
const verified = { question: 'When is the open day?', answer: 'The open day is on 3 May.', passage: { title: 'When is the open day?', content: 'The open day is on 3 May.', sourceType: 'correction', sourceId: '1' } };

describe('the answer rules', () => {
  it('end with the school passages, which always answer', () => {
    expect(ANSWER_RULES.at(-1)).toBe(passages);
    expect(composeAnswer(compose)).toMatchObject({ known: false, used: [] });
  });

  it('give the first built-in answer: the thanks for a lead answer, then a staff correction', () => {
    expect(composeAnswer({ ...compose, acknowledge: 'Thank you, Maria!', verified }).text).toBe('Thank you, Maria!');
    expect(composeAnswer({ ...compose, verified }).text).toBe('The open day is on 3 May.');
  });

  it("tell a configured model each rule's line, in order", () => {
    const turn: PromptInput = {
      languageName: 'Spanish',
      captured: ['First name'],
      context: { question: 'Is there an open day?', answer: '' },
      resolved: 'When is the open day? (open day)',
      hits: [],
      relevant: true,
      verified: false,
      compose,
    };
    const lines = promptLines(turn);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(/^The visitor's language is Spanish\./);
    expect(lines[1]).toBe('The visitor has already given: First name. Do not ask for these again.');
    expect(lines[2]).toBe('The visitor\'s last message follows up on their previous question ("Is there an open day?"); read it as: When is the open day? (open day)');
    expect(lines[3]).toBe('Knowledge passages for this question: none matched. Say you do not have that information and offer a way to contact the school.');
    expect(promptLines({ ...turn, languageName: null, captured: [], context: null })).toHaveLength(1);
  });
});
