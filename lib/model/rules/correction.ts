import { correctionReply, type AnswerRule } from '../answer';

// Staff corrected the answer to this question (or one it paraphrases): their answer is given as
// written. A configured model finds it as passage [1], marked as the school's verified answer
// (passages.ts: the mark belongs to the passages it is told about).
export const correction: AnswerRule = {
  builtIn: ({ input }) => (input.verified ? correctionReply(input, input.verified.answer, input.verified.passage) : null),
};
