import type { AskLevel, CollectionMode } from '@/db/schema/leads';
import { askedField, type ChatMessage } from '@/lib/leads/extract';
import { isLeadField, LEAD_FIELDS, type LeadData, type LeadFieldKey } from '@/lib/leads/fields';
import { hasLeadValue } from '@/lib/leads/requirements';

// What the assistant asks for, and how often. The built-in local model
// ends its answer with at most one `fieldQuestion`; an LLM gets `leadGenInstructions` in its system
// prompt instead. Pure: the chat engine hands it the history and what was captured so far.

/** How many times each level may ask for a field in one conversation. */
export const ASK_LIMITS: Record<AskLevel, number> = {
  critical: Infinity,
  ask_thrice: 3,
  ask_twice: 2,
  ask_once: 1,
  natural: 0,
  never: 0,
};

// One short question per field. Each is worded so that `askedField` (extract.ts) recognises it,
// which is how a later bare reply ("Jordan", "2027") is understood and how asks are counted.
const QUESTIONS: Record<LeadFieldKey, string> = {
  first_name: "By the way, what's your first name?",
  last_name: "And what's your last name?",
  preferred_name: "Is there a name you'd prefer to go by?",
  email: "What's the best e-mail address to send you more information?",
  phone: 'Is there a phone number where an admissions counsellor can reach you?',
  phone_type: 'Is that a mobile, home or work number?',
  graduation_year: 'What year do you (or will you) graduate from high school?',
  intended_major: 'Which program or major are you most interested in?',
  degree_level: "What kind of degree are you looking for: an associate, bachelor's, master's, doctorate or a certificate?",
  state_province: 'Which state or province do you live in?',
  parent_email: "What's a parent's or guardian's e-mail address, so we can keep them in the loop?",
  parent_phone: "What's the best phone number for a parent or guardian?",
  date_of_birth: "What's your date of birth?",
  gpa: "What's your current GPA, roughly?",
  opt_in_email: 'Would you like to receive updates from us by e-mail?',
  opt_in_sms: 'Is it okay if we send you text message updates?',
  opt_in_phone: 'Is it okay if an admissions counsellor calls you with updates?',
};

export function fieldQuestion(field: LeadFieldKey): string {
  return QUESTIONS[field];
}

type History = ChatMessage[];

/** How many assistant messages in the history asked for `field`. */
export function timesAsked(history: History, field: LeadFieldKey): number {
  return history.filter((m) => m?.role === 'assistant' && askedField(m.content) === field).length;
}

export type NextFieldOptions = {
  fieldOrder: readonly string[];
  fieldSettings: Partial<Record<string, AskLevel>>;
  captured: LeadData;
  history: History;
};

/**
 * The field to ask for in this reply, or null. At most one question per reply. The rules:
 * - fields are tried in `fieldOrder`; `never` and `natural` fields are never asked directly;
 * - a captured field, or one asked as often as its level allows (ASK_LIMITS), is skipped;
 * - a field is not asked two assistant turns in a row, unless it is `critical`;
 * - when the visitor let the last question go unanswered, only `critical` fields are asked this
 *   turn (a breather: no stream of questions, and no last name asked before the first);
 * - phone_type waits until there is a phone number to describe.
 */
export function nextFieldToAsk(opts: NextFieldOptions): LeadFieldKey | null {
  const { fieldOrder, fieldSettings, captured, history } = opts;
  const has = (f: LeadFieldKey) => hasLeadValue(captured[f]);
  const asks = history.filter((m) => m?.role === 'assistant').map((m) => askedField(m.content));
  const lastAsked = asks.length ? asks[asks.length - 1] : null;
  const ignoredLast = lastAsked !== null && !has(lastAsked);

  for (const key of fieldOrder) {
    if (!isLeadField(key)) continue;
    const level = fieldSettings[key] ?? 'never';
    if (level === 'never' || level === 'natural' || has(key)) continue;
    if (key === 'phone_type' && !has('phone')) continue;
    if (level !== 'critical' && (key === lastAsked || ignoredLast)) continue;
    if (asks.filter((f) => f === key).length >= ASK_LIMITS[level]) continue;
    return key;
  }
  return null;
}

export type LeadGenPromptSettings = {
  collection_mode: CollectionMode;
  field_order: readonly string[];
  field_settings: Partial<Record<string, AskLevel>>;
  collection_instructions: string;
  smart_card_instructions: string;
};

// How each level is put to the model, strongest first.
const LEVEL_WORDING: [AskLevel, string][] = [
  ['critical', 'Ask politely, and keep asking politely in later replies until given'],
  ['ask_thrice', 'Ask up to three times in the conversation'],
  ['ask_twice', 'Ask up to two times in the conversation'],
  ['ask_once', 'Ask once; if the visitor does not answer, do not ask again'],
  ['natural', 'Only if it comes up naturally; do not ask directly'],
];

const label = (f: LeadFieldKey) => LEAD_FIELDS[f].label;

/**
 * The lead-generation part of an LLM's system prompt. Conversational mode: the school's own
 * instructions, the wanted fields grouped by ask level (in priority order within each group), the
 * one-detail-per-reply rule and the fields already known. Smart-card mode: the card does the
 * collecting, so the model is told not to ask in chat.
 */
export function leadGenInstructions(settings: LeadGenPromptSettings, captured: LeadData = {}): string {
  const order = settings.field_order.filter(isLeadField);
  const levelOf = (f: LeadFieldKey): AskLevel => settings.field_settings[f] ?? 'never';
  const wanted = order.filter((f) => levelOf(f) !== 'never');
  const known = wanted.filter((f) => hasLeadValue(captured[f]));
  const custom = (text: string) => (text ?? '').trim();

  if (settings.collection_mode === 'smart_card') {
    const lines = [
      `A quick info card is shown in the chat widget where the visitor can share their details${wanted.length ? ` (${wanted.map(label).join(', ')})` : ''}.`,
      'Do not ask for these details in the chat. If the visitor wants to be contacted or asks how to share their details, point them to the quick info card.',
    ];
    if (custom(settings.smart_card_instructions)) lines.push(`The card tells the visitor: ${custom(settings.smart_card_instructions)}`);
    return lines.join('\n');
  }

  const lines = ['While helping the visitor, collect a few details so an admissions counsellor can follow up.'];
  if (custom(settings.collection_instructions)) lines.push(`The school's instructions: ${custom(settings.collection_instructions)}`);
  const pending = wanted.filter((f) => !known.includes(f));
  if (pending.length) {
    lines.push('Details to collect, most important first:');
    for (const [level, wording] of LEVEL_WORDING) {
      const fields = pending.filter((f) => levelOf(f) === level);
      if (fields.length) lines.push(`- ${wording}: ${fields.map(label).join(', ')}`);
    }
    lines.push(
      "Always answer the visitor's question first. Ask for at most one detail per reply, at the end of the reply. " +
        'If the visitor declines or ignores a question, do not press; move on. Never ask for details that are not on this list.',
    );
  } else {
    lines.push('All the details the school wants are already known; do not ask for more.');
  }
  if (known.length) lines.push(`Already given (do not ask again): ${known.map(label).join(', ')}.`);
  return lines.join('\n');
}
