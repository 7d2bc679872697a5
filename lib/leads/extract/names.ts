import { type Ctx, tidy, sentences } from './context';
import { matchPrograms } from './programs';

/* ----------------------------------------------------------------------------------------------
 * Names
 * -------------------------------------------------------------------------------------------- */

// Words that follow "I'm" / "this is" far more often than a name does.
export const NOT_A_NAME = new Set(
  (
    'a an the this that these those it its not no yes yeah yep yup nope ok okay so just also still only even really very quite pretty too ' +
    'here there now then today tomorrow currently actually probably definitely maybe perhaps almost already always never sometimes usually ' +
    'finally basically honestly literally seriously totally kinda sorta gonna wanna gotta lol ' +
    'from in on at to for of with about into onto by as like than if and or but because since while when where what which who whom whose why how ' +
    'i me my mine you your yours he him his she her hers we us our they them their myself ' +
    'interested interesting looking wondering thinking applying going trying planning hoping considering asking calling writing reaching ' +
    'contacting emailing texting coming moving living working studying taking attending visiting transferring returning graduating finishing ' +
    'starting getting doing having being leaning aiming majoring minoring waiting checking curious ' +
    'student students senior seniors junior juniors freshman freshmen sophomore sophomores graduate grad undergrad undergraduate transfer ' +
    'adult learner parent parents mom mum mother dad father guardian grandparent grandma grandpa grandmother grandfather aunt uncle sister ' +
    'brother son daughter child kid teacher counselor counsellor coach nurse athlete veteran applicant prospective potential future current ' +
    'former international domestic local out first second third fourth fifth last next new old young older younger ' +
    'sure glad happy sad good great fine well alright excited confused unsure undecided ready able unable worried concerned nervous anxious ' +
    'afraid sorry thankful grateful tired busy free available bored lost stuck eager keen hungry late early confident certain positive ' +
    'enrolled admitted accepted waitlisted deferred rejected homeschooled home schooled online remote ' +
    'years year months month weeks old age ' +
    'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty ' +
    'back up down off over under done all any some each every both either neither much many more most less few lot lots ' +
    'hi hello hey thanks thank please welcome ' +
    'is am are was were be been will would can could should may might must do does did have has had get got want need like love hate know ' +
    'single married employed unemployed retired military part full time ' +
    "i'd i'll i've i'm im rather skip pass prefer anonymous nah none nothing private secret later " +
    // Chatty replies and admissions topics that answer "what's your name?" with something else.
    'cool awesome nice perfect wow lol haha hmm um uh whatever sounds cheers bye goodbye ' +
    'tuition housing info information help question questions apply application applications scholarship scholarships financial aid ' +
    'cost costs price fees deadline deadlines visit tour tours campus dorm dorms major majors program programs course courses class classes ' +
    'sports admission admissions transcript transcripts essay essays test tests sat act ' +
    // Nationalities and the like ("I'm Canadian").
    'american canadian mexican indian chinese japanese korean vietnamese filipino nigerian ghanaian kenyan british english irish scottish ' +
    'welsh french german italian spanish portuguese brazilian african asian european latino latina hispanic native jewish muslim catholic'
  ).split(/\s+/),
);
export const NAME_PARTICLES = new Set(['van', 'von', 'de', 'da', 'del', 'della', 'di', 'du', 'la', 'le', 'st', 'bin', 'al']);
// Adjective and verb endings; only held against lower-case words ("i'm exhausted").
export const WORDY_ENDING = /(?:ing|ed|ous|ful|less|ive|able|ible)$/;

export const isCapitalised = (w: string) => /^\p{Lu}/u.test(w) && w !== w.toUpperCase();

