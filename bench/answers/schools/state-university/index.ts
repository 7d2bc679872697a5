// Kettle River State University (KRSU): an invented large public land-grant university in Marlow
// Crossing, Montana, with program pages, cost and scholarship tables and a long FAQ. Everything here
// is fictional. The questions were written from this material alone, before any tuning.
import type { Answerable, Absent, BenchSchool, Turn } from '../types';

const turn = (user: string, assistant: string): Turn[] => [
  { role: 'user', content: user },
  { role: 'assistant', content: assistant },
];

const answerable: Answerable[] = [
  // Synonyms: the visitor's word is not the site's.
  { id: 'su-syn-dorm-price', category: 'synonym', question: 'how much are the dorms for freshmen?', facts: ['$7,340'] },
  { id: 'su-syn-out-of-state', category: 'synonym', question: "What's tuition if you're from out of state?", facts: ['$27,180'] },
  { id: 'su-syn-merit-money', category: 'synonym', question: 'Do I have to fill out a separate form to get merit money?', facts: [['automatically', 'no separate application']] },
  { id: 'su-syn-freshman-orientation', category: 'synonym', question: 'is there a mandatory freshman orientation thing over the summer?', facts: ['Osprey Launch'] },
  { id: 'su-syn-student-id', category: 'synonym', question: 'how much does it cost to replace your student ID if you lose it', facts: ['$25'] },
  { id: 'su-syn-cafeteria', category: 'synonym', question: 'What time does the main cafeteria on the north side of campus open and close?', facts: ['Riverbend', ['7:00 a.m.', '7 a.m.'], ['9:00 p.m.', '9 p.m.']] },
  { id: 'su-syn-sticker-price', category: 'synonym', question: "What's the full sticker price for a year for an in-state kid living on campus, books and everything?", facts: ['$24,082'] },
  { id: 'su-syn-commute', category: 'synonym', question: 'My son wants to commute from home his first year instead of living in the dorms. Is that allowed?', facts: ['50 miles'] },

  // Abbreviations.
  { id: 'su-abbr-meche-credits', category: 'abbreviation', question: 'how many credits is the MechE degree', facts: ['128'] },
  { id: 'su-abbr-cs-concentrations', category: 'abbreviation', question: 'what concentrations can you do in CS?', facts: ['Cybersecurity', 'Data Science', 'Interactive Media and Games'] },
  { id: 'su-abbr-ra-perks', category: 'abbreviation', question: 'what do RAs get for doing the job', facts: ['single room', 'Block 175'] },
  { id: 'su-abbr-ntte-states', category: 'abbreviation', question: 'which states are part of NTTE?', facts: ['Alaska', 'Idaho', 'Wyoming'] },
  { id: 'su-abbr-ap', category: 'abbreviation', question: 'what AP score do u need to get college credit', facts: ['3 or higher'] },
  { id: 'su-abbr-ib', category: 'abbreviation', question: "I'm doing the full IB diploma, what scores get credit?", facts: ['Higher Level', '4 or higher'] },
  { id: 'su-abbr-kin', category: 'abbreviation', question: 'what are the different tracks in kin?', facts: ['Exercise Science', 'Pre-Health Professions', 'Physical Education and Health'] },
  { id: 'su-abbr-oos-band', category: 'abbreviation', question: 'OOS student here, 3.6 GPA and a 27 ACT. how much merit aid would i get?', facts: ['$9,500'] },
  { id: 'su-abbr-fafsa-code', category: 'abbreviation', question: 'whats the FAFSA code for KRSU', facts: ['004288'] },

  // Typos.
  { id: 'su-typo-nursing-gpa', category: 'typo', question: 'whats the minimun gpa to get into the nursing progam', facts: ['3.25'] },
  { id: 'su-typo-early-action', category: 'typo', question: 'when is erly action due', facts: ['November 15'] },
  { id: 'su-typo-honors', category: 'typo', question: 'how do i get into the honers colege', facts: ['3.5', 'January 15'] },
  { id: 'su-typo-unlimited', category: 'typo', question: 'how much is the unlimted meal plan', facts: ['$5,980'] },
  { id: 'su-typo-auditions', category: 'typo', question: 'when are the music auditons for next fall', facts: ['January 23', 'February 6', 'February 27'] },
  { id: 'su-typo-transfer-gpa', category: 'typo', question: 'wat gpa do i need to tranfer in from a comunity college', facts: ['2.25'] },
  { id: 'su-typo-move-in', category: 'typo', question: 'when is move in day for freshmn', facts: ['August 18', 'August 19'] },

  // Follow-ups: the question only makes sense with the previous turn.
  {
    id: 'su-fu-out-of-state', category: 'follow-up', question: 'what about out of state?',
    history: turn('How much is tuition for Montana residents?', 'For 2026–27, tuition for Montana residents is $6,420 for the year, plus $1,612 in mandatory fees.'),
    facts: ['$27,180'],
  },
  {
    id: 'su-fu-nursing-seats', category: 'follow-up', question: 'how many people get in each year?',
    history: turn('tell me about the nursing program', 'KRSU offers a 124-credit Bachelor of Science in Nursing. Students start as Pre-Nursing majors, complete prerequisites during their first three semesters, then apply to the professional nursing sequence.'),
    facts: [['72', '144']],
  },
  {
    id: 'su-fu-ntte-keep', category: 'follow-up', question: 'how do I keep it after freshman year?',
    history: turn('What is NTTE?', 'The Northern Tier Tuition Exchange lets first-year students from participating states pay 150% of resident tuition ($9,630 in 2026–27) instead of full non-resident tuition.'),
    facts: ['2.50', '24 credits'],
  },
  {
    id: 'su-fu-honors-dorm', category: 'follow-up', question: 'is there a dorm for it? how much?',
    history: turn("What's the honors college like?", 'The Liang Honors College has about 1,600 students, honors seminars capped at 18 students, priority registration and research grants.'),
    facts: ['Ridgeway Hall', '$8,560'],
  },
  {
    id: 'su-fu-recorded-audition', category: 'follow-up', question: "what if we can't make it to campus for one of those?",
    history: turn('Do music majors have to audition?', 'Yes. An audition is required for all music majors. On-campus audition days are January 23, February 6 and February 27, 2027.'),
    facts: [['recorded', 'recording'], 'March 1'],
  },
  {
    id: 'su-fu-meche-fee', category: 'follow-up', question: 'are there extra fees for that major?',
    history: turn("What's mechanical engineering like at KRSU?", 'The BSME is a 128-credit, ABET-accredited program in the College of Engineering, with emphases in Aerospace, Energy Systems, and Manufacturing and Robotics.'),
    facts: ['$600'],
  },
  {
    id: 'su-fu-visit-parking', category: 'follow-up', question: 'where do we park when we come?',
    history: turn('When can we do a campus tour?', 'Daily visits are offered Monday through Friday at 9:30 a.m. and 1:30 p.m., and on select Saturdays at 10:00 a.m.'),
    facts: ['Grant Street Parking Garage'],
  },
  {
    id: 'su-fu-transfer-spring', category: 'follow-up', question: 'and for spring?',
    history: turn("what's the transfer application deadline for fall?", 'Transfer applications for fall 2027 are due July 15, 2027.'),
    facts: ['December 15'],
  },
  {
    id: 'su-fu-orientation-cost', category: 'follow-up', question: 'does it cost anything? my parents want to come too',
    history: turn('When is freshman orientation?', 'Osprey Launch is a two-day orientation. 2027 sessions are June 10–11, June 17–18, June 24–25 and July 8–9.'),
    facts: ['$185', '$60'],
  },
  {
    id: 'su-fu-scholarship-renew', category: 'follow-up', question: 'is that every year or just freshman year?',
    history: turn("I'm from Montana with a 3.95 GPA and a 31 ACT, what merit scholarship would I get?", 'You would receive the Treasure State Scholarship of $6,000 per year.'),
    facts: [['four years', 'eight semesters', '4 years'], '3.00'],
  },

  // Several questions in one message.
  { id: 'su-mp-intl', category: 'multi-part', question: "what's the minimum IELTS and when is the international deadline for fall?", facts: ['6.0', 'April 15'] },
  { id: 'su-mp-housing-app', category: 'multi-part', question: 'When does the housing application open and how much is the deposit?', facts: ['October 1', '$250'] },
  { id: 'su-mp-presidential', category: 'multi-part', question: "What's the presidential scholarship worth and when do I need to apply by?", facts: ['full resident tuition', '$2,500', 'December 1'] },
  { id: 'su-mp-early-action', category: 'multi-part', question: "When's early action, when do we hear back, and is it binding?", facts: ['November 15', 'December 18', ['nonbinding', 'non-binding', 'not binding']] },
  { id: 'su-mp-score-codes', category: 'multi-part', question: 'what are the SAT and ACT codes to send my scores', facts: ['4397', '2498'] },
  { id: 'su-mp-cs-start', category: 'multi-part', question: "where's the computer science department and what's the first programming class?", facts: ['Kellerman Hall', 'CSCI 111'] },

  // Yes or no, with the detail that decides it.
  { id: 'su-yn-test-optional', category: 'yes-no', question: 'do I need to send SAT scores to apply?', facts: [['test-optional', 'test optional']] },
  { id: 'su-yn-early-decision', category: 'yes-no', question: 'Is there an early decision option?', facts: ['Early Action'] },
  { id: 'su-yn-essay', category: 'yes-no', question: 'Do I have to write an essay to apply?', facts: ['optional'] },
  { id: 'su-yn-ntte-nursing', category: 'yes-no', question: "I'm from Idaho, can I get the NTTE rate if I'm in nursing?", facts: [['non-resident tuition', 'nonresident tuition']] },
  { id: 'su-yn-car', category: 'yes-no', question: 'can freshmen bring cars?', facts: ['permit'] },
  { id: 'su-yn-rotc', category: 'yes-no', question: 'does KRSU have air force rotc', facts: ['Detachment 891'] },
  { id: 'su-yn-gap-year', category: 'yes-no', question: 'can I take a gap year after I get accepted?', facts: [['one academic year', 'one year'], 'June 1'] },
  { id: 'su-yn-winter-break', category: 'yes-no', question: 'do students have to move out of the dorms over winter break?', facts: ['Ponderosa Commons', 'Osprey Village'] },

  // Deadlines.
  { id: 'su-dl-priority', category: 'deadline', question: "when's the priority deadline for fall 2027?", facts: ['February 1'] },
  { id: 'su-dl-fafsa', category: 'deadline', question: 'fafsa deadline?', facts: ['March 1'] },
  { id: 'su-dl-commit', category: 'deadline', question: 'When do I have to commit and how much is the deposit?', facts: ['May 1', '$150'] },
  { id: 'su-dl-nursing-professional', category: 'deadline', question: 'when do pre-nursing students apply to the actual nursing program?', facts: ['February 10', 'September 10'] },
  { id: 'su-dl-ra', category: 'deadline', question: "What's the deadline to apply to be an RA?", facts: ['January 31'] },
  { id: 'su-dl-transcript', category: 'deadline', question: 'when is my final high school transcript due?', facts: ['August 1'] },

  // Costs, including lookups in the scholarship bands.
  { id: 'su-cost-band-resident', category: 'cost', question: 'I have a 3.7 and a 1250 SAT and I live in Montana, what scholarship would I get?', facts: ['$4,400'] },
  { id: 'su-cost-band-test-optional', category: 'cost', question: "I'm from California, 3.92 GPA, didn't take the SAT. How much merit aid?", facts: ['$10,500'] },
  { id: 'su-cost-ntte-total', category: 'cost', question: "What's the total cost per year on the Northern Tier exchange if I live on campus?", facts: ['$27,892'] },
  { id: 'su-cost-single', category: 'cost', question: 'how much is a single room in Tamarack', facts: ['$9,180'] },
  { id: 'su-cost-nursing-extra', category: 'cost', question: 'are there extra costs for nursing students?', facts: ['$1,150'] },
  { id: 'su-cost-part-time', category: 'cost', question: "how much per credit if I go part time? I'm in state", facts: ['$268'] },
  { id: 'su-cost-app-fee', category: 'cost', question: 'how much is the application fee', facts: ['$40'] },

  // Lookups in a table.
  { id: 'su-tbl-ponderosa-single', category: 'table', question: 'price of a suite single in Ponderosa Commons?', facts: ['$10,380'] },
  { id: 'su-tbl-block-175', category: 'table', question: 'How many dining dollars come with Block 175?', facts: ['$350'] },
  { id: 'su-tbl-flex', category: 'table', question: 'who can get the Flex 100 meal plan and what does it cost?', facts: ['Osprey Village', '$3,420'] },
  { id: 'su-tbl-duolingo', category: 'table', question: 'duolingo score needed?', facts: ['105'] },
  { id: 'su-tbl-admitted-day', category: 'table', question: 'Is there an event for admitted students in the spring?', facts: ['Osprey Preview Day', 'April 10'] },
  { id: 'su-tbl-cheapest-room', category: 'table', question: "What's the cheapest room option on campus?", facts: ['Larkspur', '$6,260'] },

  // Where things are.
  { id: 'su-where-tour-start', category: 'where', question: 'where do campus tours start?', facts: ['Osprey Welcome Center', 'Harmon Hall'] },
  { id: 'su-where-nursing', category: 'where', question: "where's the nursing building?", facts: ['Mercer Hall'] },
  { id: 'su-where-tutoring', category: 'where', question: 'where can I get tutoring?', facts: ['Osprey Learning Commons', 'Ferris Library'] },
  { id: 'su-where-meche-office', category: 'where', question: 'Where is the mechanical engineering department office?', facts: ['Brandt Engineering Hall', '214'] },
  { id: 'su-where-airport', category: 'where', question: 'what airport should we fly into for a visit?', facts: ['Marlow Crossing Regional Airport'] },

  // How to do something.
  { id: 'su-how-residency', category: 'how-to', question: "How do I get reclassified as in-state? I think they got my residency wrong.", facts: ['Residency Petition', '15th class day'] },
  { id: 'su-how-roommate', category: 'how-to', question: 'how do I request a specific roommate?', facts: [['list each other', 'request each other']] },
  { id: 'su-how-apply', category: 'how-to', question: 'how do I apply? can I use the common app?', facts: ['Common App', '$40'] },
  { id: 'su-how-dept-scholarships', category: 'how-to', question: 'How do I apply for scholarships from my major department?', facts: ['OspreyAwards', 'February 15'] },
  { id: 'su-how-transfer-credits', category: 'how-to', question: 'how can I check if my community college classes will transfer?', facts: ['TransferTrack'] },

  // Only in the viewbook.
  { id: 'su-doc-ratio', category: 'document', question: "what's the student to faculty ratio?", facts: [['17:1', '17 to 1']] },
  { id: 'su-doc-nclex', category: 'document', question: 'nclex pass rate?', facts: ['95.8%'] },
  { id: 'su-doc-meche-salary', category: 'document', question: 'How much do mechanical engineering grads make starting out?', facts: ['$73,500'] },
  { id: 'su-doc-study-abroad', category: 'document', question: 'how many students study abroad?', facts: ['1,040', '41 countries'] },
  { id: 'su-doc-class-size', category: 'document', question: 'how big are classes? like average class size', facts: ['27'] },
  { id: 'su-doc-ski', category: 'document', question: 'is there skiing close by? any student deal on passes?', facts: ['Sentinel Peak', '$229'] },
  { id: 'su-doc-band-camp', category: 'document', question: 'When does band camp start for marching band?', facts: ['August 9'] },
  { id: 'su-doc-avg-gpa', category: 'document', question: "What was the average GPA of last year's freshman class?", facts: ['3.52'] },

  // Spanish.
  { id: 'su-es-out-of-state', category: 'spanish', question: '¿Cuánto cuesta la matrícula para estudiantes de otro estado?', facts: ['$27,180'] },
  { id: 'su-es-early-action', category: 'spanish', question: '¿Cuál es la fecha límite para Early Action?', facts: [['November 15', '15 de noviembre']] },
  { id: 'su-es-meal-plan', category: 'spanish', question: '¿Cuánto cuesta el plan de comidas Block 225 al año?', facts: ['$5,260'] },

  // Anything else.
  { id: 'su-other-mascot', category: 'other', question: "what's the mascot?", facts: ['Osprey'] },
  { id: 'su-other-enrollment', category: 'other', question: 'how many students go there?', facts: [['23,840', '19,610']] },
  { id: 'su-other-accreditation', category: 'other', question: 'Who accredits the university?', facts: ['Northwest Commission on Colleges and Universities'] },
  { id: 'su-other-phone', category: 'other', question: 'whats the phone number for admissions', facts: [['(406) 555-0193', '406-555-0193', '406.555.0193']] },
];

