// Tamarack Valley Community College: an invented public two-year college in Brennan Falls, Minnesota,
// with certificates, associate degrees, a course catalogue, placement testing and dual enrollment.
// The questions were written from this material alone, before any tuning.
import type { BenchSchool, Turn } from '../types';

const turn = (user: string, assistant: string): Turn[] => [
  { role: 'user', content: user },
  { role: 'assistant', content: assistant },
];

export const school: BenchSchool = {
  slug: 'community-college',
  account: { email: 'jwhitaker@tamarackvalley.edu', password: 'Lynx-Prairie-Trail-2026!', username: 'jwhitaker', first_name: 'Jamal', last_name: 'Whitaker' },
  profile: (site) => ({
    create: {
      name: 'Tamarack Valley Community College',
      website_url: site,
      locations: ['Brennan Falls, Minnesota'],
      classification: '2_year',
      degree_levels: ['associate', 'certificate'],
      institution_control: 'public',
      tax_status: 'non_profit',
      mascot: 'Lynx',
    },
    classification: {
      classification: '2_year',
      degree_levels: ['associate', 'certificate'],
      institution_control: 'public',
      tax_status: 'non_profit',
      religious_affiliation: null,
      accreditation_info: 'Accredited by the Higher Learning Commission. The Associate Degree Nursing and Practical Nursing programs are approved by the Minnesota Board of Nursing.',
    },
    contact: {
      contact_points: [
        { name: 'Admissions and Enrollment Services', email: 'admissions@tamarackvalley.edu', phone: '(218) 555-0140', website: `${site}admissions.html` },
        { name: 'Financial Aid Office', email: 'finaid@tamarackvalley.edu', phone: '(218) 555-0163', website: `${site}financial-aid.html` },
        { name: 'College Now (dual enrollment)', email: 'collegenow@tamarackvalley.edu', phone: '(218) 555-0188' },
      ],
    },
    tuition: {
      tuition_info:
        'Tuition for 2026-27 is charged per credit hour: $148 in-district (Aldrich, Brennan and Hollis counties), $176 out-of-district and $262 out-of-state. Students taking 12 to 18 credit hours pay a flat rate. Fees are extra: a $8 per credit hour student activity fee, an $11 per credit hour technology fee and a $30 registration fee each semester.',
      tuition_instructions:
        'Send people to the Tuition & Fees page for the full table by credit load. Remind them that most students receive grants, and that the Tamarack Promise covers tuition for recent graduates of in-district high schools who enroll full-time.',
    },
  }),
  factSheet: {
    programs: [
      'Liberal Arts and Sciences (AA)',
      'Science (AS)',
      'Pre-Engineering (AS)',
      'Computer Science Transfer Pathway (AS)',
      'Accounting (AAS)',
      'Business Management (AAS)',
      'Computer Networking and Support (AAS)',
      'Criminal Justice (AAS)',
      'Early Childhood Education (AAS)',
      'Associate Degree Nursing (AAS)',
      'Practical Nursing (certificate)',
      'Nursing Assistant (certificate)',
      'Medical Coding (certificate)',
      'Welding Technology (AAS)',
      'Automotive Technology (AAS)',
      "Commercial Driver's License Class A (certificate)",
    ],
    athletic_teams: ["Men's basketball", "Women's basketball", "Women's volleyball", 'Baseball', 'Softball', 'Esports'],
    student_clubs: ['Student Senate', 'Phi Theta Kappa', 'Nursing Student Association', 'Welding Club', 'Lynx Gaming Guild', 'Pride Alliance', 'Multicultural Student Union', 'Outdoor Adventure Club'],
    important_deadlines: [
      { name: 'Fall 2026 priority application date', date: '2026-08-01', description: 'Applications are accepted until August 19, 2026.' },
      { name: 'Fall 2026 tuition and fees due', date: '2026-08-14', description: null },
      { name: 'Fall 2026 classes begin', date: '2026-08-24', description: null },
      { name: 'Spring 2027 priority application date', date: '2026-12-01', description: null },
      { name: 'Associate Degree Nursing application deadline', date: '2027-03-01', description: 'Applications open January 15, 2027 for the fall 2027 cohort.' },
      { name: 'TVCC Foundation scholarship application deadline', date: '2027-03-15', description: 'One application for more than 120 scholarships.' },
      { name: '2027-28 FAFSA priority date', date: '2027-04-01', description: null },
    ],
  },
  actionPrompts: (site) => [
    { name: 'Apply Free', target_audience: 'New students, adult learners and returning students', action_description: 'Fill out the free TVCC Application for Admission', action_type: 'link', action_data: `${site}admissions.html`, priority: 90 },
    { name: 'Placement Testing', target_audience: 'New students who need an English or math placement', action_description: 'See how to place with your GPA or ACT, or walk in to the Testing Center', action_type: 'link', action_data: `${site}placement.html`, priority: 75 },
    { name: 'Call Admissions', target_audience: 'Anyone with a question about starting at TVCC', action_description: 'Talk to Admissions and Enrollment Services', action_type: 'phone', action_data: '(218) 555-0140', priority: 70 },
    { name: 'Email Financial Aid', target_audience: 'Students and parents with FAFSA or scholarship questions', action_description: 'Send a question to the Financial Aid Office', action_type: 'email', action_data: 'finaid@tamarackvalley.edu', priority: 60 },
  ],
  pages: {
    index: 'Welcome to Tamarack Valley Community College',
    admissions: 'How to Apply',
    tuition: 'Tuition and Fees 2026–27',
    'financial-aid': 'Financial Aid and Scholarships',
    placement: 'Placement Testing',
    programs: 'Degrees and Certificates',
    'course-catalog': 'Course Catalog',
    nursing: 'Nursing and Health Programs',
    'dual-enrollment': 'College Now for High School Students',
    transfer: 'Transfer to a University',
    campuses: 'Locations and Directions',
    'evening-online': 'Evening and Online Classes',
    calendar: 'Academic Calendar 2026–27',
    contact: 'Contact and Office Hours',
    'student-life': 'Student Life',
  },
  documents: [{ file: 'student-handbook.md', name: 'Student Handbook 2026-27' }],

  answerable: [
    // Synonyms: the visitor's word is not the site's.
    { id: 'cc-syn-per-unit', category: 'synonym', question: 'how much per unit for county residents?', facts: ['$148'] },
    {
      id: 'cc-syn-dorms', category: 'synonym', question: 'do you guys have dorms',
      facts: [['does not offer on-campus housing', "doesn't offer on-campus housing", 'no on-campus housing', 'does not have on-campus housing', "doesn't have on-campus housing"], 'landlords'],
    },
    { id: 'cc-syn-gym', category: 'synonym', question: 'when can I use the gym to work out', facts: ['6 a.m.', '8 p.m.'] },
    { id: 'cc-syn-textbooks', category: 'synonym', question: 'where do I buy my textbooks on campus', facts: ['Lynx Shop', 'lower level'] },
    { id: 'cc-syn-hs-college-classes', category: 'synonym', question: "Can my son take college classes while he's still in high school?", facts: ['College Now', 'juniors and seniors'] },
    { id: 'cc-syn-free-help', category: 'synonym', question: "is there free help if I'm struggling in math", facts: ['Learning Commons'] },

    // Everyday abbreviations.
    { id: 'cc-abbr-fa-office', category: 'abbreviation', question: "where's the FA office", facts: ['Room 122'] },
    { id: 'cc-abbr-ap1-prereq', category: 'abbreviation', question: 'what do I need before I can take A&P 1', facts: ['BIO 105', 'B or better'] },
    { id: 'cc-abbr-cna-fee', category: 'abbreviation', question: 'how much is the CNA course fee', facts: ['$185'] },
    { id: 'cc-abbr-ged', category: 'abbreviation', question: "I don't have a diploma, just my GED. can I still go there?", facts: [['open-admission', 'open admission', 'GED or HSED']] },
    { id: 'cc-abbr-cdl-cost', category: 'abbreviation', question: 'how much is CDL training', facts: ['$4,850'] },
    { id: 'cc-abbr-lpn-where', category: 'abbreviation', question: 'where is the LPN program', facts: ['Hollis County Center', 'Grafton'] },
    { id: 'cc-abbr-comp-sci', category: 'abbreviation', question: 'do u have comp sci', facts: ['Computer Science Transfer Pathway'] },
    { id: 'cc-abbr-teas-adn', category: 'abbreviation', question: 'min TEAS score for ADN?', facts: ['62%'] },

    // Typos, as typed on a phone.
    { id: 'cc-typo-testing-friday', category: 'typo', question: 'wat time does the testin center close on fridy', facts: ['3 p.m.'] },
    { id: 'cc-typo-out-of-state', category: 'typo', question: 'how much is tution for out of stat students per credit', facts: ['$262'] },
    { id: 'cc-typo-fafsa-code', category: 'typo', question: 'whats ur fasfa school code', facts: ['006381'] },
    { id: 'cc-typo-graduation', category: 'typo', question: 'when is gradutaion this yr', facts: ['May 14'] },
    { id: 'cc-typo-welding-night', category: 'typo', question: 'do u have weldng classes at nite', facts: ['5:30', 'Aldrich Technical Center'] },
    { id: 'cc-typo-address', category: 'typo', question: 'adress for the main campus?', facts: ['1400 College Drive'] },

    // Follow-ups: the question only makes sense with the previous turn.
    {
      id: 'cc-fu-out-of-state', category: 'follow-up', question: "and if I'm from out of state?",
      history: turn('How much is tuition per credit for in-district?', 'In-district tuition for 2026–27 is $148 per credit hour.'), facts: ['$262'],
    },
    {
      id: 'cc-fu-north-dakota', category: 'follow-up', question: 'what about me, I live in Fargo ND',
      history: turn("What's the out-of-district rate?", 'Out-of-district tuition is $176 per credit hour for Minnesota residents who live outside Aldrich, Brennan and Hollis counties.'), facts: ['$176'],
    },
    {
      id: 'cc-fu-test-where', category: 'follow-up', question: 'ok where do i take it',
      history: turn('do I have to take a placement test?', 'Not always. You can place with your high school GPA or ACT scores; if you can\'t use those, you take the ACCUPLACER placement test.'), facts: ['Pine Hall', 'Room 102'],
    },
    {
      id: 'cc-fu-retest-cost', category: 'follow-up', question: 'how much does that cost',
      history: turn('I bombed the math placement test. Can I take it again?', 'Yes. You can retest once in each subject, at least 24 hours after your first attempt.'), facts: ['$10'],
    },
    {
      id: 'cc-fu-adn-deadline', category: 'follow-up', question: "when's the deadline to apply",
      history: turn('How do I get into the RN program?', 'The Associate Degree Nursing program admits 40 students each fall. You need to be on the Nursing Assistant Registry, finish the prerequisite courses and take the TEAS.'), facts: ['March 1'],
    },
    {
      id: 'cc-fu-promise-deadline', category: 'follow-up', question: 'is there a deadline for it?',
      history: turn("what's the Tamarack Promise?", 'The Tamarack Promise covers the remaining tuition and required fees for recent graduates of in-district high schools who enroll full-time.'), facts: ['June 1'],
    },
    {
      id: 'cc-fu-college-now-campus', category: 'follow-up', question: 'what does it cost if he takes it on your campus instead',
      history: turn('Tell me about College Now', 'College Now is our dual enrollment program: high school juniors and seniors earn college and high school credit at the same time. Classes at partner high schools cost nothing.'), facts: ['$74'],
    },
    {
      id: 'cc-fu-npsu-gpa', category: 'follow-up', question: 'what gpa do you need for that',
      history: turn('Do you have a transfer agreement with Northern Plains State?', 'Yes. Northern Plains State University guarantees admission to TVCC students who complete the AA or AS.'), facts: ['2.5'],
    },
    {
      id: 'cc-fu-finaid-friday', category: 'follow-up', question: 'are they open friday afternoon?',
      history: turn('Who do I talk to about financial aid?', 'The Financial Aid Office in Founders Hall Room 122. The director is Renee Okafor.'), facts: ['4:30'],
    },
    {
      id: 'cc-fu-cdl-age', category: 'follow-up', question: 'how old do you have to be',
      history: turn('Tell me about your CDL program', "It's a four-week Class A program at the Aldrich Technical Center in Marlow."), facts: ['18'],
    },
    {
      id: 'cc-fu-pantry-hours', category: 'follow-up', question: "when's it open?",
      history: turn('Is there a food pantry for students?', 'Yes, the Lynx Pantry gives free food, hygiene products and school supplies to any TVCC student.'), facts: ['10 a.m.', '2 p.m.'],
    },

    // Several questions in one message.
    { id: 'cc-multi-start-and-due', category: 'multi-part', question: 'when do fall classes start and when is tuition due?', facts: ['August 24', 'August 14'] },
    { id: 'cc-multi-fees', category: 'multi-part', question: "What's the tech fee and the activity fee?", facts: ['$11', '$8'] },
    { id: 'cc-multi-test-appt-bring', category: 'multi-part', question: 'do i need an appointment for the placement test? and what do i bring', facts: [['walk-in', 'no appointment'], 'photo ID'] },
    { id: 'cc-multi-adn-seats-gpa', category: 'multi-part', question: 'how many people get into the nursing program each year and what gpa do i need', facts: ['40', '2.75'] },
    { id: 'cc-multi-scholarships', category: 'multi-part', question: 'When does the foundation scholarship application open and close, and how much do people usually get?', facts: ['December 1', 'March 15', '$1,000'] },

    // Yes or no, with the deciding detail.
    { id: 'cc-yn-app-fee', category: 'yes-no', question: 'is there an application fee?', facts: [['no application fee', 'free']] },
    { id: 'cc-yn-f1-visa', category: 'yes-no', question: "I'm from Canada, can I come on an F-1 student visa?", facts: [['I-20', 'cannot enroll', "can't enroll"]] },
    { id: 'cc-yn-parking', category: 'yes-no', question: 'do I have to pay for parking?', facts: ['free', 'permit'] },
    { id: 'cc-yn-15-credits', category: 'yes-no', question: 'If I take 15 credits do I pay more than for 12?', facts: [['flat rate', 'costs the same', '$1,776']] },
    { id: 'cc-yn-aa-online', category: 'yes-no', question: 'can I do the whole AA online? I work days', facts: [['Liberal Arts and Sciences', 'fully online', 'without coming to campus']] },
    { id: 'cc-yn-d-transfer', category: 'yes-no', question: 'will a D transfer to a university?', facts: [['do not transfer', "don't transfer", 'does not transfer', "doesn't transfer"]] },

    // Deadlines and dates.
    { id: 'cc-dl-fall-apply', category: 'deadline', question: 'When should I apply by for fall?', facts: ['August 1'] },
    { id: 'cc-dl-college-now-spring', category: 'deadline', question: 'deadline for college now for spring semester?', facts: ['December 1'] },
    { id: 'cc-dl-withdraw-fall', category: 'deadline', question: 'last day to withdraw from a class this fall and get a W?', facts: ['November 6'] },
    { id: 'cc-dl-spring-start', category: 'deadline', question: 'When does spring semester start?', facts: ['January 19'] },
    { id: 'cc-dl-pn-window', category: 'deadline', question: 'When can I apply for the practical nursing program?', facts: ['January 15', 'March 1'] },
    { id: 'cc-dl-fafsa-fall-2027', category: 'deadline', question: "When should I do the FAFSA if I'm starting in fall 2027?", facts: ['April 1'] },

    // Costs, including values read from a band of the tuition table.
    { id: 'cc-cost-9-out-district', category: 'cost', question: 'how much would 9 credits cost out of district?', facts: ['$1,584'] },
    { id: 'cc-cost-15-in-district', category: 'cost', question: 'how much is tuition for a semester if I live in district and take 15 credits', facts: ['$1,776'] },
    { id: 'cc-cost-out-of-state-full', category: 'cost', question: 'Full-time out of state tuition for one semester?', facts: ['$3,144'] },
    { id: 'cc-cost-payment-plan', category: 'cost', question: 'Is there a charge to use the payment plan?', facts: ['$35'] },
    { id: 'cc-cost-books', category: 'cost', question: 'How much should I budget for books for the year?', facts: ['$1,150'] },
    { id: 'cc-cost-online-fee', category: 'cost', question: 'are online classes more expensive?', facts: ['$20'] },
    { id: 'cc-cost-6-out-of-state', category: 'cost', question: '6 credit hours out of state, how much', facts: ['$1,572'] },

    // Lookups in a table.
    { id: 'cc-table-reading-240', category: 'table', question: 'I got a 240 on the reading placement test, what English class do I take?', facts: ['ENG 099'] },
    { id: 'cc-table-qas-225', category: 'table', question: 'QAS score of 225, where does that put me', facts: ['MAT 085'] },
    { id: 'cc-table-act-math-23', category: 'table', question: 'I got a 23 on ACT math, which math class can I take?', facts: [['MAT 115', 'MAT 120']] },
    { id: 'cc-table-csc220-prereq', category: 'table', question: 'prereq for data structures?', facts: ['CSC 120'] },
    { id: 'cc-table-calc-credits', category: 'table', question: 'how many credits is calc 1', facts: ['MAT 210', '5'] },
    { id: 'cc-table-micro-fee', category: 'table', question: 'lab fee for microbiology?', facts: ['$60'] },
    { id: 'cc-table-drop-week-two', category: 'table', question: 'if I drop a class in the second week do I get my money back', facts: ['50%'] },
    { id: 'cc-table-coding-credits', category: 'table', question: 'how many credits is the medical coding certificate', facts: ['30'] },

    // Where things are.
    { id: 'cc-where-admissions', category: 'where', question: 'where is the admissions office', facts: ['Founders Hall', 'Room 114'] },
    { id: 'cc-where-grafton', category: 'where', question: "what's the address of the Grafton center", facts: ['22 Depot Street'] },
    { id: 'cc-where-welding', category: 'where', question: 'where are welding classes held', facts: ['Aldrich Technical Center', 'Marlow'] },
    { id: 'cc-where-nursing-office', category: 'where', question: "where's the nursing office", facts: ['Birchwood Hall', 'Room 240'] },
    { id: 'cc-where-visitor-parking', category: 'where', question: 'where should we park when we come visit', facts: ['Lot A'] },

    // How to do something.
    { id: 'cc-howto-enroll', category: 'how-to', question: "how do I sign up for classes? I'm new", facts: ['Lynx Launch', 'placement', 'FAFSA'] },
    { id: 'cc-howto-college-now', category: 'how-to', question: 'how does my daughter apply for college now', facts: ['College Now Application', 'counselor'] },
    { id: 'cc-howto-transfer-in', category: 'how-to', question: 'how do I get my credits from another college to count here', facts: ['Registrar', 'three weeks'] },
    { id: 'cc-howto-readmit', category: 'how-to', question: 'I took classes here like 5 years ago, do I have to apply all over again?', facts: ['Readmission Form'] },
    { id: 'cc-howto-payment-plan', category: 'how-to', question: 'how do I set up a payment plan', facts: ['LynxNet', 'Pay my bill'] },

    // Only in the student handbook.
    { id: 'cc-doc-credit-limit', category: 'document', question: "what's the most credits I can take in one semester", facts: ['18', '21'] },
    { id: 'cc-doc-id-replace', category: 'document', question: 'lost my student ID, how much to get a new one', facts: ['$15'] },
    { id: 'cc-doc-senior', category: 'document', question: "I'm 65. Is there a discount on classes for seniors?", facts: ['$24'] },
    { id: 'cc-doc-grad-apply', category: 'document', question: 'When do I have to apply to graduate if I finish in the spring?', facts: ['February 15'] },
    { id: 'cc-doc-cap-gown', category: 'document', question: 'how much is a cap and gown', facts: ['$38'] },
    { id: 'cc-doc-transcript', category: 'document', question: 'how much for an official transcript', facts: ['$7.50'] },
    { id: 'cc-doc-printing', category: 'document', question: 'how many free pages can I print', facts: ['125'] },
    { id: 'cc-doc-snow', category: 'document', question: 'how will I know if school is cancelled for snow', facts: ['TVCC Alert', '6 a.m.'] },
    { id: 'cc-doc-deans-list', category: 'document', question: "what do you need for the dean's list", facts: ['3.5', '12'] },
    { id: 'cc-doc-emergency-money', category: 'document', question: 'is there any emergency money if my car breaks down and I cant get to class', facts: ['Lynx Emergency Fund', '$500'] },

    // Written in Spanish.
    { id: 'cc-es-per-credit', category: 'spanish', question: '¿Cuánto cuesta cada crédito si vivo en el distrito?', facts: ['$148'] },
    { id: 'cc-es-finaid-phone', category: 'spanish', question: '¿Cuál es el teléfono de la oficina de ayuda financiera?', facts: ['555-0163'] },
    { id: 'cc-es-college-now-online', category: 'spanish', question: 'Mi hija está en la preparatoria. ¿Cuánto cuesta College Now si toma las clases en línea?', facts: ['$74'] },

    // Everything else.
    { id: 'cc-other-mascot', category: 'other', question: 'whats the mascot', facts: ['Lynx'] },
    { id: 'cc-other-sports', category: 'other', question: 'what sports do you have', facts: ['basketball', 'volleyball', 'Esports'] },
    { id: 'cc-other-open-house', category: 'other', question: "When's the next open house?", facts: ['October 13'] },
    { id: 'cc-other-accredited', category: 'other', question: 'are you guys accredited?', facts: ['Higher Learning Commission'] },
    { id: 'cc-other-president', category: 'other', question: 'who is the president of the college', facts: ['Loretta Haugen'] },
    { id: 'cc-other-gaming-club', category: 'other', question: 'is there a gaming club', facts: ['Lynx Gaming Guild'] },
  ],

  absent: [
    { id: 'cc-abs-enrollment', question: 'How many students go to TVCC?' },
    { id: 'cc-abs-class-size', question: "what's the average class size?" },
    {
      id: 'cc-abs-nclex-rate', question: "what's your pass rate on that exam?",
      history: turn('Tell me about the ADN program', 'The ADN is a 64-credit Associate of Applied Science degree that prepares you for the NCLEX-RN exam. The program admits 40 students each fall.'),
    },
    {
      id: 'cc-abs-welding-pay', question: 'how much do people make after finishing it?',
      history: turn('how long is the welding certificate?', 'The Welding certificate is 30 credits and is taught at the Aldrich Technical Center in Marlow.'),
    },
    { id: 'cc-abs-bus', question: 'Is there a city bus from downtown Brennan Falls to the main campus?' },
    { id: 'cc-abs-grad-rate', question: "What's your graduation rate?" },
    { id: 'cc-abs-rent', question: 'how much is rent for an apartment near campus usually' },
    { id: 'cc-abs-prof-hours', question: "What are Professor Dahlberg's office hours? She teaches my BIO 201 section." },
    { id: 'cc-abs-childcare', question: 'do you have childcare on campus for student parents?' },
    { id: 'cc-abs-tuition-2027', question: 'how much is tuition going up for 2027-28?' },
    // Topics the site never mentions (issue 48).
    { id: 'cc-abs-marching-band', question: 'Does TVCC have a marching band?' },
    { id: 'cc-abs-rugby', question: 'is there a rugby club i can join' },
  ],
};
