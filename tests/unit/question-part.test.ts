import { describe, expect, it } from 'vitest';
import { questionPart } from '@/lib/chat/engine';

describe('questionPart', () => {
  it('takes out contact details and a capitalised name, and keeps the question', () => {
    expect(questionPart('Hi, I am Ana Lopez, ana.lopez@example.com, +1 503 555 0100. Do you offer nursing?')).toBe('Hi, , , . Do you offer nursing?');
  });

  it('keeps "I am …" when no name follows', () => {
    expect(questionPart('I am interested in nursing, what does it cost?')).toBe('I am interested in nursing, what does it cost?');
  });
});
