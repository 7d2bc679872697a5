import { stemmer } from 'stemmer';

// Admissions vocabulary, kept as data: the words a visitor uses and the words a school's pages use
// for the same thing. A school adds its own groups (its dining hall's name, its shuttle's nickname)
// on top of these; `Vocabulary` merges them. Entries may be phrases ("sticker price").

/** Neighbouring words: a question's word also matches passages and sentences that use the others. */
export const ADMISSIONS_SYNONYMS: string[][] = [
  ['apply', 'application', 'applications', 'applying', 'applicant', 'admission', 'admissions', 'enroll', 'enrollment', 'get in', 'get into'],
  ['cost', 'costs', 'tuition', 'fee', 'fees', 'price', 'expensive', 'afford', 'pay', 'paying', 'charge', 'charges'],
  ['tuition', 'sticker price', 'published price', 'list price', 'full price'],
  ['aid', 'scholarship', 'scholarships', 'grant', 'grants', 'fafsa', 'financial', 'merit'],
  ['fafsa', 'federal student aid', 'federal aid form', 'student aid form', 'federal school code'],
  ['visit', 'visits', 'tour', 'tours'],
  ['dorm', 'dorms', 'dormitory', 'dormitories', 'housing', 'residence hall', 'residence halls', 'residential', 'live on campus', 'living on campus'],
  ['room', 'rooms', 'housing', 'dorm', 'double', 'single'],
  ['food', 'dining', 'meal', 'meals', 'eat', 'cafeteria', 'canteen', 'dining hall', 'commons', 'lunch', 'dinner', 'breakfast'],
  ['major', 'majors', 'program', 'programs', 'programme', 'degree', 'degrees', 'study', 'studies', 'course', 'courses'],
  ['deadline', 'deadlines', 'due', 'date', 'dates', 'closes', 'by when'],
  ['sport', 'sports', 'athletics', 'athletic', 'team', 'teams', 'varsity', 'division'],
  ['club', 'clubs', 'organisation', 'organisations', 'organization', 'organizations', 'societies', 'society'],
  ['frat', 'frats', 'fraternity', 'fraternities', 'sorority', 'sororities', 'greek life', 'greek'],
  ['contact', 'phone', 'call', 'email', 'e-mail', 'reach', 'telephone', 'number'],
  ['transfer', 'transfers', 'transferring', 'bring credits'],
  ['credit', 'credits', 'count for', 'count toward', 'count towards', 'credit hour', 'credit hours', 'unit', 'units', 'semester hour', 'semester hours'],
  ['located', 'location', 'address', 'where is', 'directions', 'getting here', 'how to get here', 'find us'],
  ['park', 'parking', 'car', 'cars', 'garage', 'lot'],
  ['freshman', 'freshmen', 'first-year', 'first year', 'newcomer', 'newcomers'],
  ['pet', 'pets', 'cat', 'cats', 'dog', 'dogs', 'animal', 'animals', 'hamster', 'fish'],
  ['therapist', 'therapists', 'therapy', 'counseling', 'counselling', 'counselor', 'counsellor', 'mental health', 'wellness', 'psychologist'],
  ['free', 'no charge', 'no cost', 'free of charge', 'at no cost', 'complimentary'],
  ['doctor', 'clinic', 'health center', 'health centre', 'sick'],
  ['test', 'tests', 'exam', 'exams', 'testing'],
  ['sat', 'act', 'test scores', 'test-optional', 'standardized test', 'standardised test'],
  ['score', 'scores', 'result', 'results', 'grade', 'grades', 'mark', 'marks'],
  ['teacher', 'teachers', 'professor', 'professors', 'faculty', 'instructor', 'instructors'],
  ['ratio', 'class size', 'class sizes', 'student-faculty', 'student-to-faculty'],
  ['weekend', 'weekends', 'saturday', 'saturdays', 'sunday', 'sundays'],
  ['hours', 'opening hours', 'open until', 'open from'],
  ['airport', 'fly', 'flight', 'flying', 'plane'],
  ['shuttle', 'bus', 'shuttles', 'transit', 'transport', 'transportation'],
  ['job', 'jobs', 'work', 'work-study', 'employment', 'campus job'],
  ['abroad', 'overseas', 'exchange', 'study abroad'],
  ['orientation', 'move-in', 'move in', 'welcome week'],
  ['insurance', 'health plan', 'health insurance'],
  ['refund', 'refunds', 'money back'],
  ['safe', 'safety', 'security', 'crime', 'police'],
  ['acceptance rate', 'admit rate', 'admission rate', 'selectivity', 'percent of applicants admitted'],
  ['graduation rate', 'graduate in four years', 'graduate within four years', 'four-year graduation', 'six-year graduation'],
  ['starting salary', 'starting salaries', 'salary', 'salaries', 'earn after graduation'],
  ['retention rate', 'return for their second year', 'come back for sophomore year'],
  ['waive', 'waived', 'waiver', 'fee waiver'],
  ['deposit', 'deposits', 'enrollment deposit', 'confirm my place', 'hold my spot'],
  ['english', 'toefl', 'ielts', 'duolingo', 'language test'],
  ['average', 'median', 'mean', 'typical', 'typically', 'usually'],
  ['graduation', 'commencement'],
  ['bookstore', 'textbook', 'textbooks', 'campus store', 'school store', 'book store'],
  ['daycare', 'day care', 'aftercare', 'after-school care', 'after school care', 'childcare', 'child care'],
  ['financial aid', 'tuition assistance', 'need-based aid', 'tuition aid'],
  ['dual enrollment', 'dual credit', 'concurrent enrollment', 'early college', 'college classes in high school', 'college courses in high school'],
  ['mandatory', 'required', 'requirement', 'compulsory', 'obligatory'],
  ['accepted', 'admitted', 'admit', 'accept', 'acceptance', 'get in', 'got in', 'get into', 'got into'],
  ['graduate', 'graduates', 'grad', 'grads', 'alumni', 'graduating'],
  ['professor', 'professors', 'prof', 'profs'],
  ['parent', 'parents', 'family', 'families', 'guardian', 'guardians', 'mom', 'dad', 'mother', 'father'],
  ['out of state', 'non-resident', 'non-residents', 'nonresident', 'nonresidents'],
  // A K–12 school's divisions, as families and independent schools name them.
  ['high school', 'upper school', 'secondary school'],
  ['middle school', 'junior high', 'intermediate school'],
  ['elementary school', 'lower school', 'primary school', 'grade school'],
  ['dismissal', 'dismissed', 'get out', 'gets out', 'let out', 'lets out'],
  // Seasons and their months (the northern hemisphere's school year).
  ['summer', 'june', 'july', 'august'],
  ['fall', 'autumn', 'september', 'october', 'november'],
  ['winter', 'december', 'january', 'february'],
  ['spring', 'march', 'april'],
];

