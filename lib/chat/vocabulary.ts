// Admissions vocabulary, kept as data: words a visitor uses and the words a school's pages use
// for the same thing.

/** Neighbouring words: a question's word also matches passages and sentences that use the others. */
export const ADMISSIONS_SYNONYMS: string[][] = [
  ['apply', 'application', 'applications', 'applying', 'applicant', 'admission', 'admissions', 'enroll', 'enrollment'],
  ['cost', 'costs', 'tuition', 'fee', 'fees', 'price', 'expensive', 'afford', 'pay', 'paying'],
  ['aid', 'scholarship', 'scholarships', 'grant', 'grants', 'fafsa', 'financial'],
  ['visit', 'visits', 'tour', 'tours'],
  ['dorm', 'dorms', 'dormitory', 'dormitories', 'housing', 'residence', 'residential', 'room', 'rooms', 'live', 'living'],
  ['food', 'dining', 'meal', 'meals', 'eat'],
  ['major', 'majors', 'program', 'programs', 'degree', 'degrees', 'study', 'studies', 'course', 'courses'],
  ['deadline', 'deadlines', 'due', 'date', 'dates', 'when'],
  ['sport', 'sports', 'athletics', 'athletic', 'team', 'teams', 'varsity'],
  ['club', 'clubs', 'organisation', 'organisations', 'organization', 'organizations'],
  ['frat', 'frats', 'fraternity', 'fraternities', 'sorority', 'sororities', 'greek'],
  ['contact', 'phone', 'call', 'email', 'e-mail', 'reach'],
  ['transfer', 'transfers', 'transferring', 'credits', 'credit'],
  ['located', 'location', 'locations', 'address', 'where'],
  ['park', 'parking', 'car', 'cars', 'garage'],
  ['freshman', 'freshmen', 'newcomer', 'newcomers'],
];

/**
 * Abbreviations and what they stand for. Only the retrieval query is widened with them (either
 * way): their words ("early", "international") are too common to count as the same topic when
 * the local model picks sentences.
 */
export const ADMISSIONS_ABBREVIATIONS: Record<string, string> = {
  gpa: 'grade point average',
  ap: 'advanced placement',
  ib: 'international baccalaureate',
  ed: 'early decision',
  ea: 'early action',
  rd: 'regular decision',
  fafsa: 'free application for federal student aid',
  sat: 'scholastic assessment test',
  toefl: 'test of english as a foreign language',
};
