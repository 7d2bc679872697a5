import { stemmer } from 'stemmer';
import { type Ctx, type ProgramMatcher, tidy, sentences, yesNo } from './context';
import { FIRST_PERSON, NEGATION, clauseBefore } from './contacts';

/* ----------------------------------------------------------------------------------------------
 * Intended major
 * -------------------------------------------------------------------------------------------- */


// Degree words and connectors: dropped from program names and from what the visitor wrote alike.
export const PROGRAM_FILLER = new Set(
  (
    'the a an of in and for with to on at my your program programs major majors minor degree degrees track concentration option online course courses ' +
    'bachelor bachelors master masters associate associates doctorate doctor certificate diploma ba bs ma ms bsc msc aa as aas phd'
  ).split(' '),
);
export const DEGREE_ABBREVIATIONS = new Set(['ba', 'bs', 'ma', 'ms', 'bsc', 'msc', 'aa', 'as', 'aas', 'phd', 'cert']);
// Words too general to stand for a whole program on their own ("public" in "Public Health").
export const MODIFIERS = new Set(
  'general applied public international human social digital global advanced integrated interdisciplinary liberal pre science sciences studies arts art management technology'.split(
    ' ',
  ),
);
export const stemOf = (w: string) => stemmer(w);

export function programWords(text: string): string[] {
  // Single letters are the remains of "B.A." and the like.
  return (tidy(text).toLowerCase().replace(/'s\b/g, 's').match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !PROGRAM_FILLER.has(w));
}

export function buildPrograms(names: string[]): ProgramMatcher[] {
  const base = names
    .filter((n) => typeof n === 'string' && n.trim())
    .map((name) => {
      const aliases = [...name.matchAll(/\(([^)]*)\)/g)].flatMap((m) => m[1].toLowerCase().split(/[\s/,]+/)).filter((a) => /^[a-z.]{2,8}$/.test(a));
      // "Bachelor of Science in Nursing" → "nursing": the science/arts of a degree title is filler.
      const bare = name.replace(/\([^)]*\)/g, ' ').replace(/\b(?:bachelor|master|associate|doctor)(?:'?s)?\s+of\s+(?:(?:fine|applied|liberal)\s+)?(?:science|sciences|arts)\b/gi, ' ');
      let core = programWords(bare).map(stemOf);
      if (core.length === 0) core = programWords(name).map(stemOf);
      return { name: name.trim(), core, aliases: aliases.map((a) => a.replace(/\./g, '')) };
    });
  return base.map((p) => {
    // A main word stands for the program only when no other program shares it.
    const first = p.core.length > 1 ? p.core[0] : null;
    const unique = first !== null && first.length >= 4 && !MODIFIERS.has(first) && base.every((o) => o === p || !o.core.includes(first));
    const aliases = p.aliases.filter((a) => !DEGREE_ABBREVIATIONS.has(a) && base.every((o) => o === p || !o.aliases.includes(a)));
    return { name: p.name, core: p.core, main: unique ? first : null, aliases };
  });
}

export function containsRun(hay: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= hay.length; i++) if (needle.every((w, j) => hay[i + j] === w)) return true;
  return false;
}

export function matchPrograms(phrase: string, programs: ProgramMatcher[]): string[] {
  if (!programs.length) return [];
  const raw: string[] = tidy(phrase).toLowerCase().replace(/\./g, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  const stems = programWords(phrase).map(stemOf);
  return programs
    .filter((p) => containsRun(stems, p.core) || (p.main !== null && stems.includes(p.main)) || p.aliases.some((a) => raw.includes(a)))
    .map((p) => p.name);
}

// Where a stated interest starts: "major in", "study", "interested in", "program in", "apply to the"…
export const MAJOR_CUE = /\b(?:major(?:ing)?\s+in|minor(?:ing)?\s+in|stud(?:y|ying)|interested\s+in|(?:program|degree|track|concentration|career|bachelor'?s?|master'?s?|associate'?s?|b\.?[as]\.?|m\.?[as]\.?|bsc|msc|phd)\s+in|pursu(?:e|ing)|go(?:ing)?\s+into|passionate\s+about|apply(?:ing)?\s+(?:to|for)|looking\s+(?:at|into)|considering|thinking\s+(?:about|of))\s+/gi;
// Where it ends.
export const PHRASE_END = /[.;!?]|\b(?:but|because|since|so|when|if|how|what|where|which|while|though)\b/i;
export const FREE_MAJOR_CUE = /\b(?:major(?:ing)?\s+in|stud(?:y|ying))\s+/gi;
export const NOT_A_MAJOR = /^(?:abroad|here|there|online|hard|at|with|for|more|something|anything|everything|what|it|this|that|undecided|to|in|full|part|over|on|and|or|together|a lot|all)\b/i;
export const FREE_MAJOR_STOP = /\b(?:at|in|with|for|because|but|so|next|this|here|there|abroad|online|when|if|after|before|while|since|and then)\b/i;

export function titleCase(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((w, i) => (i > 0 && /^(?:and|of|in|the|for|&)$/i.test(w) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

// A free-text major (no program list): at most five words, none of them filler like "abroad".
export function freeMajor(phrase: string): string | null {
  let p = phrase.split(PHRASE_END)[0].split(/,/)[0];
  const stop = FREE_MAJOR_STOP.exec(p);
  if (stop) p = p.slice(0, stop.index);
  p = p.replace(/^(?:the|a|an|some)\s+/i, '').replace(/\s+(?:program|major|degree)s?\s*$/i, '').trim();
  const words = p.split(/\s+/).filter(Boolean);
  if (!words.length || words.length > 5 || NOT_A_MAJOR.test(p) || !/^[\p{L}][\p{L}\s&'-]*$/u.test(p)) return null;
  return titleCase(words.join(' '));
}

export function majors(text: string, asked: boolean, ctx: Ctx): string[] {
  const out: string[] = [];
  const add = (names: string[]) => names.forEach((n) => out.includes(n) || out.push(n));
  for (const s of sentences(text)) {
    if (!FIRST_PERSON.test(s)) continue;
    for (const m of s.matchAll(ctx.programs.length ? MAJOR_CUE : FREE_MAJOR_CUE)) {
      const before = clauseBefore(s, m.index);
      if (!FIRST_PERSON.test(s.slice(0, m.index)) || NEGATION.test(before)) continue;
      const rest = s.slice(m.index + m[0].length);
      if (ctx.programs.length) add(matchPrograms(rest.split(PHRASE_END)[0], ctx.programs));
      else {
        const free = freeMajor(rest);
        if (free) add([free]);
      }
    }
    // "I'm a nursing major", "my major is biology".
    if (ctx.programs.length) {
      for (const m of s.matchAll(/((?:[\p{L}&'-]+\s+){1,4})major\b(?!s)/giu)) {
        if (FIRST_PERSON.test(s.slice(0, m.index + m[0].length)) && !NEGATION.test(clauseBefore(s, m.index))) add(matchPrograms(m[1], ctx.programs));
      }
      for (const m of s.matchAll(/\bmy (?:intended )?major (?:is|would be|will be)\s+/gi)) add(matchPrograms(s.slice(m.index + m[0].length).split(PHRASE_END)[0], ctx.programs));
    } else {
      for (const m of s.matchAll(/\bmy (?:intended )?major (?:is|would be|will be)\s+/gi)) {
        const free = freeMajor(s.slice(m.index + m[0].length));
        if (free) add([free]);
      }
    }
  }
  if (!out.length && asked) {
    // A reply to "which program interests you?": any program named, or a short phrase.
    if (ctx.programs.length) add(matchPrograms(text, ctx.programs));
    else if (!text.includes('?') && yesNo(text) === null && !/\b(?:not sure|unsure|undecided|don't know|dont know|idk|no idea|no|nope|nothing|none|maybe)\b/i.test(text)) {
      const free = freeMajor(tidy(text).trim().replace(/^(?:i'm interested in|i want to study|probably|maybe|definitely|i think)\s+/i, ''));
      if (free) add([free]);
    }
  }
  return out;
}

/* ----------------------------------------------------------------------------------------------
 * Opt-ins
 * -------------------------------------------------------------------------------------------- */
