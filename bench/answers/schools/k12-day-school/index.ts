// Calder Brook School: an invented independent K–12 day school with a small Upper School boarding
// option, in Wexford Mills, Pennsylvania. Its website is in site/, its Parent Handbook in docs/.
// The questions were written from this material alone, before any tuning.
import type { Answerable, Absent, BenchSchool, Turn } from '../types';

const turn = (user: string, assistant: string): Turn[] => [
  { role: 'user', content: user },
  { role: 'assistant', content: assistant },
];

const answerable: Answerable[] = [
  // Synonyms: the family's word is not the school's.
  { id: 'k12-syn-financial-aid', category: 'synonym', question: 'do you guys offer financial aid? how much do families usually get', facts: ['$2,000', '90% of tuition'] },
  { id: 'k12-syn-high-school', category: 'synonym', question: 'How much is high school tuition if he lives at home?', facts: ['$42,300'] },
  { id: 'k12-syn-daycare', category: 'synonym', question: 'Is there after school daycare for my 1st grader? what does it cost for the year', facts: ['Extended Day', '$4,350'] },
  { id: 'k12-syn-7th-grade', category: 'synonym', question: 'what time does 7th grade start in the morning', facts: ['7:55 am'] },
  { id: 'k12-syn-dorms', category: 'synonym', question: 'What are the dorms called? Are boys and girls in the same building?', facts: ['Alder House', 'Linden House'] },
  { id: 'k12-syn-entrance-exam', category: 'synonym', question: 'Is there an entrance exam to get into 6th grade?', facts: ['ISEE', 'SSAT'] },
  { id: 'k12-syn-graduation', category: 'synonym', question: "When's senior graduation this year?", facts: ['June 5, 2027'] },

  // Everyday abbreviations.
  { id: 'k12-abbr-k', category: 'abbreviation', question: 'K tuition?', facts: ['$24,850'] },
  { id: 'k12-abbr-ms-dismissal', category: 'abbreviation', question: 'what time does MS get out', facts: ['3:20 pm'] },
  { id: 'k12-abbr-ta-deadline', category: 'abbreviation', question: 'When is the TA application due for new families?', facts: ['January 20, 2027'] },
  { id: 'k12-abbr-ap', category: 'abbreviation', question: 'how many APs do you have and when can kids start taking them', facts: ['21', 'Form V'] },
  { id: 'k12-abbr-pe', category: 'abbreviation', question: 'what do they wear for PE', facts: [['green-and-copper', 'green and copper']] },
  { id: 'k12-abbr-hs-boarding', category: 'abbreviation', question: 'is boarding only for HS or can MS kids board too?', facts: [['Forms IV through VII', 'Forms IV–VII', 'Grades 9–12']] },

  // Typos, as typed on a phone.
  { id: 'k12-typo-sibling', category: 'typo', question: 'is there a sibbling discount', facts: ['10%', '15%'] },
  { id: 'k12-typo-bus', category: 'typo', question: 'how much is the buss round trip', facts: ['$2,400'] },
  { id: 'k12-typo-isee', category: 'typo', question: 'when is the issee test at ur school', facts: ['December 5, 2026'] },
  { id: 'k12-typo-app-deadline', category: 'typo', question: 'whats the aplication deadlin for next fall', facts: ['January 15, 2027'] },
  { id: 'k12-typo-uniform', category: 'typo', question: 'where do we buy unifroms', facts: ['Harlow & Pike'] },
  { id: 'k12-typo-thanksgiving', category: 'typo', question: 'thanksgving break dates?', facts: ['November 25', 'November 27'] },

  // Follow-ups: the question only makes sense with the previous turn.
  {
    id: 'k12-fu-tuition-her-grade', category: 'follow-up', question: 'how much is it for her grade?',
    history: turn('My daughter is going into 3rd grade. Which part of the school would she be in?', 'She would be in the Lower School, which runs from Kindergarten through Grade 5. Grades 1–5 learn in the Ashby Building.'),
    facts: ['$31,450'],
  },
  {
    id: 'k12-fu-extended-day-end', category: 'follow-up', question: 'and after school? what time does that end',
    history: turn('Do you have before school care?', 'Yes! Early Birds welcomes Lower School students from 7:00 am in the Lower School Commons.'),
    facts: [['6:00 pm', '6 pm', '6pm']],
  },
  {
    id: 'k12-fu-late-pickup', category: 'follow-up', question: 'what happens if im late?',
    history: turn('What time does Extended Day close?', 'Extended Day runs every school day until 6:00 pm.'),
    facts: ['$1 per minute'],
  },
  {
    id: 'k12-fu-shadow-dates', category: 'follow-up', question: 'what dates do they run?',
    history: turn("What's a shadow day?", 'On a Shadow Day your child attends classes and lunch alongside a current student of the same age.'),
    facts: ['October 6, 2026', 'February 11, 2027'],
  },
  {
    id: 'k12-fu-seven-day-cost', category: 'follow-up', question: 'how much is the 7 day one',
    history: turn('Do you have boarding?', 'Yes. Upper School students in Forms IV–VII can choose five-day or seven-day boarding, living in Alder House or Linden House.'),
    facts: ['$67,400'],
  },
  {
    id: 'k12-fu-route-d', category: 'follow-up', question: 'where and what time does it pick up?',
    history: turn('Is there a bus from downtown Wexford Mills?', 'Yes, Route D serves downtown Wexford Mills.'),
    facts: ['Wexford Mills Train Station', '7:20 am'],
  },
  {
    id: 'k12-fu-mffs-fee', category: 'follow-up', question: 'is there a fee for that?',
    history: turn('How do we apply for tuition assistance?', 'Complete the Meridian Family Financial Statement (MFFS) online and upload your tax documents by January 20, 2027.'),
    facts: ['$40'],
  },
  {
    id: 'k12-fu-accept-deposit', category: 'follow-up', question: 'and how long do we have to say yes? do we have to pay something',
    history: turn('When do admission decisions come out?', 'Admission decisions are released on March 10, 2027.'),
    facts: ['April 9, 2027', '$2,500'],
  },
  {
    id: 'k12-fu-inhaler', category: 'follow-up', question: "what about his inhaler, can he keep it on him? he's in 7th",
    history: turn('Can the nurse give my son Tylenol if he gets a headache?', 'Yes, if the medicine is brought to the Health Center in its original container with a completed Medication Authorization Form.'),
    facts: ['self-carry'],
  },
  {
    id: 'k12-fu-conference-friday', category: 'follow-up', question: 'is there school that friday?',
    history: turn('When are parent teacher conferences in the fall?', 'Fall conferences are on Thursday, November 19 and Friday, November 20, 2026.'),
    facts: [['no classes', 'no school']],
  },

  // Several questions in one message.
  { id: 'k12-multi-ls-hours', category: 'multi-part', question: 'what time does lower school start and end? and is there care before school?', facts: [['8:00 am', '8 am'], ['3:00 pm', '3 pm'], ['7:00 am', '7 am']] },
  { id: 'k12-multi-ms-fees', category: 'multi-part', question: 'How much is middle school and is there a tech fee on top of that?', facts: ['$36,900', '$450'] },
  { id: 'k12-multi-open-house', category: 'multi-part', question: "when's the next open house and where do we park when we get there", facts: ['October 18, 2026', 'Lot B'] },
  { id: 'k12-multi-app-fee', category: 'multi-part', question: "What's the application fee, and when is the application due?", facts: ['$75', 'January 15, 2027'] },

  // Yes or no, with the deciding detail.
  { id: 'k12-yn-merit', category: 'yes-no', question: 'Do you give scholarships for sports or good grades?', facts: [['need-based', 'financial need']] },
  { id: 'k12-yn-lunch-included', category: 'yes-no', question: 'is lunch included in tuition?', facts: ['$1,650'] },
  { id: 'k12-yn-nut-free', category: 'yes-no', question: 'Is the school nut free? my daughter has a peanut allergy', facts: [['nut-aware', 'nut aware']] },
  { id: 'k12-yn-k-test', category: 'yes-no', question: 'does my kindergartner have to take the ISEE?', facts: ['Kindergarten Play Visit'] },
  { id: 'k12-yn-ms-phones', category: 'yes-no', question: 'can middle schoolers keep their phones during the day?', facts: ['phone caddy'] },

  // Deadlines and dates.
  { id: 'k12-deadline-reenroll', category: 'deadline', question: 'when are re-enrollment contracts due this year', facts: ['February 12, 2027'] },
  { id: 'k12-deadline-bus', category: 'deadline', question: 'deadline to sign up for the bus?', facts: ['June 15, 2026'] },
  { id: 'k12-deadline-health-forms', category: 'deadline', question: 'When does the physical form have to be turned in?', facts: ['August 1, 2026'] },
  { id: 'k12-deadline-k-cutoff', category: 'deadline', question: "what's the birthday cutoff for kindergarten in fall 2027", facts: ['September 1, 2027'] },
  { id: 'k12-deadline-extended-day-reg', category: 'deadline', question: 'when does registration for extended day open', facts: ['May 1, 2026'] },

  // Costs.
  { id: 'k12-cost-third-child', category: 'cost', question: "if we have 3 kids there what's the discount on the third one", facts: ['15%'] },
  { id: 'k12-cost-3-day-care', category: 'cost', question: 'how much is after care if we only need it 3 days a week', facts: ['$2,900'] },
  { id: 'k12-cost-piano', category: 'cost', question: 'How much are piano lessons?', facts: ['$48'] },
  { id: 'k12-cost-new-student', category: 'cost', question: 'are there any one time fees when you start?', facts: ['$1,000'] },
  { id: 'k12-cost-parking', category: 'cost', question: 'my junior wants to drive to school, how much is the parking permit', facts: ['$75'] },
  { id: 'k12-cost-international', category: 'cost', question: 'We live in Korea. Are there extra fees for international boarders?', facts: ['$3,200'] },

  // Table lookups.
  { id: 'k12-table-route-c', category: 'table', question: 'what time does route C get to school', facts: ['7:40 am'] },
  { id: 'k12-table-study-hall', category: 'table', question: 'middle school study hall hours?', facts: ['3:20 pm', '5:30 pm'] },
  { id: 'k12-table-winter-sports', category: 'table', question: 'what sports are in the winter', facts: ['basketball', 'wrestling', 'squash'] },
  { id: 'k12-table-spring-break', category: 'table', question: 'when is spring break', facts: ['March 13', 'March 28'] },
  { id: 'k12-table-drop-in', category: 'table', question: 'how much is drop in after care for one afternoon', facts: ['$30'] },

  // Where things are.
  { id: 'k12-where-admission', category: 'where', question: 'where is the admissions office?', facts: ['Whitcomb House'] },
  { id: 'k12-where-isee', category: 'where', question: 'where do kids take the ISEE at your school', facts: ['Pemberton Library'] },
  { id: 'k12-where-bus', category: 'where', question: 'where does the bus drop off on campus', facts: ['Bus Loop', 'Harmon Fieldhouse'] },
  { id: 'k12-where-nurse', category: 'where', question: "where's the nurse's office", facts: ['Founders Hall', 'lower level'] },
  { id: 'k12-where-uniform-exchange', category: 'where', question: 'where is the used uniform swap and when is it open', facts: ['Founders Hall', 'first Saturday'] },

  // Steps.
  { id: 'k12-howto-apply-9th', category: 'how-to', question: 'how do I apply for 9th grade? what are the steps', facts: ['January 15, 2027', ['ISEE', 'SSAT'], 'Shadow Day'] },
  { id: 'k12-howto-report-absence', category: 'how-to', question: 'how do i let you know my kid is sick and staying home today', facts: [['555-0118', 'attendance@calderbrook.org'], '8:30 am'] },
  { id: 'k12-howto-tuition-help', category: 'how-to', question: 'how do I apply for help paying tuition?', facts: [['MFFS', 'Meridian Family Financial Statement'], 'January 20, 2027'] },

  // Only in the Parent Handbook.
  { id: 'k12-doc-fever', category: 'document', question: 'how long does my son have to be fever free before he can come back', facts: ['24 hours'] },
  { id: 'k12-doc-conferences', category: 'document', question: 'When are parent-teacher conferences?', facts: ['November 19', 'November 20'] },
  { id: 'k12-doc-early-dismissal', category: 'document', question: 'Are there early dismissal days?', facts: ['second Wednesday', '1:30 pm'] },
  { id: 'k12-doc-snow', category: 'document', question: 'what happens if there are a lot of snow days, do you switch to online school?', facts: ['Brook-at-Home'] },
  { id: 'k12-doc-weekend-leave', category: 'document', question: "my son is a 7 day boarder, how does he get permission to spend the weekend at a friend's house?", facts: ['Weekend Leave Request', 'Wednesday at 5:00 pm'] },
  { id: 'k12-doc-chaperone', category: 'document', question: 'What do I need to do to chaperone a field trip?', facts: ['Child Abuse History', 'Criminal Record Check'] },
  { id: 'k12-doc-laptop', category: 'document', question: 'what kind of laptop does my 9th grader need', facts: ['8 GB'] },
  { id: 'k12-doc-late-payment', category: 'document', question: "what's the late fee if a tuition payment is late", facts: ['$50'] },

  // Written in Spanish; the facts are the school's own figures.
  { id: 'k12-es-bus-elmhurst', category: 'spanish', question: 'Hola, ¿hay autobús desde Elmhurst Crossing? ¿A qué hora pasa por la mañana?', facts: ['Route B', '7:05 am'] },
  { id: 'k12-es-early-birds', category: 'spanish', question: '¿Cuánto cuesta al año el cuidado por la mañana antes de clases?', facts: ['$1,150'] },
  { id: 'k12-es-five-day-boarding', category: 'spanish', question: 'Mi hija va a entrar a noveno grado y queremos que viva en la escuela de lunes a viernes. ¿Cuánto cuesta?', facts: ['$58,750'] },

  // Anything else.
  { id: 'k12-other-ratio', category: 'other', question: "what's the student teacher ratio", facts: [['7:1', '7 to 1']] },
  { id: 'k12-other-class-size', category: 'other', question: 'how big are the classes usually?', facts: ['15'] },
  { id: 'k12-other-counselors', category: 'other', question: 'how many college counselors are there and how many kids does each one have', facts: [['three', '3'], '30'] },
  { id: 'k12-other-head', category: 'other', question: "who's the head of school?", facts: ['Miriam Okafor-Hale'] },
];

