import { withFollowUp, type AnswerRule } from '../answer';
import { IN_ENGLISH } from '../other-languages';

// A message without a content word ("?", "hmm") asks nothing to search for: the built-in model asks
// what the visitor would like to know.
export const emptyQuestion: AnswerRule = {
  builtIn: ({ input, plain }) => {
    if (plain.length) return null;
    const more = `Could you tell me a little more about what you'd like to know about ${input.schoolName}?`;
    return { text: withFollowUp(input.language ? `${IN_ENGLISH[input.language]}\n\n${more}` : more, input.followUp), known: true, used: [] };
  },
};
