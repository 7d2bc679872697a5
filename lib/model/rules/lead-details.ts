import { withFollowUp, type AnswerRule } from '../answer';

// Lead capture. A message that only answers the lead question just asked ("Maria" to "what's your
// first name?") is thanked, not searched; a configured model is told what the visitor has given, so
// that it does not ask for it again.
export const leadDetails: AnswerRule = {
  builtIn: ({ input }) => (input.acknowledge ? { text: withFollowUp(input.acknowledge, input.followUp), known: true, used: [] } : null),
  promptLine: ({ captured }) => (captured.length ? `The visitor has already given: ${captured.join(', ')}. Do not ask for these again.` : ''),
};
