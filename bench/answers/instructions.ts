// Staff's instructions and where the built-in model may pass them on (issue 48 item 7). Each school
// keeps the tuition instructions of its profile; here it also gets special instructions (saved through
// the API after its other questions, so they change no other figure), then questions asked:
//   fits     a question the instruction is about: the answer carries its point, as a sentence to the
//            visitor (`says`), and never the instruction's imperative (the readability check's
//            'instruction' finding);
//   unrelated a question it is not about (the deposit, housing, a start date): none of `never`.
// Written from the schools' instructions alone, before any tuning; split into halves by id like the rest.
import type { Fact } from './questions';

export type SpecialInstruction = { title: string; instruction_text: string; instruction_type: 'always_do' | 'never_do' | 'general'; priority: number };
export type InstructionCase = { id: string; question: string; fits: boolean; says?: Fact[]; never?: string[] };
export type SchoolInstructions = { special: SpecialInstruction[]; cases: InstructionCase[] };

export const INSTRUCTIONS: Record<string, SchoolInstructions> = {
  // Tuition instructions: 'Point families to the Financial Aid page: most students pay less than the published price.'
  larchmont: {
    special: [{ title: 'Visits', instruction_text: 'Always encourage families to visit campus before they decide.', instruction_type: 'always_do', priority: 50 }],
    cases: [
      { id: 'ins-larch-tuition', question: 'How much is tuition?', fits: true, says: ['most students pay less than the published price'] },
      { id: 'ins-larch-afford', question: 'Larchmont looks expensive. Can we afford it?', fits: true, says: ['published price'] },
      { id: 'ins-larch-price', question: "What's the price of a year at Larchmont?", fits: true, says: ['published price'] },
      { id: 'ins-larch-deposit', question: 'When is the enrollment deposit due and how much is it?', fits: false, never: ['published price', 'before they decide', 'before you decide'] },
      { id: 'ins-larch-housing', question: 'When does the housing application open?', fits: false, never: ['published price', 'before they decide', 'before you decide'] },
      { id: 'ins-larch-shuttle', question: 'How much is the shuttle from the Portland airport?', fits: false, never: ['published price'] },
    ],
  },
  // 'Send people to the Tuition & Fees page for the full table by credit load. Remind them that most students
  // receive grants, and that the Tamarack Promise covers tuition for recent graduates of in-district high
  // schools who enroll full-time.'
  'community-college': {
    special: [{ title: 'Placement', instruction_text: 'Always tell students that most of them can place with their high school GPA instead of a test.', instruction_type: 'always_do', priority: 50 }],
    cases: [
      { id: 'ins-cc-tuition', question: 'How much is tuition per credit?', fits: true, says: ['most students receive grants'] },
      { id: 'ins-cc-afford', question: "I'm worried I can't afford college. What does it cost?", fits: true, says: ['receive grants'] },
      { id: 'ins-cc-promise', question: 'Is tuition free for local high school graduates?', fits: true, says: ['Tamarack Promise'] },
      { id: 'ins-cc-spring', question: 'When does spring semester start?', fits: false, never: ['receive grants', 'credit load', 'high school GPA instead'] },
      { id: 'ins-cc-transcript', question: 'how much for an official transcript', fits: false, never: ['receive grants', 'credit load'] },
      { id: 'ins-cc-open-house', question: "When's the next open house?", fits: false, never: ['receive grants', 'high school GPA instead'] },
    ],
  },
  // 'Always mention Tuition Assistance, which is need-based and received by about 31% of students, and the
  // sibling discount. Refer billing questions to the Business Office.'
  'k12-day-school': {
    special: [{ title: 'Tours', instruction_text: 'Always invite families to book a tour of the campus.', instruction_type: 'always_do', priority: 50 }],
    cases: [
      { id: 'ins-k12-upper', question: 'What is tuition for the upper school?', fits: true, says: ['Tuition Assistance'] },
      { id: 'ins-k12-afford', question: "Private school seems expensive. Is it affordable for a family like ours?", fits: true, says: ['Tuition Assistance'] },
      { id: 'ins-k12-k', question: 'How much is kindergarten tuition?', fits: true, says: ['sibling discount'] },
      { id: 'ins-k12-start', question: 'what time does 7th grade start in the morning', fits: false, never: ['sibling discount', '31%', 'book a tour'] },
      { id: 'ins-k12-bus', question: 'deadline to sign up for the bus?', fits: false, never: ['sibling discount', 'Business Office'] },
      { id: 'ins-k12-lunch', question: 'Do students eat lunch at school?', fits: false, never: ['sibling discount', '31%'] },
    ],
  },
  // 'Point families to the Tuition, Fees and Residency page for the full cost of attendance and to the
  // Scholarships page for the merit scholarship tables. Questions about residency classification go to the
  // Office of the Registrar at residency@krsu.edu.'
  'state-university': {
    special: [{ title: 'Honors', instruction_text: 'Always mention that the Honors College has no separate application fee.', instruction_type: 'always_do', priority: 50 }],
    cases: [
      { id: 'ins-su-tuition', question: 'What is in-state tuition?', fits: true, says: ['Tuition, Fees and Residency page'] },
      { id: 'ins-su-cost', question: 'What does a year cost for an out-of-state student?', fits: true, says: ['cost of attendance'] },
      { id: 'ins-su-residency', question: 'How do I get classified as a resident for tuition?', fits: true, says: ['residency@krsu.edu'] },
      { id: 'ins-su-housing', question: 'When is the housing deposit due?', fits: false, never: ['merit scholarship tables', 'cost of attendance', 'separate application fee'] },
      { id: 'ins-su-visit', question: 'Can I tour campus on a Saturday?', fits: false, never: ['merit scholarship tables', 'separate application fee'] },
      { id: 'ins-su-music', question: 'Do music majors need an audition?', fits: false, never: ['merit scholarship tables', 'residency@krsu.edu'] },
    ],
  },
};