// Numbers as words, figures and ordinals ("the seven-day plan", "7 days", "7th grade").
const NUMBER_WORDS = ['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth', 'eleventh', 'twelfth'];
const SUFFIX = (n: number) => (n === 1 ? 'st' : n === 2 ? 'nd' : n === 3 ? 'rd' : 'th');
export const NUMBER_GROUPS: string[][] = NUMBER_WORDS.map((w, i) => [String(i + 1), w, ORDINALS[i]!, `${i + 1}${SUFFIX(i + 1)}`]);

/**
 * Abbreviations and what they stand for. A question's abbreviation matches passages and sentences
 * that spell it out, and the other way round.
 */
export const ADMISSIONS_ABBREVIATIONS: Record<string, string> = {
  gpa: 'grade point average',
  ap: 'advanced placement',
  ib: 'international baccalaureate',
  ed: 'early decision',
  ea: 'early action',
  rd: 'regular decision',
  fafsa: 'free application for federal student aid',
  toefl: 'test of english as a foreign language',
  rotc: 'reserve officers training corps',
  ra: 'resident assistant',
  bsn: 'bachelor of science in nursing',
  nclex: 'national council licensure examination',
  stem: 'science technology engineering and mathematics',
  css: 'css profile',
  hs: 'high school',
  ms: 'middle school',
  pe: 'physical education',
  cs: 'computer science',
  'comp sci': 'computer science',
  'poli sci': 'political science',
  meche: 'mechanical engineering',
  bio: 'biology',
  chem: 'chemistry',
  econ: 'economics',
  psych: 'psychology',
  kin: 'kinesiology',
  ged: 'general educational development',
  oos: 'out of state',
  fa: 'financial aid',
};

