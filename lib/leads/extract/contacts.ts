import { findPhoneNumbersInText, type CountryCode } from 'libphonenumber-js';
import { tidy, sentences } from './context';
import { PARENT_WORD } from './asked';

/* ----------------------------------------------------------------------------------------------
 * Shared cues
 * -------------------------------------------------------------------------------------------- */

// "I", "my", "we"…: the visitor is talking about themself (or their child, for "my son").
export const FIRST_PERSON = /\b(?:i|i'm|im|i'd|i've|i'll|me|my|mine|we|we're|our|us|myself)\b/i;
export const NEGATION = /\b(?:not|never|no longer|don't|dont|doesn't|isn't|aren't|won't|nor)\b|n't\b/i;

// The clause just before position `at`: back to the last comma, semicolon or "but".
export function clauseBefore(s: string, at: number): string {
  const before = s.slice(0, at);
  const cut = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.toLowerCase().lastIndexOf(' but '));
  return cut >= 0 ? before.slice(cut + 1) : before;
}

/* ----------------------------------------------------------------------------------------------
 * E-mail and phone
 * -------------------------------------------------------------------------------------------- */

export const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Shared inboxes are the school's, not the visitor's ("I emailed admissions@… but…").
export const ROLE_MAILBOX = /^(?:admissions?|info|information|noreply|no-reply|donotreply|support|help|contact|office|registrar|enroll|enrollment|apply)$/i;
// Said about an address or number that is not the visitor's own.
export const NOT_MINE = /\b(?:your (?:e-?mail|address|number|phone|office)|emailed|e-mailed|wrote to|sent (?:an? )?(?:e-?mail|message|it)|tried|texted|called|calling|fax)\b/i;
export const ABOUT_SCHOOL = /\b(?:your|yours|you guys|office|website|site)\b/i;
// "…, that's my mom's" after the value.
export const PARENT_AFTER = /^\s*[(,–—-]?\s*(?:(?:is|that's|that is|which is|it's)\s+)?(?:my|our|the)\s+(?:parents?'?s?|guardians?'?s?|mom'?s?|mum'?s?|mother'?s?|dad'?s?|father'?s?)\b/i;

// "my e-mail is…" in a reply to the parent question: the visitor gave their own after all.
export const FIRST_PERSON_OWN = /\bmy (?:own )?(?:e-?mail|phone|number|cell|mobile)\b/i;

export type Found = { value: string; parent: boolean; sentence: string };

// Values found by `locate` in each sentence, tagged parent/own by the words around them.
export function contactsIn(text: string, locate: (s: string) => { value: string; start: number; end: number }[]): Found[] {
  const out: Found[] = [];
  for (const s of sentences(text)) {
    // "Is 503-555-0100 the admissions office?" is about the school, not the visitor.
    if (!FIRST_PERSON.test(s) && ABOUT_SCHOOL.test(s)) continue;
    const hits = locate(s);
    hits.forEach((h, i) => {
      // Words between the previous value and this one describe this one ("…, my mom's is x").
      const before = s.slice(i === 0 ? 0 : hits[i - 1].end, h.start);
      if (NOT_MINE.test(clauseBefore(before, before.length).slice(-40))) return;
      const after = i === hits.length - 1 ? s.slice(h.end) : '';
      out.push({ value: h.value, parent: PARENT_WORD.test(before.toLowerCase()) || PARENT_AFTER.test(after), sentence: s });
    });
  }
  return out;
}

export function findEmails(s: string) {
  return [...s.matchAll(EMAIL)]
    .map((m) => ({ value: m[0].replace(/\.+$/, '').toLowerCase(), start: m.index, end: m.index + m[0].length }))
    .filter((h) => !ROLE_MAILBOX.test(h.value.split('@')[0]));
}

export function phoneFinder(country: CountryCode) {
  return (s: string) =>
    findPhoneNumbersInText(s, { defaultCountry: country })
      .filter((m) => m.number.isValid())
      .map((m) => ({ value: String(m.number.number), start: m.startsAt, end: m.endsAt }));
}

export function phoneTypeIn(text: string, reply: boolean): string | null {
  const t = tidy(text).toLowerCase();
  if (/\b(?:cell|cellphone|cell phone|mobile|iphone|text me)\b/.test(t)) return 'mobile';
  if (/\b(?:landline|land line|house phone|home (?:phone|number|line))\b/.test(t)) return 'home';
  if (/\b(?:work|office|business) (?:phone|number|line)\b/.test(t)) return 'work';
  // A bare "home" or "work" only answers the assistant's "mobile, home or work?".
  if (reply) {
    if (/^\W*(?:it's\s+)?(?:a\s+)?(?:my\s+)?home\b/.test(t)) return 'home';
    if (/^\W*(?:it's\s+)?(?:a\s+)?(?:my\s+)?(?:work|office)\b/.test(t)) return 'work';
  }
  return null;
}
