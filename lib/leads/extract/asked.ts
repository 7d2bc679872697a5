import type { LeadFieldKey } from '@/lib/leads/fields';
import { sentences } from './context';

/* ----------------------------------------------------------------------------------------------
 * Which question an assistant message asked
 * -------------------------------------------------------------------------------------------- */

export const REQUEST = /\b(?:could you|can you|would you|will you|please (?:share|provide|tell|send|give|enter|type|let)|may i (?:have|ask|get)|mind sharing|let me know|tell me|what's your|what is your)\b/i;
export const OPT_IN_CUE = /\b(?:updates?|newsletters?|news|(?:okay|ok|alright|all right) (?:if|for)|mind if|may we|can we|could we|would you like (?:to )?(?:receive|get|hear)|like to receive|permission|opt[- ]in|sign (?:you )?up|subscribe)\b/;
export const VALUE_CUE = /\b(?:address|number|what's your|what is your|share your|provide your|your (?:e-?mail|phone|cell|mobile))\b/;
export const PARENT_WORD = /\b(?:parents?'?s?|guardians?'?s?|mom'?s?|mum'?s?|mother'?s?|dad'?s?|father'?s?)(?![\w])/;

// "Which program interests you?", "What would you like to study?", but not "Any other questions
// about the program?".
export const MAJOR_QUESTION =
  /\b(?:which|what)\b[^?]*\b(?:programs?|majors?|fields?|areas?|subjects?)\b[^?]*\byou\b|\b(?:which|what)\b[^?]*\byou\b[^?]*\b(?:study|studying|major|majoring|programs?)\b|\b(?:are|were) you (?:interested in|considering|thinking (?:about|of)|leaning towards)\b[^?]*\b(?:programs?|majors?|study|studying)\b|\bintended major\b|\bfield of study\b/;

// The first field whose question this sentence is, or null.
export function sentenceAsks(s: string): LeadFieldKey | null {
  if (OPT_IN_CUE.test(s) && !VALUE_CUE.test(s)) {
    // A yes/no question about receiving messages; the channel mentioned first decides which.
    const channels: [LeadFieldKey, RegExp][] = [
      ['opt_in_sms', /\b(?:texts?|text messages?|texting|sms)\b/],
      ['opt_in_email', /\be-?mails?\b/],
      ['opt_in_phone', /\b(?:calls?|calling|phone)\b/],
    ];
    let best: [LeadFieldKey, number] | null = null;
    for (const [field, re] of channels) {
      const i = s.search(re);
      if (i >= 0 && (best === null || i < best[1])) best = [field, i];
    }
    if (best) return best[0];
  }
  if (PARENT_WORD.test(s)) {
    if (/\be-?mail\b/.test(s)) return 'parent_email';
    if (/\b(?:phone|number|cell|mobile)\b/.test(s)) return 'parent_phone';
  }
  if (/\b(?:mobile|cell)\b.*\b(?:home|work|landline|office)\b|\b(?:type|kind) of (?:phone|number)\b/.test(s)) return 'phone_type';
  if (/\b(?:date of birth|birth ?date|birthday|when were you born|dob)\b/.test(s)) return 'date_of_birth';
  if (/\bgpa\b|\bgrade point\b/.test(s)) return 'gpa';
  if (/\bgraduat|\bclass of\b|\bgrad year\b/.test(s)) return 'graduation_year';
  if (/\be-?mail\b/.test(s)) return 'email';
  if (/\b(?:phone|telephone|cell|mobile)\b|\bnumber\b.*\b(?:reach|call|text|contact)\b|\b(?:reach|call|text) you\b.*\bnumber\b/.test(s)) return 'phone';
  if (/\b(?:degree level|level of (?:degree|study)|(?:kind|type|level) of degree|associate|bachelor'?s?|master'?s|doctorate)\b/.test(s)) return 'degree_level';
  if (MAJOR_QUESTION.test(s)) return 'intended_major';
  if (/\b(?:state|province)\b|\bwhere (?:do you|are you) (?:live|living|located|based|from)\b|\bwhere are you from\b/.test(s)) return 'state_province';
  if (/\b(?:preferred name|prefer to be called|like to be called|prefer to go by|go by)\b/.test(s)) return 'preferred_name';
  if (/\b(?:last name|family name|surname)\b/.test(s)) return 'last_name';
  if (/\b(?:first name|given name|your name|full name|what should i call you|what can i call you|who am i (?:talking|speaking|chatting) (?:to|with))\b/.test(s)) {
    return 'first_name';
  }
  return null;
}

/**
 * The lead field an assistant message asks for, or null. Only questions ("…?") and explicit
 * requests ("could you share…") count, latest first, so an answer that merely mentions e-mail does
 * not turn the visitor's next message into an e-mail reply. A name question is `first_name`.
 */
export function askedField(assistantText: string): LeadFieldKey | null {
  if (typeof assistantText !== 'string') return null;
  const candidates = sentences(assistantText)
    .map((s) => s.toLowerCase())
    .filter((s) => s.endsWith('?') || REQUEST.test(s));
  for (let i = candidates.length - 1; i >= 0; i--) {
    const field = sentenceAsks(candidates[i]);
    if (field) return field;
  }
  return null;
}
