import type { AnswerRule } from '../answer';
import { correction } from './correction';
import { emptyQuestion } from './empty-question';
import { followUp } from './follow-up';
import { language } from './language';
import { leadDetails } from './lead-details';
import { passages } from './passages';
import { smallTalk } from './small-talk';

// The answer rules, in order. The built-in model gives the first built-in answer a rule has (the
// passages rule, last, always has one); a configured model is told every rule's line, in this order,
// after the school's instructions. Adding a rule: one file here, and its place in this list.
export const ANSWER_RULES: readonly AnswerRule[] = [language, leadDetails, followUp, correction, smallTalk, emptyQuestion, passages];
