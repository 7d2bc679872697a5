import { contentTerms } from '@/lib/retrieval/question-terms';
import type { ComposeInput, Composed, PromptInput } from './answer';
import { ANSWER_RULES } from './rules';

// The built-in local model's answer: the sentences of the school's own passages that best answer
// the question, the matching action prompts as links, and, when the passages do not cover the
// question, an honest "I don't have that information" with the school's contact. It only ever
// repeats what staff wrote; it never makes a fact up. Pure: the engine hands it everything it reads.
// Each answer rule (rules/) gives the built-in answer for its case and a configured model's line.

export type { ActionLink, ComposeInput, Composed, Passage, PromptInput } from './answer';
export { NO_INFORMATION } from './answer';

/** The built-in model's answer: the first answer rule's that answers (the passages rule, last, always does). */
export function composeAnswer(input: ComposeInput): Composed {
  const question = input.question.trim();
  const turn = { input, question, plain: contentTerms(question) };
  for (const rule of ANSWER_RULES) {
    const answer = rule.builtIn?.(turn);
    if (answer) return answer;
  }
  throw new Error('No answer rule answered: the passages rule must come last');
}

/** What a configured model is told for this turn after the school's instructions: the answer rules' lines, in order. */
export function promptLines(turn: PromptInput): string[] {
  return ANSWER_RULES.map((rule) => rule.promptLine?.(turn) ?? '').filter(Boolean);
}