/**
 * Visitors who write in Spanish get the English words their question names, so the passages can
 * be found (the built-in model answers in English, and says so in the visitor's language).
 */
export const SPANISH_GLOSSARY: Record<string, string> = {
  'cuánto cuesta': 'how much is', 'cuanto cuesta': 'how much is', 'cuánto cuestan': 'how much are', cuesta: 'costs', cuestan: 'cost', 'cuándo': 'when', 'dónde': 'where', 'quién': 'who',
  'fecha límite': 'deadline', 'fecha limite': 'deadline', plazo: 'deadline', fecha: 'date', 'decisión regular': 'regular decision', 'decision regular': 'regular decision',
  'decisión temprana': 'early decision', 'acción temprana': 'early action', matrícula: 'tuition', colegiatura: 'tuition', costo: 'cost', precio: 'price',
  beca: 'scholarship', becas: 'scholarships', 'ayuda financiera': 'financial aid', solicitud: 'application', solicitar: 'apply', admisión: 'admission',
  residencia: 'residence hall', dormitorio: 'dorm', comida: 'meal plan', visita: 'visit', recorrido: 'tour', carrera: 'program', carreras: 'programs',
  enfermería: 'nursing', deportes: 'sports', clubes: 'clubs', estacionamiento: 'parking', dirección: 'address', teléfono: 'phone', depósito: 'deposit',
  transferencia: 'transfer', créditos: 'credits', 'de otro estado': 'out of state', 'fuera del estado': 'out of state', 'del estado': 'in state', residentes: 'residents', internacional: 'international', estudiantes: 'students', examen: 'exam', horario: 'hours',
};

const stemMemo = new Map<string, string>();
/** Porter stem, remembered (bounded: a flood of made-up words cannot grow the map without end). */
export function stem(word: string): string {
  let s = stemMemo.get(word);
  if (s === undefined) {
    if (stemMemo.size >= 50_000) stemMemo.clear();
    // Porter makes "one" "on": the number would then be named by every "on" of a page.
    s = word === 'one' ? word : stemmer(word);
    stemMemo.set(word, s);
  }
  return s;
}

/**
 * The stems of a word's agent-noun relatives: the word it is made from ("boarders" → board,
 * "grader" → grade, "kindergartner" → kindergarten) or the agent made from it ("teach" → teacher).
 * A school that writes "International boarding students" answers "international boarders".
 */
export function agentRelatives(word: string): string[] {
  if (word.length < 4) return [];
  const own = stem(word);
  const m = /^(.{4,}?)(n)?ers?$/.exec(word);
  const forms = m ? (m[2] ? [`${m[1]}n`, `${m[1]}en`] : [m[1]!, `${m[1]}e`]) : [`${word}er`, ...(word.endsWith('e') ? [`${word}r`] : []), ...(word.endsWith('en') ? [`${word.slice(0, -2)}ner`] : [])];
  return [...new Set(forms.map(stem))].filter((s) => s !== own);
}

