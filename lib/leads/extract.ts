import { findPhoneNumbersInText, isSupportedCountry, type CountryCode } from 'libphonenumber-js';
import { stemmer } from 'stemmer';
import type { LeadData, LeadFieldKey, LeadValue } from '@/lib/leads/fields';

// Lead fields read from what a visitor typed in chat (spec 002 §3.3). Rule-based and deliberately
// cautious: a wrong name or a school's own phone number on a lead is worse than a missing field, so
// most rules want a first-person cue ("my", "I'm") or a direct reply to the assistant's question.
// Only the visitor's messages are read; the assistant's only tell which question a reply answers.
// Pure: no I/O, safe on the server, in the widget and in tests.

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

type Ctx = {
  want: Set<LeadFieldKey>;
  programs: ProgramMatcher[];
  country: CountryCode;
  now: Date;
};

/* ----------------------------------------------------------------------------------------------
 * Which question an assistant message asked
 * -------------------------------------------------------------------------------------------- */

const tidy = (text: string) => text.replace(/[’‘`]/g, "'").replace(/[“”]/g, '"');

function sentences(text: string): string[] {
  // Split after . ! ? ; followed by space (so e-mail addresses and 503.555.0123 stay whole).
  return tidy(text)
    .split(/(?<=[.!?;])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const REQUEST = /\b(?:could you|can you|would you|will you|please (?:share|provide|tell|send|give|enter|type|let)|may i (?:have|ask|get)|mind sharing|let me know|tell me|what's your|what is your)\b/i;
const OPT_IN_CUE = /\b(?:updates?|newsletters?|news|(?:okay|ok|alright|all right) (?:if|for)|mind if|may we|can we|could we|would you like (?:to )?(?:receive|get|hear)|like to receive|permission|opt[- ]in|sign (?:you )?up|subscribe)\b/;
const VALUE_CUE = /\b(?:address|number|what's your|what is your|share your|provide your|your (?:e-?mail|phone|cell|mobile))\b/;
const PARENT_WORD = /\b(?:parents?'?s?|guardians?'?s?|mom'?s?|mum'?s?|mother'?s?|dad'?s?|father'?s?)(?![\w])/;

// "Which program interests you?", "What would you like to study?", but not "Any other questions
// about the program?".
const MAJOR_QUESTION =
  /\b(?:which|what)\b[^?]*\b(?:programs?|majors?|fields?|areas?|subjects?)\b[^?]*\byou\b|\b(?:which|what)\b[^?]*\byou\b[^?]*\b(?:study|studying|major|majoring|programs?)\b|\b(?:are|were) you (?:interested in|considering|thinking (?:about|of)|leaning towards)\b[^?]*\b(?:programs?|majors?|study|studying)\b|\bintended major\b|\bfield of study\b/;

// The first field whose question this sentence is, or null.
function sentenceAsks(s: string): LeadFieldKey | null {
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

/* ----------------------------------------------------------------------------------------------
 * Shared cues
 * -------------------------------------------------------------------------------------------- */

// "I", "my", "we"…: the visitor is talking about themself (or their child, for "my son").
const FIRST_PERSON = /\b(?:i|i'm|im|i'd|i've|i'll|me|my|mine|we|we're|our|us|myself)\b/i;
const NEGATION = /\b(?:not|never|no longer|don't|dont|doesn't|isn't|aren't|won't|nor)\b|n't\b/i;

// The clause just before position `at`: back to the last comma, semicolon or "but".
function clauseBefore(s: string, at: number): string {
  const before = s.slice(0, at);
  const cut = Math.max(before.lastIndexOf(','), before.lastIndexOf(';'), before.toLowerCase().lastIndexOf(' but '));
  return cut >= 0 ? before.slice(cut + 1) : before;
}

/* ----------------------------------------------------------------------------------------------
 * E-mail and phone
 * -------------------------------------------------------------------------------------------- */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/g;
// Shared inboxes are the school's, not the visitor's ("I emailed admissions@… but…").
const ROLE_MAILBOX = /^(?:admissions?|info|information|noreply|no-reply|donotreply|support|help|contact|office|registrar|enroll|enrollment|apply)$/i;
// Said about an address or number that is not the visitor's own.
const NOT_MINE = /\b(?:your (?:e-?mail|address|number|phone|office)|emailed|e-mailed|wrote to|sent (?:an? )?(?:e-?mail|message|it)|tried|texted|called|calling|fax)\b/i;
const ABOUT_SCHOOL = /\b(?:your|yours|you guys|office|website|site)\b/i;
// "…, that's my mom's" after the value.
const PARENT_AFTER = /^\s*[(,–—-]?\s*(?:(?:is|that's|that is|which is|it's)\s+)?(?:my|our|the)\s+(?:parents?'?s?|guardians?'?s?|mom'?s?|mum'?s?|mother'?s?|dad'?s?|father'?s?)\b/i;

// "my e-mail is…" in a reply to the parent question: the visitor gave their own after all.
const FIRST_PERSON_OWN = /\bmy (?:own )?(?:e-?mail|phone|number|cell|mobile)\b/i;

type Found = { value: string; parent: boolean; sentence: string };

// Values found by `locate` in each sentence, tagged parent/own by the words around them.
function contactsIn(text: string, locate: (s: string) => { value: string; start: number; end: number }[]): Found[] {
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

function findEmails(s: string) {
  return [...s.matchAll(EMAIL)]
    .map((m) => ({ value: m[0].replace(/\.+$/, '').toLowerCase(), start: m.index, end: m.index + m[0].length }))
    .filter((h) => !ROLE_MAILBOX.test(h.value.split('@')[0]));
}

function phoneFinder(country: CountryCode) {
  return (s: string) =>
    findPhoneNumbersInText(s, { defaultCountry: country })
      .filter((m) => m.number.isValid())
      .map((m) => ({ value: String(m.number.number), start: m.startsAt, end: m.endsAt }));
}

function phoneTypeIn(text: string, reply: boolean): string | null {
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

/* ----------------------------------------------------------------------------------------------
 * Names
 * -------------------------------------------------------------------------------------------- */

// Words that follow "I'm" / "this is" far more often than a name does.
const NOT_A_NAME = new Set(
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
const NAME_PARTICLES = new Set(['van', 'von', 'de', 'da', 'del', 'della', 'di', 'du', 'la', 'le', 'st', 'bin', 'al']);
// Adjective and verb endings; only held against lower-case words ("i'm exhausted").
const WORDY_ENDING = /(?:ing|ed|ous|ful|less|ive|able|ible)$/;

const isCapitalised = (w: string) => /^\p{Lu}/u.test(w) && w !== w.toUpperCase();

function nameLike(word: string, strong: boolean): boolean {
  if (!/^\p{L}[\p{L}'-]*$/u.test(word) || /'s$/i.test(word)) return false; // "Jordan's" is about someone else
  const lower = word.toLowerCase();
  if (NOT_A_NAME.has(lower) || lower.length < 2) return false;
  if (strong || isCapitalised(word)) return true;
  return !(lower.length >= 5 && WORDY_ENDING.test(lower));
}

// "jordan" and "JORDAN" become "Jordan"; "McDonald", "O'Neil" and initials ("JJ") are kept as typed.
function nameCase(word: string): string {
  if (word !== word.toLowerCase() && (word !== word.toUpperCase() || word.length <= 2)) return word;
  return word.toLowerCase().replace(/(^|[-'])(\p{L})/gu, (_, sep: string, ch: string) => sep + ch.toUpperCase());
}

type Names = { first?: string; last?: string; preferred?: string };

// The 1-3 name words at the start of `rest`. Weak cues ("I'm X") need a capitalised name or a
// clean stop after it; strong cues ("my name is x") accept any word that is not a common word.
function takeName(rest: string, strong: boolean): string[] | null {
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

function splitFull(words: string[]): Names {
  if (words.length === 1) return { first: words[0] };
  // The surname keeps its particle: "Ludwig van Beethoven" → last "van Beethoven".
  let lastStart = words.length - 1;
  while (lastStart > 1 && NAME_PARTICLES.has(words[lastStart - 1])) lastStart--;
  return { first: words[0], last: words.slice(lastStart).join(' ') };
}

// `child`: the cue names the student even when a parent is writing.
const NAME_CUES: { re: RegExp; strong: boolean; kind: 'full' | 'first' | 'last' | 'preferred'; child?: true }[] = [
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
const PARENT_WRITING = /\b\p{L}+'s (?:mom|mum|mother|dad|father|parent|guardian)\b|\bmy (?:son|daughter|child|kid|kids|children|stepson|stepdaughter|grandson|granddaughter)\b|\b(?:i'm|i am|as) (?:a|the) (?:parent|guardian|mom|mum|dad|mother|father)\b/iu;

function namesFromCues(text: string): Names {
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
function nameReply(text: string, ctx: Ctx): string[] | null {
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

/* ----------------------------------------------------------------------------------------------
 * Years, GPA, dates
 * -------------------------------------------------------------------------------------------- */

const maxYear = (ctx: Ctx) => ctx.now.getFullYear() + 8;
const yearOk = (y: number, ctx: Ctx) => Number.isInteger(y) && y >= 1950 && y <= maxYear(ctx);
const twoDigitYear = (yy: string) => 2000 + Number(yy);

function graduationYear(text: string, asked: boolean, ctx: Ctx): number | null {
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

function gpaValue(raw: string): number | null {
  const n = Number(raw);
  return Number.isFinite(n) && n >= 0 && n <= 5 ? Math.round(n * 100) / 100 : null;
}

function gpa(text: string, asked: boolean): number | null {
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

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
const monthNumber = (name: string) => MONTHS.indexOf(name.slice(0, 3).toLowerCase()) + 1;

// ISO date for a real, past calendar day; null for 2008-02-30 or a date in the future.
function isoDate(y: number, m: number, d: number, ctx: Ctx): string | null {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (y < 1900 || date.getTime() > ctx.now.getTime()) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

const DATE_FORMS: { re: RegExp; parts: (m: RegExpExecArray) => [number, number, number] }[] = [
  { re: /\b(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/, parts: (m) => [+m[1], +m[2], +m[3]] }, // 2008-05-01
  { re: /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/, parts: (m) => [+m[3], +m[1], +m[2]] }, // 05/01/2008, US order
  { re: new RegExp(`\\b${MONTH}\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?,?\\s+(\\d{4})\\b`, 'i'), parts: (m) => [+m[3], monthNumber(m[1]), +m[2]] },
  { re: new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?${MONTH}\\.?,?\\s+(\\d{4})\\b`, 'i'), parts: (m) => [+m[3], monthNumber(m[2]), +m[1]] },
];

