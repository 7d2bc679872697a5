// How an answer is judged: key facts found, an honest refusal, and facts that appear nowhere in
// the school's material. Comparison is on normalised text so "$52,380" matches "$52380" and
// "10 a.m." matches "10 am"; it is literal otherwise, so a correct paraphrase of a number still has
// to carry the number.
import type { Fact } from './questions';

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

export function normalise(text: string): string {
  return text
    .toLowerCase()
    // The fact sheet's dates are ISO (2027-01-15); visitors read and ask "January 15, 2027".
    .replace(/\b(\d{4})-(\d{2})-(\d{2})\b/g, (iso, y: string, m: string, d: string) => (MONTHS[Number(m) - 1] ? `${MONTHS[Number(m) - 1]} ${Number(d)}, ${y}` : iso))
    .replace(/\*\*|__|`/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[–—‑]/g, '-')
    .replace(/(\d),(?=\d{3}\b)/g, '$1')
    .replace(/\$\s+(?=\d)/g, '$')
    .replace(/(\d)\.00\b/g, '$1')
    .replace(/(\d)\s*a\.?m\.?(?![a-z])/g, '$1 am')
    .replace(/(\d)\s*p\.?m\.?(?![a-z])/g, '$1 pm')
    .replace(/\s+/g, ' ')
    .trim();
}

export function hasFact(text: string, fact: Fact): boolean {
  const haystack = normalise(text);
  return (Array.isArray(fact) ? fact : [fact]).some((alt) => haystack.includes(normalise(alt)));
}

export const missingFacts = (text: string, facts: Fact[]) => facts.filter((f) => !hasFact(text, f)).map((f) => (Array.isArray(f) ? f.join(' | ') : f));

// The built-in model's wording (lib/model/compose.ts NO_INFORMATION) and what a model would say.
const REFUSAL = /\b(i )?(don't|do not|doesn't|does not) have (that|this|any|the|specific)?\s*(information|details|data)|\bnot (sure|certain)\b|\bcouldn't find\b|\bcan't find\b|\bno information\b/i;

// Links (action prompts, contact) are offered, not stated: a refusal may carry them.
const withoutLinks = (text: string) => text.replace(/\]\([^)]*\)/g, ']').replace(/https?:\/\/\S+/g, '');

/** Honest: says it does not know, and states no number, amount or date beyond the school's contacts. */
export function isHonestRefusal(answer: string, contacts: string[]): boolean {
  if (!REFUSAL.test(answer)) return false;
  let rest = withoutLinks(answer);
  for (const c of contacts) rest = rest.split(c).join('');
  return !/\d/.test(rest);
}

type Tokens = { money: Set<string>; percent: Set<string>; numbers: Set<string>; emails: Set<string> };

const stripZeros = (n: string) => n.replace(/^0+(?=\d)/, '');

/** Amounts, percentages, plain numbers and e-mail addresses, normalised for comparison. */
export function factTokens(text: string): Tokens {
  const t = normalise(withoutLinks(text));
  const out: Tokens = { money: new Set(), percent: new Set(), numbers: new Set(), emails: new Set() };
  for (const m of t.matchAll(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g)) out.emails.add(m[0]);
  const bare = t.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, ' ');
  for (const m of bare.matchAll(/(\$)?(\d+(?:\.\d+)?)(\s?%)?/g)) {
    const n = stripZeros(m[2]!);
    if (m[1]) out.money.add(n);
    else if (m[3]) out.percent.add(n);
    out.numbers.add(n);
  }
  return out;
}

/** What the answer states that the school's material (and the visitor's own words) never say. */
export function inventedFacts(answer: string, material: Tokens): string[] {
  const said = factTokens(answer);
  return [
    ...[...said.money].filter((n) => !material.money.has(n)).map((n) => `$${n}`),
    ...[...said.percent].filter((n) => !material.percent.has(n)).map((n) => `${n}%`),
    ...[...said.numbers].filter((n) => !material.numbers.has(n) && !said.money.has(n) && !said.percent.has(n)),
    ...[...said.emails].filter((e) => !material.emails.has(e)),
  ];
}

export function mergeTokens(...all: Tokens[]): Tokens {
  const merged: Tokens = { money: new Set(), percent: new Set(), numbers: new Set(), emails: new Set() };
  for (const t of all) for (const k of Object.keys(merged) as (keyof Tokens)[]) for (const v of t[k]) merged[k].add(v);
  return merged;
}