const absent: Absent[] = [
  { id: 'k12-absent-sat', question: 'what are the average SAT scores for your seniors?' },
  { id: 'k12-absent-pool', question: 'do you have a pool? my daughter swims competitively' },
  { id: 'k12-absent-blazer-price', question: 'how much does the navy blazer cost?' },
  { id: 'k12-absent-acceptance-rate', question: "what's your acceptance rate for 9th grade?" },
  { id: 'k12-absent-endowment', question: 'How big is the school endowment?' },
  { id: 'k12-absent-2nd-grade-teacher', question: 'who are the 2nd grade teachers this year?' },
  { id: 'k12-absent-faculty-degrees', question: 'what percent of your teachers have a masters or a phd?' },
  {
    id: 'k12-absent-fu-seatbelts', question: 'do they have seatbelts?',
    history: turn('Do you have buses?', 'Yes, Calder Brook runs four bus routes (A to D), arriving at the Bus Loop behind Harmon Fieldhouse.'),
  },
  {
    id: 'k12-absent-fu-boarder-countries', question: 'what countries are they from?',
    history: turn('How many kids board?', 'About 40 Upper School students live on campus, in Alder House and Linden House.'),
  },
  { id: 'k12-absent-summer-camp', question: 'do you run a summer camp for younger kids?' },
  // Topics the site never mentions (issue 48).
  { id: 'k12-absent-marching-band', question: 'Is there a marching band my son could join?' },
  { id: 'k12-absent-equestrian', question: 'do you have an equestrian program?' },
];