const absent: Absent[] = [
  { id: 'su-abs-acceptance-rate', question: "What's KRSU's acceptance rate?" },
  { id: 'su-abs-avg-sat', question: 'what is the average SAT score of admitted students?' },
  { id: 'su-abs-parking-permit', question: 'How much does a student parking permit cost?' },
  { id: 'su-abs-architecture', question: 'do you have an architecture major?' },
  { id: 'su-abs-grad-rate', question: "What's the four-year graduation rate?" },
  { id: 'su-abs-dog', question: 'can I bring my dog to live with me in the dorm?' },
  { id: 'su-abs-stadium', question: 'how many people does the football stadium hold?' },
  { id: 'su-abs-sororities', question: 'Are there sororities on campus?' },
  // Topics the site never mentions (issue 48).
  { id: 'su-abs-equestrian', question: 'Does KRSU have an equestrian team?' },
  { id: 'su-abs-planetarium', question: 'Is there a planetarium on campus?' },
  {
    id: 'su-abs-fu-ac', question: 'do they have air conditioning?',
    history: turn('What dorms are there for freshmen?', 'First-year students live in Tamarack Hall, Larkspur Hall, Gallatin Towers, Ponderosa Commons or, for honors students, Ridgeway Hall.'),
  },
  {
    id: 'su-abs-fu-piano', question: "who's the piano teacher?",
    history: turn('Do music majors have to audition?', 'Yes. An audition is required for all music majors. On-campus audition days are January 23, February 6 and February 27, 2027.'),
  },
];

