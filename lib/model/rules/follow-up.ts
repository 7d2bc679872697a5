import type { AnswerRule } from '../answer';

// A follow-up ("when's it open?") names its topic only in the turn before. The built-in model and
// retrieval weigh that turn themselves (scoring.ts); a configured model is told how to read it.
export const followUp: AnswerRule = {
  promptLine: ({ context, resolved }) =>
    context ? `The visitor's last message follows up on their previous question ("${context.question.replace(/\s+/g, ' ').trim()}"); read it as: ${resolved}` : '',
};