export function nameLike(word: string, strong: boolean): boolean {
  if (!/^\p{L}[\p{L}'-]*$/u.test(word) || /'s$/i.test(word)) return false; // "Jordan's" is about someone else
  const lower = word.toLowerCase();
  if (NOT_A_NAME.has(lower) || lower.length < 2) return false;
  if (strong || isCapitalised(word)) return true;
  return !(lower.length >= 5 && WORDY_ENDING.test(lower));
}

// "jordan" and "JORDAN" become "Jordan"; "McDonald", "O'Neil" and initials ("JJ") are kept as typed.
export function nameCase(word: string): string {
  if (word !== word.toLowerCase() && (word !== word.toUpperCase() || word.length <= 2)) return word;
  return word.toLowerCase().replace(/(^|[-'])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

export type Names = { first?: string; last?: string; preferred?: string };

// The 1-3 name words at the start of `rest`. Weak cues ("I'm X") need a capitalised name or a
// clean stop after it; strong cues ("my name is x") accept any word that is not a common word.
export function takeName(rest: string, strong: boolean): string[] | null {
  const tokens = rest.match(/\p{L}[\p{L}'-]*|[^\s\p{L}]+/gu) ?? [];
  const words: string[] = [];
  let i = 0;
  for (; i < tokens.length && words.length < 3; i++) {
    const t = tokens[i];
    if (words.length > 0 && NAME_PARTICLES.has(t) && tokens[i + 1] && isCapitalised(tokens[i + 1])) {
      words.push(t);
      continue;
    }
    // After a weak cue a surname must look like the first name: "I'm Jordan Smith", "i'm jordan smith".
    const ok = nameLike(t, strong) && (strong || words.length === 0 || isCapitalised(t) === isCapitalised(words[0]));
    if (!ok) break;
    words.push(t);
  }
  if (words.length === 0 || NAME_PARTICLES.has(words[words.length - 1])) return null;
  if (!strong) {
    const next = tokens[i];
    const fine = next === undefined || /^[^\p{L}]/u.test(next) || /^(?:and|from|here|btw|i|i'm|im|a|an|my)$/i.test(next);
    if (!fine) return null;
  }
  return words.map((w) => (NAME_PARTICLES.has(w) ? w : nameCase(w)));
}

export function splitFull(words: string[]): Names {
  if (words.length === 1) return { first: words[0] };
  // The surname keeps its particle: "Ludwig van Beethoven" → last "van Beethoven".
  let lastStart = words.length - 1;
  while (lastStart > 1 && NAME_PARTICLES.has(words[lastStart - 1])) lastStart--;
  return { first: words[0], last: words.slice(lastStart).join(' ') };
}

// `child`: the cue names the student even when a parent is writing.
export const NAME_CUES: { re: RegExp; strong: boolean; kind: 'full' | 'first' | 'last' | 'preferred'; child?: true }[] = [
  { re: /\bmy (?:full )?name is\s+|\bmy name's\s+|^(?:the )?name's\s+|^(?:the )?name is\s+/gi, strong: true, kind: 'full' },
  { re: /\bmy (?:son|daughter|child|kid|student)'s (?:full )?name is\s+/gi, strong: true, kind: 'full', child: true },
  { re: /\bmy first name is\s+|\bmy given name is\s+/gi, strong: true, kind: 'first' },
  { re: /\bmy (?:last|family) name is\s+|\bmy surname is\s+/gi, strong: true, kind: 'last' },
  { re: /\bmy preferred name is\s+|\bi (?:prefer to |usually |like to )?go by\s+|\bi prefer to be called\s+/gi, strong: true, kind: 'preferred' },
  { re: /\b(?:you can |please |just |everyone |people |friends )?call me\s+/gi, strong: false, kind: 'preferred' },
  { re: /\b(?:i'm|im|i am)\s+/gi, strong: false, kind: 'full' },
  { re: /(?:^|\b(?:hi|hello|hey|hiya|good (?:morning|afternoon|evening))\b[\s,!.-]*)this is\s+/gi, strong: false, kind: 'full' },
];

// A parent writing ("I'm Sarah, Jordan's mom", "this is Sarah, my son is a junior"): the writer's own
// name is not the student's, so only explicit cues like "my son's name is" count.
export const PARENT_WRITING = /\b\p{L}+'s (?:mom|mum|mother|dad|father|parent|guardian)\b|\bmy (?:son|daughter|child|kid|kids|children|stepson|stepdaughter|grandson|granddaughter)\b|\b(?:i'm|i am|as) (?:a|the) (?:parent|guardian|mom|mum|dad|mother|father)\b/iu;

export function namesFromCues(text: string): Names {
  const names: Names = {};
  const aboutSomeoneElse = PARENT_WRITING.test(tidy(text));
  for (const s of sentences(text)) {
    for (const cue of NAME_CUES) {
      if (aboutSomeoneElse && !cue.child) continue;
      for (const m of s.matchAll(cue.re)) {
        const words = takeName(s.slice(m.index + m[0].length), cue.strong);
        if (!words) continue;
        if (cue.kind === 'full') Object.assign(names, splitFull(words));
        else if (cue.kind === 'first') names.first = words[0];
        else if (cue.kind === 'last') names.last = words.join(' ');
        else names.preferred = words.slice(0, 2).join(' ');
      }
    }
  }
  return names;
}

// A bare reply to "what's your name?": "Jordan", "jordan smith", "It's Jordan!", "Sure, Jordan Smith".
export function nameReply(text: string, ctx: Ctx): string[] | null {
  let t = tidy(text).trim();
  if (/[?@\d]/.test(t)) return null;
  t = t.replace(/^(?:(?:hi|hello|hey|sure|ok|okay|yes|yeah|yep|of course|absolutely|sure thing)\b[\s,!.]*)+/i, '');
  t = t.replace(/^(?:it's|it is|i'm|im|i am|my name is|my name's|name's|this is|you can call me|call me|just)\s+/i, '');
  t = t.replace(/[\s,]+(?:thanks|thank you|thx)\b.*$/i, '');
  t = t.split(/,|\band\b/i)[0].replace(/[\s.!]+$/, '').trim();
  const words = t.split(/\s+/).filter(Boolean);
  if (words.length < 1 || words.length > 3) return null;
  if (!words.every((w, i) => (i > 0 && i < words.length - 1 && NAME_PARTICLES.has(w.toLowerCase())) || nameLike(w, true))) return null;
  if (matchPrograms(words.join(' '), ctx.programs).length) return null; // "Nursing" answers another question
  return words.map((w) => (NAME_PARTICLES.has(w.toLowerCase()) ? w.toLowerCase() : nameCase(w)));
}