export const school: BenchSchool = {
  slug: 'state-university',
  account: { email: 'marcus.ellingboe@krsu.edu', password: 'Osprey-Kettle-2026!', username: 'mellingboe', first_name: 'Marcus', last_name: 'Ellingboe' },
  profile: (site: string) => ({
    create: {
      name: 'Kettle River State University',
      website_url: site,
      locations: ['Marlow Crossing, Montana'],
      classification: '4_year',
      degree_levels: ['bachelor', 'master', 'doctorate'],
      institution_control: 'public',
      tax_status: 'non_profit',
      mascot: 'Ospreys',
    },
    classification: {
      classification: '4_year',
      degree_levels: ['bachelor', 'master', 'doctorate'],
      institution_control: 'public',
      tax_status: 'non_profit',
      religious_affiliation: null,
      accreditation_info: 'Accredited by the Northwest Commission on Colleges and Universities (NWCCU). Engineering and computing programs are accredited by ABET, nursing by CCNE, business by AACSB International and music by NASM.',
    },
    contact: {
      contact_points: [
        { name: 'Office of Admissions', email: 'admissions@krsu.edu', phone: '(406) 555-0193', website: `${site}first-year.html` },
        { name: 'Office of Financial Aid and Scholarships', email: 'finaid@krsu.edu', phone: '(406) 555-0148', website: `${site}scholarships.html` },
        { name: 'University Housing', email: 'housing@krsu.edu', phone: '(406) 555-0162', website: `${site}housing.html` },
      ],
    },
    tuition: {
      tuition_info: 'Tuition for 2026–27 is $6,420 for Montana residents, $9,630 for Northern Tier Tuition Exchange (NTTE) students and $27,180 for non-residents, plus $1,612 in mandatory fees. Housing and meal plans are billed separately.',
      tuition_instructions: 'Point families to the Tuition, Fees and Residency page for the full cost of attendance and to the Scholarships page for the merit scholarship tables. Questions about residency classification go to the Office of the Registrar at residency@krsu.edu.',
    },
  }),
  factSheet: {
    programs: [
      'Mechanical Engineering (BSME)', 'Computer Science', 'Nursing (BSN)', 'Kinesiology', 'Business Administration', 'Music (BM Performance, BME, BA)',
      'Civil Engineering', 'Electrical and Computer Engineering', 'Biology', 'Psychology', 'Animal Science', 'Forestry and Fire Science',
      'Wildlife and Fisheries Biology', 'Elementary Education', 'Accounting', 'Nutrition and Dietetics',
    ],
    athletic_teams: [
      'Football', "Men's Basketball", "Women's Basketball", 'Volleyball', "Women's Soccer", "Men's Cross Country", "Women's Cross Country",
      "Men's Track and Field", "Women's Track and Field", "Men's Skiing", "Women's Skiing", "Men's Tennis", "Women's Tennis", "Women's Golf", 'Softball',
    ],
    student_clubs: [
      'Native American Student Association', 'Latinx Student Union', 'Ski and Snowboard Club', 'Society of Women Engineers', 'Esports Club',
      'KRSU Rodeo Club', 'Cyber Ospreys', 'Baja SAE', 'KRSU Rocketry', 'Women in Computing', 'Spirit of the Kettle Marching Band',
    ],
    important_deadlines: [
      { name: 'Early Action application deadline', date: '2026-11-15', description: 'Nonbinding; decisions released by December 18, 2026' },
      { name: 'Presidential Scholars Award and priority merit scholarship deadline', date: '2026-12-01', description: 'Application for admission must be complete' },
      { name: 'Liang Honors College priority deadline', date: '2027-01-15', description: null },
      { name: 'Priority Deadline', date: '2027-02-01', description: 'Required for Northern Tier Tuition Exchange (NTTE) consideration' },
      { name: 'OspreyAwards departmental scholarship application', date: '2027-02-15', description: null },
      { name: 'FAFSA priority date', date: '2027-03-01', description: null },
      { name: 'Enrollment Confirmation Fee deadline', date: '2027-05-01', description: '$150, credited to the first-semester bill' },
      { name: 'Housing application priority deadline', date: '2027-05-15', description: null },
      { name: 'Final high school transcript due', date: '2027-08-01', description: null },
      { name: 'Fall 2027 classes begin', date: '2027-08-23', description: null },
    ],
  },
  actionPrompts: (site: string) => [
    { name: 'Apply Now', target_audience: 'Prospective first-year, transfer and international students', action_description: 'Start your KRSU application or Common App for fall 2027', action_type: 'link', action_data: `${site}first-year.html`, priority: 90 },
    { name: 'Schedule a Campus Visit', target_audience: 'Students and families who want to see campus', action_description: 'Book a daily visit or register for Discover KRSU Day', action_type: 'link', action_data: `${site}visit.html`, priority: 80 },
    { name: 'Call Admissions', target_audience: 'Anyone with a question for the Office of Admissions', action_description: 'Talk to an admissions counselor', action_type: 'phone', action_data: '(406) 555-0193', priority: 70 },
    { name: 'Email Financial Aid', target_audience: 'Families with questions about scholarships, the FAFSA or paying for KRSU', action_description: 'Email the Office of Financial Aid and Scholarships', action_type: 'email', action_data: 'finaid@krsu.edu', priority: 60 },
  ],
  pages: {
    index: 'Home',
    academics: 'Colleges and Majors',
    'first-year': 'First-Year Admission',
    transfer: 'Transfer Admission',
    international: 'International Admission',
    tuition: 'Tuition, Fees and Residency',
    scholarships: 'Scholarships',
    housing: 'Housing and Dining',
    honors: 'Liang Honors College',
    'mechanical-engineering': 'Mechanical Engineering',
    'computer-science': 'Computer Science',
    nursing: 'Nursing',
    kinesiology: 'Kinesiology',
    music: 'School of Music',
    visit: 'Visit Campus',
    faq: 'Admissions FAQ',
  },
  documents: [{ file: 'viewbook-2027.md', name: 'Viewbook 2027' }],
  answerable,
  absent,
};
