import type { AnswerRule, ComposeInput, PromptInput } from '../answer';
import { passagesAnswer } from '../from-passages';

// The school's passages answer the question: the built-in model quotes their best sentences, or
// says it does not have that information (from-passages.ts); a configured model is given them, and
// told when the built-in relevance threshold finds that none answers. The last rule: it always answers.

/** The school's contact for "I don't know" answers: its admission contact point, else a phone or e-mail action prompt. */
function contactText(input: ComposeInput): string | null {
  const c = input.contact;
  if (c && (c.email || c.phone)) return `${c.name}, ${[c.email, c.phone].filter(Boolean).join(' or ')}`;
  const action = input.actions.find((a) => a.type === 'phone' || a.type === 'email');
  return action ? `${action.name}: ${action.data}` : null;
}

/**
 * The passages the model answers from, under their source titles. When the built-in relevance
 * threshold finds that none answers the question, the model is told so, with the contact to offer.
 */
function passagesText({ hits, relevant, verified, compose }: PromptInput): string {
  const contact = contactText(compose);
  const offer = contact ? `offer the contact: ${contact}` : 'offer a way to contact the school';
  if (!hits.length) return `Knowledge passages for this question: none matched. Say you do not have that information and ${offer}.`;
  const caution = relevant ? '' : `\nThese passages probably do not answer the question: unless one clearly does, say you do not have that information and ${offer}.`;
  const prefer = verified ? "\nPassage [1] is the school's verified answer to this question: answer with it." : '';
  // A staff correction is the school's own answer to a question: it is marked as such.
  const heading = (h: PromptInput['hits'][number]) => (h.sourceType === 'correction' ? `The school's verified answer to the question "${h.title}"` : h.title);
  return `Knowledge passages for this question (answer only from these):${caution}${prefer}\n${hits.map((h, i) => `[${i + 1}] ${heading(h)}\n${h.content}`).join('\n\n')}`;
}

export const passages = {
  builtIn: passagesAnswer,
  promptLine: passagesText,
} satisfies AnswerRule;