export const school: BenchSchool = {
  slug: 'k12-day-school',
  account: { email: 'jpettigrew@calderbrook.org', password: 'Kingfisher-Brook-2026!', username: 'jpettigrew', first_name: 'Jonah', last_name: 'Pettigrew' },
  profile: (site: string) => ({
    create: {
      name: 'Calder Brook School',
      website_url: site,
      locations: ['Wexford Mills, Pennsylvania'],
      classification: 'mixed',
      // The profile has no K-12 classification nor a high-school diploma level (noted on the issue): the nearest ones.
      degree_levels: ['certificate'],
      institution_control: 'private',
      tax_status: 'non_profit',
      mascot: 'Kingfishers',
    },
    classification: {
      classification: 'mixed',
      // The profile has no K-12 classification nor a high-school diploma level (noted on the issue): the nearest ones.
      degree_levels: ['certificate'],
      institution_control: 'private',
      tax_status: 'non_profit',
      religious_affiliation: null,
      accreditation_info: 'Accredited by the Pennsylvania Association of Independent Schools (PAIS). Member of the National Association of Independent Schools (NAIS) and The Association of Boarding Schools (TABS).',
    },
    contact: {
      contact_points: [
        { name: 'Admission Office', email: 'admission@calderbrook.org', phone: '(610) 555-0134', website: `${site}admission.html` },
        { name: 'Business Office & Tuition Assistance', email: 'tuitionassistance@calderbrook.org', phone: '(610) 555-0162', website: `${site}tuition-assistance.html` },
        { name: 'Main Office', email: 'info@calderbrook.org', phone: '(610) 555-0100' },
      ],
    },
    tuition: {
      tuition_info: 'Tuition for 2026-27: Kindergarten $24,850; Grades 1-5 $31,450; Middle School (Forms I-III) $36,900; Upper School day (Forms IV-VII) $42,300; Five-Day Boarding $58,750; Seven-Day Boarding $67,400. Day students also pay the Lunch Program fee of $1,650.',
      tuition_instructions: 'Always mention Tuition Assistance, which is need-based and received by about 31% of students, and the sibling discount. Refer billing questions to the Business Office.',
    },
  }),
  factSheet: {
    programs: [
      'Lower School (Kindergarten–Grade 5)',
      'Middle School (Forms I–III, Grades 6–8)',
      'Upper School (Forms IV–VII, Grades 9–12)',
      'Five-Day and Seven-Day Boarding (Forms IV–VII)',
      'Brookside Outdoor Program',
      'Third Grade Strings',
      'Form III Capstone',
      'Kingfisher Research Fellows',
      'Advanced Placement (21 courses)',
    ],
    athletic_teams: ['Soccer', 'Field Hockey', 'Volleyball', 'Cross Country', 'Golf', 'Basketball', 'Wrestling', 'Indoor Track', 'Squash', 'Lacrosse', 'Baseball', 'Softball', 'Tennis', 'Track and Field'],
    student_clubs: ['Model UN', 'Robotics', 'Mock Trial', 'The Brook Review', 'Environmental Action Club', 'Black Student Union', 'Chess Club', 'Student Council', 'Honor Council'],
    important_deadlines: [
      { name: 'Bus registration deadline', date: '2026-06-15', description: 'Register in the Kingfisher Hub' },
      { name: 'Fall Open House', date: '2026-10-18', description: '1:00 pm to 3:30 pm, all divisions' },
      { name: 'ISEE on campus', date: '2026-12-05', description: '8:30 am, Pemberton Library' },
      { name: 'Application deadline for fall 2027', date: '2027-01-15', description: '$75 application fee, waived for Tuition Assistance applicants' },
      { name: 'Tuition Assistance (MFFS) deadline', date: '2027-01-20', description: null },
      { name: 'Re-enrollment contracts due', date: '2027-02-12', description: '$2,500 deposit' },
      { name: 'Admission decisions released', date: '2027-03-10', description: null },
      { name: 'Enrollment contract and deposit due for new families', date: '2027-04-09', description: '$2,500 non-refundable deposit' },
    ],
  },
  actionPrompts: (site: string) => [
    { name: 'Schedule a Visit', target_audience: 'Families who want to see the campus', action_description: 'Register for an Open House or Visit Day, or book a private tour', action_type: 'link', action_data: `${site}visit.html`, priority: 90 },
    { name: 'Start an Inquiry', target_audience: 'Prospective families in every division', action_description: 'Tell the Admission Office about your child and get on our mailing list', action_type: 'link', action_data: `${site}admission.html#inquire`, priority: 80 },
    { name: 'Call the Admission Office', target_audience: 'Anyone with a question about applying', action_description: 'Talk with a member of the Admission team', action_type: 'phone', action_data: '(610) 555-0134', priority: 70 },
    { name: 'Ask About Tuition Assistance', target_audience: 'Families wondering how to afford Calder Brook', action_description: 'E-mail the Director of Tuition Assistance, in confidence', action_type: 'email', action_data: 'tuitionassistance@calderbrook.org', priority: 60 },
  ],
  pages: {
    index: 'Welcome to Calder Brook School',
    about: 'About Calder Brook',
    'lower-school': 'Lower School',
    'middle-school': 'Middle School',
    'upper-school': 'Upper School',
    boarding: 'Boarding',
    admission: 'Admission',
    visit: 'Visit Us',
    tuition: 'Tuition & Fees',
    'tuition-assistance': 'Tuition Assistance',
    'extended-day': 'Early Birds & Extended Day',
    transportation: 'Transportation',
    'daily-life': 'Daily Life: Schedule, Uniform & Lunch',
    'athletics-arts': 'Athletics & Arts',
    calendar: 'School Calendar 2026–27',
  },
  documents: [{ file: 'parent-handbook.txt', name: 'Parent Handbook 2026-27', pdf: true }],
  answerable,
  absent,
};
