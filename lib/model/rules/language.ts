import type { AnswerRule } from '../answer';

// The visitor writes in another language. The built-in model answers in English, each answer after a
// note in the visitor's language saying so (other-languages.ts); a configured model answers in theirs.
export const language: AnswerRule = {
  promptLine: ({ languageName }) =>
    languageName
      ? `The visitor's language is ${languageName}. Answer in ${languageName} (or in the language of the visitor's message if it is another), translating what you use from the passages, which are in English; keep names, web addresses, e-mail addresses and phone numbers as written.`
      : '',
};
