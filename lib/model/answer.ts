import type { OtherLanguage } from '@/lib/widget/language';
import type { FollowUpContext } from '@/lib/retrieval/question-terms';
import type { Vocabulary } from '@/lib/retrieval/vocabulary';
import { instructionNote } from './instruction-notes';
import { IN_ENGLISH } from './other-languages';
import type { Passage } from './candidates';

// What the built-in model answers from and with: its input, its answer, and the pieces every answer
// rule writes with (an action as a link, the school's contact, the lead question, the school's note).

export type { Passage };
export type ActionLink = { name: string; description: string; audience: string; type: 'link' | 'phone' | 'email' | 'form'; data: string };
export type ContactPoint = { name: string; phone?: string | null; email?: string | null; website?: string | null };

export type ComposeInput = {
  question: string;
  passages: Passage[];
  actions: ActionLink[];
  contact: ContactPoint | null;
  assistantName: string;
  schoolName: string;
  /** A lead-capture question to end the answer with. */
  followUp?: string | null;
  /** The message only answered the lead question just asked: thank the visitor instead of searching it. */
  acknowledge?: string | null;
  /** For a follow-up question: the previous turn it leans on ("when is the open house?" before "where do we park?"). */
  context?: FollowUpContext | null;
  /** The school's vocabulary (the built-in admissions words and the school's own); built-in when absent. */
  vocabulary?: Vocabulary;
  /** How many of the school's passages use each stem: how telling a question's word is. */
  corpus?: { size: number; documentFrequency: ReadonlyMap<string, number> } | null;
  /** The visitor wrote in another language: the answer says, in it, that the assistant answers in English. */
  language?: OtherLanguage | null;
  /** A staff correction whose question is this one or a close paraphrase: its answer is the answer. */
  verified?: VerifiedAnswer | null;
  /** The school's tuition instructions: what they want families told follows an answer about the price of attending. */
  tuitionInstructions?: string | null;
  /** The school's active "always" special instructions ("Offer a tour: …"): the action prompts they name come with every answer. */
  alwaysRules?: string[];
  /** The school's other active special instructions ("Title: text"): like the "always" ones, said only where they fit. */
  generalRules?: string[];
};

/** A staff correction: the answer the school wants given to a question (and its passage). */
export type VerifiedAnswer = { question: string; answer: string; passage: Passage };

export type Composed = { text: string; known: boolean; used: Passage[] };

export const NO_INFORMATION = "I don't have that information";

/** What a rule's built-in answer reads: the input, the question trimmed and its content words. */
export type BuiltInInput = { input: ComposeInput; question: string; plain: string[] };

/** What a rule's line for a configured model reads: what the turn found, and what the built-in model was given. */
export type PromptInput = {
  /** The visitor's language by name, when it is not English ("Spanish"). */
  languageName: string | null;
  /** The lead details the visitor has given, by label. */
  captured: string[];
  context: FollowUpContext | null;
  /** The follow-up read with the topic it leans on. */
  resolved: string;
  /** The passages retrieved, a staff correction first. */
  hits: { sourceType: string; title: string; content: string }[];
  /** Whether the built-in relevance threshold finds that the passages answer the question. */
  relevant: boolean;
  /** Whether hits[0] is staff's verified answer to this question. */
  verified: boolean;
  /** What the built-in model was given (the school's contact and actions). */
  compose: ComposeInput;
};

/**
 * An answer rule (rules/): the built-in model's answer when the rule decides it (null: the next
 * rule's turn), and the line a configured model is told for it (empty: nothing to tell). Either may
 * be absent: a rule may only shape the others' answers (the language note) or only the prompt.
 */
export type AnswerRule = {
  builtIn?: (turn: BuiltInInput) => Composed | null;
  promptLine?: (turn: PromptInput) => string;
};

function telHref(phone: string) {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** An action prompt as a Markdown link the widget renders. */
export function actionMarkdown(a: ActionLink): string {
  switch (a.type) {
    case 'phone':
      return `**${a.name}**: [${a.data}](${telHref(a.data)})`;
    case 'email':
      return `**${a.name}**: [${a.data}](mailto:${a.data})`;
    default:
      return `[${a.name}](${a.data})`;
  }
}

/** The school's contact for an answer it does not have: its contact point, else a phone or e-mail action, else its name. */
export function contactLine(input: ComposeInput): string {
  const c = input.contact;
  if (c && (c.email || c.phone || c.website)) {
    const ways = [c.email && `[${c.email}](mailto:${c.email})`, c.phone && `[${c.phone}](${telHref(c.phone)})`, !c.email && !c.phone && c.website && `[${c.website}](${c.website})`].filter(Boolean);
    return `For help with this, please contact ${c.name} at ${ways.join(' or ')}.`;
  }
  const action = input.actions.find((a) => a.type === 'phone' || a.type === 'email') ?? input.actions[0];
  if (action) return `For help with this, please reach out: ${actionMarkdown(action)}.`;
  return `For help with this, please contact ${input.schoolName} directly.`;
}

/** The answer, then the lead question to ask, if any. */
export function withFollowUp(text: string, followUp?: string | null) {
  return followUp ? `${text}\n\n${followUp}` : text;
}

/** The school's own sentence from its instructions, when one fits the question (instruction-notes.ts). */
const noteFor = (input: ComposeInput, question: string) => instructionNote(question, input.tuitionInstructions, [...(input.alwaysRules ?? []), ...(input.generalRules ?? [])], input.schoolName);

/** The answer, then the school's sentence that fits the question, if any. */
export function withNote(text: string, input: ComposeInput, question: string): string {
  const note = noteFor(input, question);
  return note && !text.includes(note) ? `${text}\n\n${note}` : text;
}

/** A staff correction's answer, given as written (after the note that the assistant answers in English). */
export function correctionReply(input: ComposeInput, answer: string, passage: Passage): Composed {
  const text = input.language ? `${IN_ENGLISH[input.language]}\n\n${answer}` : answer;
  return { text: withFollowUp(withNote(text, input, input.question), input.followUp), known: true, used: [passage] };
}
