import type { CountryCode } from 'libphonenumber-js';
import type { LeadFieldKey } from '@/lib/leads/fields';
import { splitSentences } from '@/lib/text/sentences';

// What every part of the reading shares: the options, the context of one reading, and how text is tidied and split.

export type ChatMessage = { role: 'user' | 'assistant'; content: string };
export type ExtractOptions = {
  /** The fields to look for (the caller leaves out fields whose ask level is `never`). */
  fields: LeadFieldKey[];
  /** The school's program names; majors are matched against them and returned in their spelling. */
  programs?: string[];
  /** ISO 3166 country for numbers written without a country code; 'US' by default. */
  defaultCountry?: string;
  /** The clock for year and date bounds (tests); now by default. */
  now?: Date;
};

export type Ctx = {
  want: Set<LeadFieldKey>;
  programs: ProgramMatcher[];
  country: CountryCode;
  now: Date;
};


export type ProgramMatcher = { name: string; core: string[]; main: string | null; aliases: string[] };

export const tidy = (text: string) => text.replace(/[’‘`]/g, "'").replace(/[“”]/g, '"');

export function sentences(text: string): string[] {
  // A visitor's "I'm Ana; my email is…" is two statements as much as two sentences are.
  return tidy(text)
    .split(/(?<=;)\s+|\n+/)
    .flatMap((part) => splitSentences(part));
}

/** "yes", "sure", "no thanks"…: a yes-or-no reply, or null. */
export function yesNo(text: string): boolean | null {
  const t = tidy(text).trim().toLowerCase();
  if (/^(?:no|nope|nah|no thanks|no thank you|not now|not really|i'd rather not|i would rather not|please don't|don't|dont|not interested)\b/.test(t)) return false;
  if (/^(?:yes|yeah|yep|yup|y|sure|ok|okay|of course|absolutely|definitely|please do|please|sounds good|that's fine|fine|that works|go ahead|why not)\b/.test(t)) return true;
  return null;
}
