// The benchmark's questions about Larchmont College, as visitors type them. Every answerable
// question lists the key facts a correct answer must contain; an inner list holds alternatives
// (any one of them will do). The absent ones ask for things the school's material never says.

export type Category =
  | 'synonym'
  | 'typo'
  | 'follow-up'
  | 'multi-part'
  | 'other'
  | 'abbreviation'
  | 'yes-no'
  | 'deadline'
  | 'cost'
  | 'table'
  | 'where'
  | 'how-to'
  | 'document'
  | 'spanish';
export type Turn = { role: 'user' | 'assistant'; content: string };
export type Fact = string | string[];
export type Answerable = { id: string; category: Category; question: string; history?: Turn[]; facts: Fact[] };
export type Absent = { id: string; question: string; history?: Turn[] };

const turn = (user: string, assistant: string): Turn[] => [
  { role: 'user', content: user },
  { role: 'assistant', content: assistant },
];

export const ANSWERABLE: Answerable[] = [
  // Synonyms: the visitor's word is not the site's.
  { id: 'syn-dorms', category: 'synonym', question: 'What are the dorms like for freshmen?', facts: ['Birch Hall', 'Whitcomb Hall'] },
  { id: 'syn-frats', category: 'synonym', question: 'Are there frats on campus?', facts: [['four fraternities', '4 fraternities']] },
  { id: 'syn-sticker', category: 'synonym', question: "What's the sticker price for a year of classes?", facts: ['$52,380'] },
  { id: 'syn-ap', category: 'synonym', question: 'Will my AP test results count for anything?', facts: ['4 or 5'] },
  { id: 'syn-ratio', category: 'synonym', question: "What's the student to teacher ratio?", facts: [['11:1', '11 to 1']] },
  { id: 'syn-cat', category: 'synonym', question: 'Can I bring my cat to live in my room?', facts: ['fish'] },
  { id: 'syn-cafeteria', category: 'synonym', question: 'What are the cafeteria hours?', facts: ['7 am', '10 pm'] },
  { id: 'syn-therapist', category: 'synonym', question: 'Is there a therapist I can see for free?', facts: ['no charge'] },
  { id: 'syn-fafsa-code', category: 'synonym', question: 'What school code do I put on my federal student aid form?', facts: ['003817'] },

  // Typos, as typed on a phone.
  { id: 'typo-meal', category: 'typo', question: 'how much do freshmen hav to pay for the meal plan', facts: ['$6,240'] },
  { id: 'typo-address', category: 'typo', question: 'whats the adress of the campus', facts: ['40 College Row'] },
  { id: 'typo-ed', category: 'typo', question: 'when is the erly decison deadline', facts: ['November 1'] },
  { id: 'typo-tuition', category: 'typo', question: 'tuiton cost?', facts: ['$52,380'] },
  { id: 'typo-nclex', category: 'typo', question: 'whats the nclex pass rate for ur nursing progam', facts: ['94%'] },
  { id: 'typo-fafsa', category: 'typo', question: 'finacial aid deadine for the fafsa?', facts: ['February 15'] },
  { id: 'typo-clubs', category: 'typo', question: 'how many clubs r there', facts: ['140'] },
  { id: 'typo-ac', category: 'typo', question: 'is there air conditionning in the dorms', facts: ['Ridgeline'] },

  // Follow-ups: the question only makes sense with the previous turn.
  {
    id: 'fu-park', category: 'follow-up', question: 'Where do we park when we come for it?',
    history: turn('When is the fall open house?', 'The Fall Open House is on Saturday, October 17, 2026.'), facts: ['Lot C'],
  },
  {
    id: 'fu-nursing-places', category: 'follow-up', question: 'How many students get in each year?',
    history: turn('Tell me about the nursing program.', 'The Bachelor of Science in Nursing prepares you to practise as a registered nurse, with direct admission for first-year applicants.'), facts: ['64'],
  },
  {
    id: 'fu-scholarship-gpa', category: 'follow-up', question: 'What GPA do I need to keep it?',
    history: turn('What is the Presidential Scholarship worth?', 'The Presidential Scholarship is $24,000 a year.'), facts: ['2.75'],
  },
  {
    id: 'fu-transfer-credits', category: 'follow-up', question: 'How many of my credits can I bring?',
    history: turn('Do you take transfer students?', 'Yes: about 90 students transfer to Larchmont each year.'), facts: ['64'],
  },
  {
    id: 'fu-move-in', category: 'follow-up', question: 'What time is move-in if my last name is Nguyen?',
    history: turn('When is orientation?', 'Heron Start, our orientation, runs from August 19 to August 22, 2027.'), facts: [['12 noon', 'noon', '12 pm']],
  },
  {
    id: 'fu-toefl', category: 'follow-up', question: 'What TOEFL score do I need?',
    history: turn('How do international students apply?', 'International students apply through the same plans and deadlines as everyone else.'), facts: ['90'],
  },
  {
    id: 'fu-aid-phone', category: 'follow-up', question: "What's his phone number?",
    history: turn('Who runs the financial aid office?', 'Marcus Oyelaran is the Director of Financial Aid.'), facts: ['555-0177'],
  },
  {
    id: 'fu-tour-weekend', category: 'follow-up', question: 'Do they run on weekends too?',
    history: turn('Tell me about campus tours.', 'Student-led tours leave the Welcome Center in Hadley Hall on weekdays at 10 am and 2 pm.'), facts: ['Saturday'],
  },

  // Several questions in one message: every part must be answered.
  { id: 'mp-ea-rd', category: 'multi-part', question: 'What are the Early Action and Regular Decision deadlines?', facts: ['November 15', 'January 15'] },
  { id: 'mp-room-meals', category: 'multi-part', question: 'How much are the room and the meal plan?', facts: ['$8,960', '$6,240'] },
  { id: 'mp-fee-waiver', category: 'multi-part', question: "What's the application fee, and can it be waived?", facts: ['$60', ['first-generation', 'first generation', 'visit']] },
  { id: 'mp-housing', category: 'multi-part', question: 'When does the housing application open and how much is the housing deposit?', facts: ['March 1', '$250'] },
  { id: 'mp-athletics', category: 'multi-part', question: 'What division do your sports teams play in, and how many varsity teams are there?', facts: ['Division III', '22'] },
  { id: 'mp-scholarships', category: 'multi-part', question: "How much are the Presidential and Dean's scholarships worth?", facts: ['$24,000', '$16,000'] },
  { id: 'mp-ib', category: 'multi-part', question: "Which IB scores earn credit, and what's the most credit I can get by exam?", facts: [['5, 6 or 7', '5, 6, or 7', '5 or higher'], '32'] },
  { id: 'mp-deposit', category: 'multi-part', question: 'When is the enrollment deposit due and how much is it?', facts: ['May 1', '$400'] },

  // Plain questions, the guide's facts, a visitor who introduces themself, and one in Spanish.
  { id: 'sat', category: 'other', question: 'Do I have to send SAT scores?', facts: [['test-optional', 'test optional']] },
  { id: 'promise', category: 'other', question: 'What is the Larchmont Promise?', facts: ['$75,000'] },
  { id: 'tour-length', category: 'other', question: 'How long does a campus tour take?', facts: ['75 minutes'] },
  { id: 'intro-licensure', category: 'other', question: "Hi, I'm Maya Chen (maya.chen@example.com). What's the licensure exam pass rate for your education graduates?", facts: ['98%'] },
  { id: 'spanish-rd', category: 'other', question: '¿Cuál es la fecha límite para la Decisión Regular?', facts: [['January 15', '15 de enero']] },
  { id: 'dean', category: 'other', question: 'Who is the Dean of Admission?', facts: ['Dana Whitfield'] },
  { id: 'insurance', category: 'other', question: "How much is the college health insurance plan if I don't waive it?", facts: ['$2,180'] },
  { id: 'placement', category: 'other', question: 'When do I have to take the math placement test?', facts: ['June 15'] },
  { id: 'airport-shuttle', category: 'other', question: 'How much is the shuttle from the Portland airport?', facts: ['$35'] },
  { id: 'car', category: 'other', question: 'Can first-year students have a car on campus?', facts: ['may not keep a car'] },
  { id: 'refund', category: 'other', question: 'What refund do I get if I withdraw in the third week?', facts: ['50%'] },
  { id: 'downtown-shuttle', category: 'other', question: 'How often does the shuttle to downtown run?', facts: ['every 20 minutes'] },
];

export const ABSENT: Absent[] = [
  { id: 'absent-acceptance', question: 'What is your acceptance rate?' },
  { id: 'absent-rotc', question: 'Do you have an ROTC program?' },
  { id: 'absent-sat-average', question: 'What is the average SAT score of admitted students?' },
  { id: 'absent-permit', question: 'How much is a parking permit for juniors who live on campus?' },
  { id: 'absent-graduation', question: 'What is the four-year graduation rate?' },
  { id: 'absent-salary', question: 'What is the average starting salary of Larchmont graduates?' },
  { id: 'absent-library', question: 'How many books does the library hold?' },
  { id: 'absent-bookstore', question: 'What time does the campus bookstore close on Sundays?' },
  // Topics the site never mentions (issue 48: a marching band got FAFSA text).
  { id: 'absent-marching-band', question: 'Do you have a marching band?' },
  { id: 'absent-equestrian', question: 'Is there an equestrian team I could ride with?' },
  { id: 'absent-planetarium', question: 'Does Larchmont have a planetarium?' },
];
