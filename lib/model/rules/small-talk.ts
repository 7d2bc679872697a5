import { withFollowUp, type AnswerRule, type ComposeInput } from '../answer';

// A greeting, thanks, a goodbye or "who are you?" of at most two content words is answered as such
// by the built-in model; a configured model answers small talk by itself.
const SMALL_TALK: { test: RegExp; reply: (i: ComposeInput) => string }[] = [
  { test: /^(hi|hello|hey|hiya|howdy|good (morning|afternoon|evening))\b[\s!.,]*(there)?[\s!.]*$/i, reply: (i) => `Hello! I'm ${i.assistantName}, the admissions assistant for ${i.schoolName}. What would you like to know?` },
  { test: /^(thanks|thank you|thank u|thx|ty|great|perfect|awesome|cool|ok|okay)\b[\s\w!.,]{0,20}$/i, reply: () => "You're welcome! Is there anything else I can help you with?" },
  { test: /^(bye|goodbye|see you|see ya|that'?s all)\b/i, reply: (i) => `Thanks for chatting with ${i.schoolName}. Good luck, and come back any time!` },
  { test: /^(who|what) are you\b|^what can you (do|help)/i, reply: (i) => `I'm ${i.assistantName}, the admissions assistant for ${i.schoolName}. I can answer questions about programs, costs, deadlines, campus life and how to apply.` },
];

export const smallTalk: AnswerRule = {
  builtIn: ({ input, question, plain }) => {
    const talk = plain.length <= 2 ? SMALL_TALK.find((t) => t.test.test(question)) : undefined;
    return talk ? { text: withFollowUp(talk.reply(input), input.followUp), known: true, used: [] } : null;
  },
};