export const words = (text: string) => text.toLowerCase().replace(/[’']/g, '').match(/[\p{L}\p{N}]+/gu) ?? [];

/** A phrase in the form `phrasesIn` looks for: its words, space-separated, padded. */
const phraseKey = (entry: string) => ` ${words(entry).join(' ')} `;

/** Groups of neighbouring words by stem, and phrases, for matching and widening a question. */
export class Vocabulary {
  /** Group ids of each single word's stem. */
  private readonly stemGroups = new Map<string, number[]>();
  /** Multi-word entries (and spelled-out abbreviations) with their group ids, by their first word. */
  private readonly phrases = new Map<string, { key: string; groups: number[] }[]>();
  /** Each group's single-word entries. */
  private readonly singleWords: string[][] = [];
  /** Every word the vocabulary knows, for spelling correction. */
  readonly known = new Set<string>();

  constructor(groups: string[][], abbreviations: Record<string, string>) {
    const add = (entries: string[]) => {
      const id = this.singleWords.length;
      this.singleWords.push(entries.filter((e) => words(e).length === 1).map((e) => words(e)[0]!));
      for (const entry of entries) {
        const ws = words(entry);
        for (const w of ws) this.known.add(w);
        if (ws.length === 1) this.addStemGroups(ws[0]!, [id]);
        else if (ws.length > 1) this.addPhrase(phraseKey(entry), id);
      }
    };
    for (const g of groups) add(g);
    for (const [abbreviation, spelled] of Object.entries(abbreviations)) {
      // The abbreviation also belongs to the groups its spelled-out phrase is in already ("OOS" ~ "non-resident").
      const spelledGroups = [...(this.phrasesIn(spelled).find((p) => p.key === phraseKey(spelled))?.groups ?? [])];
      add([abbreviation, spelled]);
      const ws = words(abbreviation);
      if (ws.length === 1 && spelledGroups.length) this.addStemGroups(ws[0]!, spelledGroups);
    }
  }

  private addStemGroups(word: string, ids: number[]) {
    const s = stem(word);
    this.stemGroups.set(s, [...(this.stemGroups.get(s) ?? []), ...ids]);
  }

  private addPhrase(key: string, id: number) {
    const first = key.trim().split(' ')[0]!;
    const list = this.phrases.get(first) ?? [];
    const found = list.find((p) => p.key === key);
    if (found) found.groups.push(id);
    else list.push({ key, groups: [id] });
    this.phrases.set(first, list);
  }

  /** The phrases found in the text, looked up by each of its words (a school may add many phrases). */
  private phrasesIn(text: string): { key: string; groups: number[] }[] {
    const ws = words(text);
    const padded = ` ${ws.join(' ')} `;
    const out: { key: string; groups: number[] }[] = [];
    for (const w of new Set(ws)) for (const p of this.phrases.get(w) ?? []) if (padded.includes(p.key)) out.push(p);
    return out;
  }

  /** The groups a stemmed word belongs to. */
  groupsOf(term: string): readonly number[] {
    return this.stemGroups.get(term) ?? [];
  }

  /** Every group the text names: by its words' stems and by the phrases in it. */
  groupsIn(text: string, stems: Iterable<string>): Set<number> {
    const out = new Set<number>();
    for (const s of stems) for (const g of this.groupsOf(s)) out.add(g);
    for (const p of this.phrasesIn(text)) for (const g of p.groups) out.add(g);
    return out;
  }

  /** The groups of each phrase in the text ("high school" is both "upper school"'s and "hs"'s). */
  phraseGroupSetsIn(text: string): number[][] {
    return this.phrasesIn(text).map((p) => p.groups);
  }

  /** Groups named only by phrases in the text ("sticker price"): they stand for a topic word of the question. */
  phraseGroupsIn(text: string): number[] {
    return this.phrasesIn(text).flatMap((p) => p.groups);
  }

  /** The stems of the groups' single-word entries (a phrase's words, "greek life", are not the group's). */
  stemsOf(groups: Iterable<number>): string[] {
    const out = new Set<string>();
    for (const g of groups) for (const w of this.singleWords[g] ?? []) out.add(stem(w));
    return [...out];
  }

  /** The words of the phrases found in the text. */
  phraseWordsIn(text: string): string[] {
    return this.phrasesIn(text).flatMap((p) => p.key.trim().split(' '));
  }

  /** The built-in vocabulary with a school's own groups added. */
  static withExtra(extra: string[][]): Vocabulary {
    return extra.length ? new Vocabulary([...BUILT_IN_GROUPS, ...extra], ADMISSIONS_ABBREVIATIONS) : BUILT_IN_VOCABULARY;
  }
}

const BUILT_IN_GROUPS = [...ADMISSIONS_SYNONYMS, ...NUMBER_GROUPS];
export const BUILT_IN_VOCABULARY = new Vocabulary(BUILT_IN_GROUPS, ADMISSIONS_ABBREVIATIONS);
