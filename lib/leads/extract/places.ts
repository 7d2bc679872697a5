import { tidy, sentences } from './context';
import { FIRST_PERSON, NEGATION, clauseBefore } from './contacts';

/* ----------------------------------------------------------------------------------------------
 * Degree level
 * -------------------------------------------------------------------------------------------- */

export type DegreeLevel = 'associate' | 'bachelor' | 'master' | 'doctorate' | 'certificate';
export const DEGREE_WORDS: [RegExp, DegreeLevel][] = [
  [/\b(?:bachelor(?:'?s)?|baccalaureate|bsc|bfa|bsn|bba|b\.a\.|b\.s\.)(?![\w])/gi, 'bachelor'],
  // Two-letter abbreviations are common words or states (MA, MS…): capitals and a degree context only.
  [/\b(?:(?:a|an|my|the)\s+(?:BA|BS)\b|(?:BA|BS)(?=\s+(?:in|degree|program)\b))/g, 'bachelor'],
  [/\b(?:master(?:'?s)|master of|mba|msc|mfa|msn|m\.a\.|m\.s\.|m\.ed\.?|med degree)(?![\w])/gi, 'master'],
  [/\b(?:(?:a|an|my|the)\s+(?:MA|MS)\b|(?:MA|MS)(?=\s+(?:in|degree|program)\b))/g, 'master'],
  [/\b(?:associate(?:'s|s)|associate (?:degree|program|of)|associates)\b/gi, 'associate'],
  [/\b(?:(?:a|an|my|the)\s+AA\b|AAS?(?=\s+(?:in|degree|program)\b))/g, 'associate'],
  [/\b(?:doctorate|doctoral|phd|ph\.d\.?|edd|ed\.d\.?|dnp)(?![\w])/gi, 'doctorate'],
  [/\b(?:certificates?\s+(?:program|in|course)|(?<!birth |death |marriage |gift )(?:a|the)\s+certificate\b)/gi, 'certificate'],
];
// Bare answers to "what kind of degree?": "bachelors", "a BA", "ms".
export const DEGREE_REPLY: [RegExp, DegreeLevel][] = [
  [/^\W*(?:an?\s+)?(?:ba|bs|bachelors?)\b/i, 'bachelor'],
  [/^\W*(?:an?\s+)?(?:ma|ms|masters?)\b/i, 'master'],
  [/^\W*(?:an?\s+)?(?:aa|as|aas|associates?)\b/i, 'associate'],
  [/^\W*(?:an?\s+)?(?:doctor(?:ate)?|phd)\b/i, 'doctorate'],
  [/^\W*(?:an?\s+)?certificates?\b/i, 'certificate'],
];
// "I already have a bachelor's" is the degree they hold, not the one they want.
export const HOLDS = /\b(?:have|has|had|hold|holds|held|completed|finished|earned|got|already|(?:student|applicant|transfer|someone) with an?)\b/i;

export function degreeLevel(text: string, asked: boolean): DegreeLevel | null {
  // The last degree mentioned wins ("not a master's, a bachelor's").
  let found: DegreeLevel | null = null;
  for (const s of sentences(text)) {
    if (!asked && !FIRST_PERSON.test(s)) continue;
    let at = -1;
    for (const [re, level] of DEGREE_WORDS) {
      for (const m of s.matchAll(re)) {
        const before = clauseBefore(s, m.index).slice(-20);
        if (HOLDS.test(before) || NEGATION.test(before) || m.index < at) continue;
        found = level;
        at = m.index;
      }
    }
  }
  if (found) return found;
  if (asked && text.length <= 60) for (const [re, level] of DEGREE_REPLY) if (re.test(tidy(text))) return level;
  return null;
}

/* ----------------------------------------------------------------------------------------------
 * State or province
 * -------------------------------------------------------------------------------------------- */

export const REGIONS: [string, string][] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AZ', 'Arizona'], ['AR', 'Arkansas'], ['CA', 'California'], ['CO', 'Colorado'],
  ['CT', 'Connecticut'], ['DE', 'Delaware'], ['FL', 'Florida'], ['GA', 'Georgia'], ['HI', 'Hawaii'], ['ID', 'Idaho'],
  ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'], ['KY', 'Kentucky'], ['LA', 'Louisiana'],
  ['ME', 'Maine'], ['MD', 'Maryland'], ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'],
  ['MO', 'Missouri'], ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['OH', 'Ohio'], ['OK', 'Oklahoma'],
  ['OR', 'Oregon'], ['PA', 'Pennsylvania'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'],
  ['TN', 'Tennessee'], ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VA', 'Virginia'], ['WA', 'Washington'],
  ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'], ['DC', 'District of Columbia'], ['PR', 'Puerto Rico'],
  ['AB', 'Alberta'], ['BC', 'British Columbia'], ['MB', 'Manitoba'], ['NB', 'New Brunswick'], ['NL', 'Newfoundland and Labrador'],
  ['NS', 'Nova Scotia'], ['NT', 'Northwest Territories'], ['NU', 'Nunavut'], ['ON', 'Ontario'], ['PE', 'Prince Edward Island'],
  ['QC', 'Quebec'], ['SK', 'Saskatchewan'], ['YT', 'Yukon'],
];
export const REGION_BY_CODE = new Map(REGIONS);
// Lower-case names and a few common aliases, longest first so "West Virginia" beats "Virginia".
export const REGION_ALIASES: [string, string][] = [
  ['washington dc', 'District of Columbia'], ['washington d.c.', 'District of Columbia'], ['washington, dc', 'District of Columbia'],
  ['washington, d.c.', 'District of Columbia'], ['québec', 'Quebec'], ['newfoundland', 'Newfoundland and Labrador'],
  ['pei', 'Prince Edward Island'], ['yukon territory', 'Yukon'],
];
export const REGION_NAMES = [...REGIONS.map(([, name]): [string, string] => [name.toLowerCase(), name]), ...REGION_ALIASES].sort((a, b) => b[0].length - a[0].length);
// "from Ohio State", "Indiana University": a school, not where they live.
export const SCHOOL_AFTER = /^\s*(?:state|university|college|tech|a&m|institute|community college|city college)\b/i;

// The region named at the very start of `rest`, or null.
export function regionAt(rest: string, codes: boolean): string | null {
  const lower = rest.toLowerCase();
  for (const [name, canonical] of REGION_NAMES) {
    if (!lower.startsWith(name) || /[\p{L}]/u.test(lower.charAt(name.length))) continue;
    const after = rest.slice(name.length);
    if (SCHOOL_AFTER.test(after) || (name === 'kansas' && /^\s+city\b/i.test(after))) return null;
    return canonical;
  }
  // Postal codes only in capitals: "in OR" is Oregon, "or" is just "or".
  const code = codes ? /^([A-Z]{2})\b/.exec(rest) : null;
  return code ? (REGION_BY_CODE.get(code[1]) ?? null) : null;
}

export const CODE_WORDS = new Set(['me', 'in', 'hi', 'ok', 'or', 'oh', 'ma', 'la', 'de', 'al', 'id', 'mo', 'ne', 'pa']);

export const LIVES_IN = /\b(?:live in|living in|lives in|located in|based in|reside in|residing in|moved to|currently in|here in|(?:i'm|im|i am|we're|we are)\s+(?:currently\s+|still\s+)?in|(?:high school|go to school|attend(?:ing)? school)\s+in|from)\s+(?:the\s+(?:state|province)\s+of\s+)?/gi;

export function stateProvince(text: string, asked: boolean): string | null {
  let found: string | null = null;
  for (const s of sentences(text)) {
    for (const m of s.matchAll(LIVES_IN)) {
      const isFrom = /^from/i.test(m[0]);
      // "from" needs the visitor to be speaking of themself ("I'm from", "Jordan from Ohio here").
      if (isFrom && !FIRST_PERSON.test(s.slice(0, m.index)) && !/^\s*\S+(?:\s\S+)?\s+here\b/i.test(s.slice(m.index + m[0].length)) && m.index !== 0) continue;
      if (!isFrom && !FIRST_PERSON.test(s)) continue;
      const rest = s.slice(m.index + m[0].length);
      let region = regionAt(rest, true);
      // "I live in Portland, OR" / "in Portland, Oregon".
      const city = region ? null : /^\p{Lu}[\p{L}.'-]*(?:\s\p{Lu}[\p{L}.'-]*){0,2},\s*/u.exec(rest);
      if (city) region = regionAt(rest.slice(city[0].length), true);
      if (region) found = region;
    }
  }
  if (found === null && asked && text.length <= 60 && !text.includes('?')) {
    // A bare reply: "Ohio", "tx", "Portland, Oregon", "I'm in BC".
    const t = tidy(text).trim().replace(/[.!]+$/, '');
    const bare = t.replace(/^(?:(?:i|we) (?:live|am|are) in|i'm in|i'm from|from|in|it's)\s+/i, '');
    // Lower-case codes that are also words ("me", "in", "oh") are not taken for states.
    if (/^[a-z]{2}$/i.test(bare)) return bare === bare.toLowerCase() && CODE_WORDS.has(bare) ? null : (REGION_BY_CODE.get(bare.toUpperCase()) ?? null);
    const lower = bare.toLowerCase();
    for (let i = 0; i < lower.length && found === null; i++) {
      if (i === 0 || /[^\p{L}]/u.test(lower[i - 1])) found = regionAt(bare.slice(i), i > 0);
    }
  }
  return found;
}
