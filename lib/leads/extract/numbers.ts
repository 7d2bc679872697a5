import { type Ctx, tidy, sentences } from './context';
import { FIRST_PERSON } from './contacts';

/* ----------------------------------------------------------------------------------------------
 * Years, GPA, dates
 * -------------------------------------------------------------------------------------------- */

export const maxYear = (ctx: Ctx) => ctx.now.getFullYear() + 8;
export const yearOk = (y: number, ctx: Ctx) => Number.isInteger(y) && y >= 1950 && y <= maxYear(ctx);
export const twoDigitYear = (yy: string) => 2000 + Number(yy);

export function graduationYear(text: string, asked: boolean, ctx: Ctx): number | null {
  let found: number | null = null;
  const take = (y: number) => {
    if (yearOk(y, ctx)) found = y;
  };
  for (const s of sentences(text)) {
    // "Class of 2027 here!" but not "What's due for the class of 2028?".
    const classOk = FIRST_PERSON.test(s) || !s.endsWith('?');
    for (const m of s.matchAll(/\bclass of\s+(?:'\s?(\d{2})|(\d{4}))\b/gi)) if (classOk) take(m[1] ? twoDigitYear(m[1]) : Number(m[2]));
    // "I graduate in 2027", "she'll be graduating from high school in June 2027", "my graduation year is 2027".
    for (const m of s.matchAll(/\b(?:graduat(?:e|es|ed|ing|ion)|grad)\b([^.!?\d]{0,40}?)\b(\d{4})\b/gi)) {
      // The field is about high school: "graduated college in 2015" is another year.
      if (/\b(?:college|university|grad school|bachelor|master|degree)\b/i.test(m[1])) continue;
      if (FIRST_PERSON.test(s.slice(0, m.index)) || /\b(?:he|she|they)\b/i.test(s.slice(0, m.index))) take(Number(m[2]));
    }
    // "I'm a 2027 grad", "'27 graduate".
    for (const m of s.matchAll(/(?:\b(\d{4})|'(\d{2}))\s+(?:grad|graduate)\b/gi)) {
      if (FIRST_PERSON.test(s.slice(0, m.index))) take(m[1] ? Number(m[1]) : twoDigitYear(m[2]));
    }
  }
  if (found === null && asked && text.length <= 80 && !text.includes('?')) {
    // A bare reply to the graduation question: exactly one plausible year.
    const years = [...text.matchAll(/(?:\b(\d{4})\b|'(\d{2})\b)/g)].map((m) => (m[1] ? Number(m[1]) : twoDigitYear(m[2])));
    if (years.length === 1) take(years[0]);
  }
  return found;
}

export function gpaValue(raw: string): number | null {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 5 ? Math.round(n * 100) / 100 : null;
}

export function gpa(text: string, asked: boolean): number | null {
  let found: number | null = null;
  for (const s of sentences(text)) {
    // "What GPA do I need? Is a 3.0 GPA enough?" is not the visitor's GPA.
    const mine = /\bmy (?:\w+ )?(?:gpa|grade point)/i.test(s) || (FIRST_PERSON.test(s) && !s.endsWith('?'));
    if (!mine) continue;
    const patterns = [
      /\b(?:gpa|grade point average)\b[^\d\n.!?]{0,25}?(\d+(?:\.\d+)?)(?![\d.]*\d)/gi,
      /(?<![\d.])(\d+(?:\.\d+)?)\s*(?:\/\s*\d(?:\.\d+)?\s*)?(?:(?:weighted|unweighted|cumulative|overall)\s+)?(?:gpa|grade point)\b/gi,
    ];
    for (const re of patterns) for (const m of s.matchAll(re)) found = gpaValue(m[1]) ?? found;
  }
  if (found === null && asked && text.length <= 40) {
    const m = /^\W*(?:(?:it's|it is|about|around|roughly|approximately|like|~)\s*)*(\d(?:\.\d{1,3})?)(?:\s*\/\s*\d(?:\.\d+)?)?\W*$/i.exec(tidy(text).trim());
    if (m) found = gpaValue(m[1]);
  }
  return found;
}

export const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
export const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
export const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

// ISO date for a real, past calendar day; null for 2008-02-30 or a date in the future.
export function isoDate(y: number, m: number, d: number, ctx: Ctx): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > ctx.now.getTime()) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

export const DATE_FORMS: { re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/, parts: (m) => [+m[1], +m[2], +m[3]] }, // 2008-05-01
  { re: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/, parts: (m) => [+m[3], +m[1], +m[2]] }, // 05/01/2008, US order
  { re: new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'), parts: (m) => [+m[3], monthNumber(m[1]), +m[2]] },
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\.?,?\\s+(\\d{4})\\b`, 'i'), parts: (m) => [+m[3], monthNumber(m[2]), +m[1]] },
];

// The first date in `s` (optionally only right at its start).
export function findDate(s: string, anchored: boolean, ctx: Ctx): string | null {
  let best: { at: number; iso: string | null } | null = null;
  for (const form of DATE_FORMS) {
    const m = form.re.exec(s);
    if (!m || (anchored && m.index !== 0)) continue;
    if (best === null || m.index < best.at) best = { at: m.index, iso: isoDate(...form.parts(m), ctx) };
  }
  return best?.iso ?? null;
}

export function dateOfBirth(text: string, asked: boolean, ctx: Ctx): string | null {
  let found: string | null = null;
  const cue = /\b(?:born(?:\s+(?:on|in))?|birthday(?:\s+(?:is|was))?|birth\s*date(?:\s+is)?|date of birth(?:\s+is)?|dob(?:\s+is)?)\s*[:-]?\s*(?:the\s+)?/gi;
  for (const s of sentences(text)) {
    for (const m of s.matchAll(cue)) found = findDate(s.slice(m.index + m[0].length), true, ctx) ?? found;
  }
  if (found === null && asked && text.length <= 60) found = findDate(tidy(text), false, ctx);
  return found;
}