// The first date in `s` (optionally only right at its start).
function findDate(s: string, anchored: boolean, ctx: Ctx): string | null {
  let best: { at: number; iso: string | null } | null = null;
  for (const form of DATE_FORMS) {
    const m = form.re.exec(s);
    if (!m || (anchored && m.index !== 0)) continue;
    if (best === null || m.index < best.at) best = { at: m.index, iso: isoDate(...form.parts(m), ctx) };
  }
  return best?.iso ?? null;
}

function dateOfBirth(text: string, asked: boolean, ctx: Ctx): string | null {
  let found: string | null = null;
  const cue = /\b(?:born(?:\s+(?:on|in))?|birthday(?:\s+(?:is|was))?|birth\s*date(?:\s+is)?|date of birth(?:\s+is)?|dob(?:\s+is)?)\s*[:-]?\s*(?:the\s+)?/gi;
  for (const s of sentences(text)) {
    for (const m of s.matchAll(cue)) found = findDate(s.slice(m.index + m[0].length), true, ctx) ?? found;
  }
  if (found === null && asked && text.length <= 60) found = findDate(tidy(text), false, ctx);
  return found;
}

/* ----------------------------------------------------------------------------------------------
 * Degree level
 * -------------------------------------------------------------------------------------------- */

type DegreeLevel = 'associate' | 'bachelor' | 'master' | 'doctorate' | 'certificate';
const DEGREE_WORDS: [RegExp, DegreeLevel][] = [
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
const DEGREE_REPLY: [RegExp, DegreeLevel][] = [
  [/^\W*(?:an?\s+)?(?:ba|bs|bachelors?)\b/i, 'bachelor'],
  [/^\W*(?:an?\s+)?(?:ma|ms|masters?)\b/i, 'master'],
  [/^\W*(?:an?\s+)?(?:aa|as|aas|associates?)\b/i, 'associate'],
  [/^\W*(?:an?\s+)?(?:doctor(?:ate)?|phd)\b/i, 'doctorate'],
  [/^\W*(?:an?\s+)?certificates?\b/i, 'certificate'],
];
// "I already have a bachelor's" is the degree they hold, not the one they want.
const HOLDS = /\b(?:have|has|had|hold|holds|held|completed|finished|earned|got|already|(?:student|applicant|transfer|someone) with an?)\b/i;

function degreeLevel(text: string, asked: boolean): DegreeLevel | null {
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

const REGIONS: [string, string][] = [
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
const REGION_BY_CODE = new Map(REGIONS);
// Lower-case names and a few common aliases, longest first so "West Virginia" beats "Virginia".
const REGION_ALIASES: [string, string][] = [
  ['washington dc', 'District of Columbia'], ['washington d.c.', 'District of Columbia'], ['washington, dc', 'District of Columbia'],
  ['washington, d.c.', 'District of Columbia'], ['québec', 'Quebec'], ['newfoundland', 'Newfoundland and Labrador'],
  ['pei', 'Prince Edward Island'], ['yukon territory', 'Yukon'],
];
const REGION_NAMES = [...REGIONS.map(([, name]): [string, string] => [name.toLowerCase(), name]), ...REGION_ALIASES].sort((a, b) => b[0].length - a[0].length);
// "from Ohio State", "Indiana University": a school, not where they live.
const SCHOOL_AFTER = /^\s*(?:state|university|college|tech|a&m|institute|community college|city college)\b/i;

// The region named at the very start of `rest`, or null.
function regionAt(rest: string, codes: boolean): string | null {
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

const CODE_WORDS = new Set(['me', 'in', 'hi', 'ok', 'or', 'oh', 'ma', 'la', 'de', 'al', 'id', 'mo', 'ne', 'pa']);

const LIVES_IN = /\b(?:live in|living in|lives in|located in|based in|reside in|residing in|moved to|currently in|here in|(?:i'm|im|i am|we're|we are)\s+(?:currently\s+|still\s+)?in|(?:high school|go to school|attend(?:ing)? school)\s+in|from)\s+(?:the\s+(?:state|province)\s+of\s+)?/gi;

function stateProvince(text: string, asked: boolean): string | null {
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

/* ----------------------------------------------------------------------------------------------
 * Intended major
 * -------------------------------------------------------------------------------------------- */

type ProgramMatcher = { name: string; core: string[]; main: string | null; aliases: string[] };

// Degree words and connectors: dropped from program names and from what the visitor wrote alike.
const PROGRAM_FILLER = new Set(
  (
    'the a an of in and for with to on at my your program programs major majors minor degree degrees track concentration option online course courses ' +
    'bachelor bachelors master masters associate associates doctorate doctor certificate diploma ba bs ma ms bsc msc aa as aas phd'
  ).split(' '),
);
const DEGREE_ABBREVIATIONS = new Set(['ba', 'bs', 'ma', 'ms', 'bsc', 'msc', 'aa', 'as', 'aas', 'phd', 'cert']);
// Words too general to stand for a whole program on their own ("public" in "Public Health").
const MODIFIERS = new Set(
  'general applied public international human social digital global advanced integrated interdisciplinary liberal pre science sciences studies arts art management technology'.split(
    ' ',
  ),
);
const stemOf = (w: string) => stemmer(w);

function programWords(text: string): string[] {
  // Single letters are the remains of "B.A." and the like.
  return (tidy(text).toLowerCase().replace(/'s\b/g, 's').match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length > 1 && !PROGRAM_FILLER.has(w));
}

function buildPrograms(names: string[]): ProgramMatcher[] {
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

function containsRun(hay: string[], needle: string[]): boolean {
  if (needle.length === 0) return false;
  for (let i = 0; i + needle.length <= hay.length; i++) if (needle.every((w, j) => hay[i + j] === w)) return true;
  return false;
}

function matchPrograms(phrase: string, programs: ProgramMatcher[]): string[] {
  if (!programs.length) return [];
  const raw: string[] = tidy(phrase).toLowerCase().replace(/\./g, '').match(/[\p{L}\p{N}]+/gu) ?? [];
  const stems = programWords(phrase).map(stemOf);
  return programs
    .filter((p) => containsRun(stems, p.core) || (p.main !== null && stems.includes(p.main)) || p.aliases.some((a) => raw.includes(a)))
    .map((p) => p.name);
}

// Where a stated interest starts: "major in", "study", "interested in", "program in", "apply to the"…
const MAJOR_CUE = /\b(?:major(?:ing)?\s+in|minor(?:ing)?\s+in|stud(?:y|ying)|interested\s+in|(?:program|degree|track|concentration|career|bachelor'?s?|master'?s?|associate'?s?|b\.?[as]\.?|m\.?[as]\.?|bsc|msc|phd)\s+in|pursu(?:e|ing)|go(?:ing)?\s+into|passionate\s+about|apply(?:ing)?\s+(?:to|for)|looking\s+(?:at|into)|considering|thinking\s+(?:about|of))\s+/gi;
// Where it ends.
const PHRASE_END = /[.;!?]|\b(?:but|because|since|so|when|if|how|what|where|which|while|though)\b/i;
const FREE_MAJOR_CUE = /\b(?:major(?:ing)?\s+in|stud(?:y|ying))\s+/gi;
const NOT_A_MAJOR = /^(?:abroad|here|there|online|hard|at|with|for|more|something|anything|everything|what|it|this|that|undecided|to|in|full|part|over|on|and|or|together|a lot|all)\b/i;
const FREE_MAJOR_STOP = /\b(?:at|in|with|for|because|but|so|next|this|here|there|abroad|online|when|if|after|before|while|since|and then)\b/i;

function titleCase(phrase: string): string {
  return phrase
    .split(/\s+/)
    .map((w, i) => (i > 0 && /^(?:and|of|in|the|for|&)$/i.test(w) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1)))
    .join(' ');
}

// A free-text major (no program list): at most five words, none of them filler like "abroad".
function freeMajor(phrase: string): string | null {
  let p = phrase.split(PHRASE_END)[0].split(/,/)[0];
  const stop = FREE_MAJOR_STOP.exec(p);
  if (stop) p = p.slice(0, stop.index);
  p = p.replace(/^(?:the|a|an|some)\s+/i, '').replace(/\s+(?:program|major|degree)s?\s*$/i, '').trim();
  const words = p.split(/\s+/).filter(Boolean);
  if (!words.length || words.length > 5 || NOT_A_MAJOR.test(p) || !/^[\p{L}][\p{L}\s&'-]*$/u.test(p)) return null;
  return titleCase(words.join(' '));
}

function majors(text: string, asked: boolean, ctx: Ctx): string[] {
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

function yesNo(text: string): boolean | null {
  const t = tidy(text).trim().toLowerCase();
  if (/^(?:no|nope|nah|no thanks|no thank you|not now|not really|i'd rather not|i would rather not|please don't|don't|dont|not interested)\b/.test(t)) return false;
  if (/^(?:yes|yeah|yep|yup|y|sure|ok|okay|of course|absolutely|definitely|please do|please|sounds good|that's fine|fine|that works|go ahead|why not)\b/.test(t)) return true;
  return null;
}

/* ----------------------------------------------------------------------------------------------
 * Putting it together
 * -------------------------------------------------------------------------------------------- */

function fromMessage(text: string, asked: LeadFieldKey | null, ctx: Ctx): LeadData {
  const out: LeadData = {};
  const want = (f: LeadFieldKey) => ctx.want.has(f);

  // E-mail: a parent's address goes to parent_email, never to the visitor's own field.
  for (const e of contactsIn(text, findEmails)) {
    const parent = e.parent || (asked === 'parent_email' && !FIRST_PERSON_OWN.test(e.sentence));
    if (parent) {
      if (want('parent_email')) out.parent_email = e.value;
    } else if (want('email')) out.email = e.value;
  }

  // Phone: E.164; the visitor's own number may say what kind it is.
  for (const p of contactsIn(text, phoneFinder(ctx.country))) {
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

  const year = want('graduation_year') ? graduationYear(text, asked === 'graduation_year', ctx) : null;
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
 * The lead fields the visitor's messages give, limited to `opts.fields`. Later messages win over
 * earlier ones, except intended majors, which accumulate (a visitor may name several programs).
 * A user message directly after an assistant question is also read as a bare answer to it.
 */
export function extractLeadData(messages: ChatMessage[], opts: ExtractOptions): LeadData {
  const country = opts.defaultCountry && isSupportedCountry(opts.defaultCountry.toUpperCase()) ? (opts.defaultCountry.toUpperCase() as CountryCode) : 'US';
  const ctx: Ctx = { want: new Set(opts.fields), programs: buildPrograms(opts.programs ?? []), country, now: opts.now ?? new Date() };
  const result: LeadData = {};
  messages.forEach((msg, i) => {
    if (msg?.role !== 'user' || typeof msg.content !== 'string' || !msg.content.trim()) return;
    const prev = messages[i - 1];
    const asked = prev?.role === 'assistant' && typeof prev.content === 'string' ? askedField(prev.content) : null;
    const found = fromMessage(msg.content.slice(0, 5000), asked, ctx);
    for (const [key, value] of Object.entries(found) as [LeadFieldKey, LeadValue][]) {
      if (key === 'intended_major' && Array.isArray(result.intended_major) && Array.isArray(value)) {
        result.intended_major = [...new Set([...result.intended_major, ...value])];
      } else result[key] = value;
    }
  });
  return result;
}
