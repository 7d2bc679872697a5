import { isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import type { LeadData, LeadFieldKey, LeadValue } from '@/lib/leads/fields';
import { type ChatMessage, type ExtractOptions, type Ctx, yesNo } from './context';
import { askedField } from './asked';
import { FIRST_PERSON_OWN, contactsIn, findEmails, phoneFinder, phoneTypeIn } from './contacts';
import { splitFull, namesFromCues, nameReply } from './names';
import { graduationYear, gpa, dateOfBirth } from './numbers';
import { degreeLevel, stateProvince } from './places';
import { buildPrograms, majors } from './programs';

// Lead fields read from what a visitor typed in chat. Rule-based and deliberately
// cautious: a wrong name or a school's own phone number on a lead is worse than a missing field, so
// most rules want a first-person cue ("my", "I'm") or a direct reply to the assistant's question.
// Only the visitor's messages are read; the assistant's only tell which question a reply answers.
// Pure: no I/O, safe on the server, in the widget and in tests.

export type { ChatMessage, ExtractOptions } from './context';
export { askedField } from './asked';


/* ----------------------------------------------------------------------------------------------
 * Putting it together
 * -------------------------------------------------------------------------------------------- */

function fromMessage(text: string, asked: LeadFieldKey | null, ctx: Ctx): LeadData {
  const out: LeadData = {};
  const want = (f: LeadFieldKey) => ctx.want.has(f);

  // Most messages are questions with neither an address nor a digit: they skip the e-mail, phone
  // and number readers (the phone parser is the costliest part of a chat turn's lead capture).
  const at = text.includes('@');
  const digits = /\d/.test(text);

  // E-mail: a parent's address goes to parent_email, never to the visitor's own field.
  for (const e of at ? contactsIn(text, findEmails) : []) {
    const parent = e.parent || (asked === 'parent_email' && !FIRST_PERSON_OWN.test(e.sentence));
    if (parent) {
      if (want('parent_email')) out.parent_email = e.value;
    } else if (want('email')) out.email = e.value;
  }

  // Phone: E.164; the visitor's own number may say what kind it is.
  for (const p of digits ? contactsIn(text, phoneFinder(ctx.country)) : []) {
    const parent = p.parent || (asked === 'parent_phone' && !FIRST_PERSON_OWN.test(p.sentence));
    if (parent) {
      if (want('parent_phone')) out.parent_phone = p.value;
    } else if (want('phone')) {
      out.phone = p.value;
      const type = phoneTypeIn(p.sentence, false);
      if (type && want('phone_type')) out.phone_type = type;
    }
  }
  if (asked === 'phone_type' && want('phone_type') && out.phone_type === undefined) {
    const type = phoneTypeIn(text, true);
    if (type) out.phone_type = type;
  }

  // Names.
  const names = namesFromCues(text);
  const nameAsked = asked === 'first_name' || asked === 'last_name' || asked === 'preferred_name';
  if (nameAsked && !names.first && !names.last && !names.preferred) {
    const words = nameReply(text, ctx);
    if (words) {
      if (asked === 'preferred_name' && words.length <= 2) names.preferred = words.join(' ');
      else if (asked === 'last_name' && words.length === 1) names.last = words[0];
      else Object.assign(names, splitFull(words));
    }
  }
  if (names.preferred && !want('preferred_name') && !names.first) names.first = names.preferred.split(' ')[0];
  if (names.first && want('first_name')) out.first_name = names.first;
  if (names.last && want('last_name')) out.last_name = names.last;
  if (names.preferred && want('preferred_name')) out.preferred_name = names.preferred;

  const year = digits && want('graduation_year') ? graduationYear(text, asked === 'graduation_year', ctx) : null;
  if (year !== null) out.graduation_year = year;

  if (want('intended_major')) {
    const found = majors(text, asked === 'intended_major', ctx);
    if (found.length) out.intended_major = found;
  }

  const level = want('degree_level') ? degreeLevel(text, asked === 'degree_level') : null;
  if (level) out.degree_level = level;

  const region = want('state_province') ? stateProvince(text, asked === 'state_province') : null;
  if (region) out.state_province = region;

  const g = want('gpa') ? gpa(text, asked === 'gpa') : null;
  if (g !== null) out.gpa = g;

  const dob = want('date_of_birth') ? dateOfBirth(text, asked === 'date_of_birth', ctx) : null;
  if (dob) out.date_of_birth = dob;

  if ((asked === 'opt_in_email' || asked === 'opt_in_sms' || asked === 'opt_in_phone') && want(asked)) {
    const answer = yesNo(text);
    if (answer !== null) out[asked] = answer;
  }
  return out;
}

/**
 * What each message gives, in order, limited to `opts.fields` (an assistant's or a blank message
 * gives nothing). A user message directly after an assistant question is also read as a bare
 * answer to it.
 */
export function leadDataByMessage(messages: ChatMessage[], opts: ExtractOptions): LeadData[] {
  const country = opts.defaultCountry && isSupportedCountry(opts.defaultCountry.toUpperCase()) ? (opts.defaultCountry.toUpperCase() as CountryCode) : 'US';
  const ctx: Ctx = { want: new Set(opts.fields), programs: buildPrograms(opts.programs ?? []), country, now: opts.now ?? new Date() };
  return messages.map((msg, i) => {
    if (msg?.role !== 'user' || typeof msg.content !== 'string' || !msg.content.trim()) return {};
    const prev = messages[i - 1];
    const asked = prev?.role === 'assistant' && typeof prev.content === 'string' ? askedField(prev.content) : null;
    return fromMessage(msg.content.slice(0, 5000), asked, ctx);
  });
}

/** Messages' details as one lead: later messages win over earlier ones, except intended majors, which accumulate (a visitor may name several programs). */
export function mergeLeadData(found: LeadData[]): LeadData {
  const result: LeadData = {};
  for (const one of found) {
    for (const [key, value] of Object.entries(one) as [LeadFieldKey, LeadValue][]) {
      if (key === 'intended_major' && Array.isArray(result.intended_major) && Array.isArray(value)) {
        result.intended_major = [...new Set([...result.intended_major, ...value])];
      } else result[key] = value;
    }
  }
  return result;
}

/** The lead fields the visitor's messages give, as one lead (leadDataByMessage, merged). */
export function extractLeadData(messages: ChatMessage[], opts: ExtractOptions): LeadData {
  return mergeLeadData(leadDataByMessage(messages, opts));
}
