// Brightwater College of Nursing and Health Sciences: an invented small, private, nonprofit college
// in Port Auden, Michigan, across the street from its founding clinical partner, Lakeshore Regional
// Medical Center. It offers a four-year BSN, a 16-month Accelerated BSN, an online RN-to-BSN, an AAS
// in Radiologic Technology, a BS in Respiratory Therapy, a BS in Health Sciences and a short Nurse
// Aide Training (CNA) course. It has no residence halls of its own: students rent in a partner
// apartment building, The Harborline. Its website is in site/, its Clinical Handbook in docs/.
// The questions were written from this material alone, before any tuning.
// Development only: every question of this school is tuned on (written after the held-out measure).
import type { Answerable, Absent, BenchSchool, Turn } from '../types';

const turn = (user: string, assistant: string): Turn[] => [
  { role: 'user', content: user },
  { role: 'assistant', content: assistant },
];

const answerable: Answerable[] = [
  // Synonyms: the visitor's word is not the college's.
  { id: 'nh-syn-dorms', category: 'synonym', question: 'do you guys have dorms? where do the nursing students live', facts: ['Harborline', '215 Mercer Street'] },
  { id: 'nh-syn-entrance-test', category: 'synonym', question: 'Is there an entrance test to get into nursing and what score do I need?', facts: ['TEAS', '70%'] },
  { id: 'nh-syn-shots', category: 'synonym', question: 'what shots do i need before i can start clinicals', facts: ['MMR', 'Tdap', ['Hepatitis B', 'Hep B']] },
  { id: 'nh-syn-practice-saturday', category: 'synonym', question: 'can I go practice my skills on my own on saturdays? what time', facts: [['9:00 am', '9 am'], ['2:00 pm', '2 pm']] },

  // Everyday abbreviations.
  { id: 'nh-abbr-absn-total', category: 'abbreviation', question: 'total cost of the ABSN?', facts: ['$59,600'] },
  { id: 'nh-abbr-nclex', category: 'abbreviation', question: 'whats ur NCLEX pass rate', facts: ['94.6%'] },
  { id: 'nh-abbr-rt-exam', category: 'abbreviation', question: 'what board exams do RT grads take?', facts: ['NBRC', ['Registered Respiratory Therapist', 'RRT credential']] },
  { id: 'nh-abbr-ap-bio', category: 'abbreviation', question: 'does AP bio count for A&P?', facts: ['general biology', ['requires a 4', 'score of 4', '4 or higher']] },

  // Typos, as typed on a phone.
  { id: 'nh-typo-bsn-tuition', category: 'typo', question: 'how much is tution for the bsn per semster', facts: ['$16,480'] },
  { id: 'nh-typo-teas-campus', category: 'typo', question: 'wen can i take the teas test on campus', facts: ['first and third Friday', 'Room 118'] },
  { id: 'nh-typo-harborline-rent', category: 'typo', question: 'how much is rent at the harbourline for a 4 bedrom', facts: ['$865'] },
  { id: 'nh-typo-counseling', category: 'typo', question: 'is counsling free? how many sesions can i get', facts: [['10 sessions', 'ten sessions']] },

  // Follow-ups: the question only makes sense with the previous turn.
  {
    id: 'nh-fu-absn-august-deadline', category: 'follow-up', question: "when's the deadline for the august one",
    history: turn('Do you have an accelerated nursing program?', "Yes. Brightwater's Accelerated BSN is a 16-month program for people who already have a bachelor's degree. New cohorts start each January and August."),
    facts: ['April 15, 2027'],
  },
  {
    id: 'nh-fu-flu-shot', category: 'follow-up', question: 'by when does the flu shot have to be done?',
    history: turn('What immunizations do I need for clinical?', 'You need MMR, varicella and hepatitis B (doses or a positive titer), Tdap within 10 years, a yearly flu vaccine, yearly TB screening, and COVID-19 vaccination if your site requires it.'),
    facts: ['October 15'],
  },
  {
    id: 'nh-fu-electricity', category: 'follow-up', question: 'is electricity included in that?',
    history: turn('Is there student housing?', "Brightwater doesn't have dorms, but it reserves furnished apartments for students at The Harborline Apartments, two blocks from campus. A private bedroom in a four-bedroom unit is $865 a month."),
    facts: ['billed separately', '$28'],
  },
  {
    id: 'nh-fu-childrens-distance', category: 'follow-up', question: 'how far is the childrens hospital from campus?',
    history: turn('Where do nursing students do their clinicals?', "At more than 30 partner agencies, including Lakeshore Regional Medical Center across the street, Saint Brendan Hospital, Harborview Behavioral Health and Helen DeVries Children's Hospital."),
    facts: ['52 miles'],
  },
  {
    id: 'nh-fu-rnbsn-discount', category: 'follow-up', question: 'i work for one of your partner hospitals, do i get a discount?',
    history: turn('How much is the RN to BSN?', 'The online RN-to-BSN is $410 per credit, or $12,300 for the 30-credit nursing major.'),
    facts: ['20%', '$328'],
  },
  {
    id: 'nh-fu-pinning', category: 'follow-up', question: 'what time is it and where?',
    history: turn('Do you still do a pinning ceremony for nursing grads?', 'Yes! The spring Pinning Ceremony is on Friday, May 7, 2027, the day before Commencement, and family and friends are welcome.'),
    facts: ['4:00 pm', 'Port Auden Civic Auditorium'],
  },

  // Several questions in one message.
  { id: 'nh-multi-app-fee-ea', category: 'multi-part', question: "what's the application fee for freshmen and when is early action due", facts: ['$40', 'November 1, 2026'] },
  { id: 'nh-multi-absn-deposit', category: 'multi-part', question: 'How much is the ABSN deposit and how long do I have to pay it after I get in?', facts: ['$500', ['14 days', 'two weeks']] },
  { id: 'nh-multi-kit-uniform', category: 'multi-part', question: 'what does the nursing lab kit cost and how much are uniforms', facts: ['$318', '$212'] },
  { id: 'nh-multi-transfer-limits', category: 'multi-part', question: 'how many credits can i transfer from a community college, and whats the most total?', facts: ['64 credits', '90 credits'] },

  // Yes or no, with the deciding detail.
  { id: 'nh-yn-direct-admit', category: 'yes-no', question: 'is the bsn direct admit or do i have to apply again after prereqs', facts: [['direct admission', 'direct admit'], '2.75'] },
  { id: 'nh-yn-absn-part-time', category: 'yes-no', question: 'can i do the accelerated program part time while i work?', facts: ['full-time only'] },
  { id: 'nh-yn-cna-required', category: 'yes-no', question: 'Do I have to be a CNA before applying to the ABSN?', facts: ['100 hours'] },
  { id: 'nh-yn-rnbsn-online', category: 'yes-no', question: 'is the RN to BSN 100% online? I work nights and can\'t come to campus', facts: ['45-hour'] },
  { id: 'nh-yn-absn-spring-break', category: 'yes-no', question: 'do ABSN students get a spring break?', facts: ['clinical make-up days'] },

  // Deadlines and dates.
  { id: 'nh-deadline-regular', category: 'deadline', question: 'regular decision deadline for the bsn?', facts: ['February 1, 2027'] },
  { id: 'nh-deadline-compliance-fall', category: 'deadline', question: 'when do my immunization records and background check need to be done for fall semester', facts: ['July 15'] },
  { id: 'nh-deadline-withdraw-fall', category: 'deadline', question: 'last day to withdraw from a class this fall?', facts: ['November 6, 2026'] },
  { id: 'nh-deadline-foundation', category: 'deadline', question: 'When is the foundation scholarship application due?', facts: ['April 5'] },

  // Costs.
  { id: 'nh-cost-clinical-fee', category: 'cost', question: 'how much is the clinical fee for nursing students', facts: ['$860'] },
  { id: 'nh-cost-rnbsn-credit', category: 'cost', question: 'RN to BSN price per credit?', facts: ['$410'] },
  { id: 'nh-cost-background', category: 'cost', question: 'what does the background check and drug test cost', facts: ['$124'] },
  { id: 'nh-cost-radtech-tuition', category: 'cost', question: 'What is tuition per semester for radiologic technology?', facts: ['$9,275'] },

  // Table lookups.
  { id: 'nh-table-st-brendan', category: 'table', question: 'how far away is saint brendan hospital and what town is it in', facts: ['38 miles', 'Danforth'] },
  { id: 'nh-table-sim-friday', category: 'table', question: 'what are the open lab hours in the sim center on fridays', facts: [['7:30 am', '7:30'], ['5:00 pm', '5pm']] },
  { id: 'nh-table-rnbsn-may', category: 'table', question: 'when does the RN-to-BSN session start in May?', facts: ['May 17, 2027'] },
  { id: 'nh-table-radtech-credential', category: 'table', question: 'what degree do you get in rad tech and how long does it take', facts: [['Associate of Applied Science', 'AAS'], '24 months'] },

  // Where things are.
  { id: 'nh-where-finaid', category: 'where', question: 'where is the financial aid office?', facts: ['Room 120'] },
  { id: 'nh-where-info-session', category: 'where', question: 'where are the tuesday info sessions held', facts: ['Room 101'] },
  { id: 'nh-where-sim-center', category: 'where', question: 'where is the simulation center on campus', facts: [['third floor', '3rd floor'], 'Kessler'] },
  { id: 'nh-where-pantry', category: 'where', question: "where's the food pantry and when is it open", facts: ['Room 012', ['11:00 am', '11 am']] },

  // Steps.
  { id: 'nh-howto-harborline', category: 'how-to', question: 'how do i sign up to live at the harborline apartments', facts: ['access code', '$55', '$350'] },
  { id: 'nh-howto-transfer-eval', category: 'how-to', question: 'how can i find out which of my classes transfer before i apply?', facts: [['preliminary evaluation', 'preliminary credit evaluation'], '10 business days'] },
  { id: 'nh-howto-reserve-lab', category: 'how-to', question: 'how do I reserve a station in the skills lab to practice?', facts: ['SimBook'] },
  { id: 'nh-howto-parking', category: 'how-to', question: 'im coming for a tour, where do visiters park and how do i get the parking paid for', facts: ['Mercer Street Ramp', 'Level 2', 'Welcome Center'] },

  // Only in the Clinical Handbook.
  { id: 'nh-doc-late', category: 'document', question: 'what happens if im late to clinical', facts: ['15 minutes'] },
  { id: 'nh-doc-makeup-fee', category: 'document', question: 'If I miss a clinical day, do I have to pay to make it up?', facts: ['$125'] },
  { id: 'nh-doc-nails', category: 'document', question: 'can i wear gel nails to clinicals? how long can my nails be', facts: ['1/4 inch'] },
  { id: 'nh-doc-needlestick', category: 'document', question: 'what do i do if i get stuck with a needle at clinical', facts: ['soap and water', 'within 2 hours', 'Incident Report'] },
  { id: 'nh-doc-work-before-clinical', category: 'document', question: 'can I work a night shift at my CNA job and then go straight to clinical in the morning?', facts: ['less than 8 hours'] },
  { id: 'nh-doc-snow', category: 'document', question: 'if it snows and the college closes do we still have clinical? how will i find out', facts: [['cancelled', 'canceled'], '5:00 am'] },

  // Written in Spanish; the facts are the college's own figures.
  { id: 'nh-es-absn-tuition', category: 'spanish', question: '¿Cuánto cuesta la matrícula del programa acelerado de enfermería (ABSN) por semestre?', facts: ['$14,900'] },
  { id: 'nh-es-teas', category: 'spanish', question: 'Hola, ¿dónde puedo tomar el examen TEAS en el campus y cuánto cuesta?', facts: ['Room 118', '$82'] },
  { id: 'nh-es-fafsa', category: 'spanish', question: '¿Cuál es la fecha límite prioritaria para la FAFSA y cuál es el código de la escuela?', facts: ['March 1', 'G31846'] },

  // Anything else.
  { id: 'nh-other-dean', category: 'other', question: "who's the dean of nursing?", facts: ['Marisol Achterberg'] },
  { id: 'nh-other-hs-concentrations', category: 'other', question: 'what concentrations can you pick in health sciences', facts: ['Health Care Administration', 'Public Health', 'Pre-Occupational Therapy'] },
  { id: 'nh-other-laptop', category: 'other', question: 'what laptop do i need? will my chromebook work', facts: ['8 GB'] },
  { id: 'nh-other-passing-grade', category: 'other', question: "what's the passing grade in nursing classes", facts: ['77%'] },
];

const absent: Absent[] = [
  { id: 'nh-absent-mtg-amount', question: 'how much is the michigan tuition grant worth?' },
  { id: 'nh-absent-yellow-ribbon', question: 'How much does Brightwater contribute through the Yellow Ribbon Program each year?' },
  {
    id: 'nh-absent-fu-shuttle-times', question: 'what time does it leave in the morning?',
    history: turn('Is there a shuttle to clinical?', 'Yes, the Harbor Hopper is a free college shuttle that runs between campus and Lakeshore Regional on clinical days.'),
  },
  { id: 'nh-absent-dean-students', question: 'who is the dean of students?' },
  { id: 'nh-absent-arrt-pass', question: 'whats the ARRT pass rate for your rad tech grads' },
  { id: 'nh-absent-shoes-price', question: 'how much do the white clinical shoes cost?' },
  {
    id: 'nh-absent-fu-cna-start', question: 'what date does the june one start?',
    history: turn('Do you offer a CNA class?', 'Yes. The 96-hour Nurse Aide Training Program runs for six weeks each June and each January, and costs $1,190.'),
  },
  { id: 'nh-absent-salary', question: 'what is the average starting salary for your BSN grads?' },
  { id: 'nh-absent-sonography', question: 'do you have a sonography program? i want to do ultrasound' },
  { id: 'nh-absent-radtech-app-fee', question: 'How much is the application fee for the radiologic technology program?' },
  { id: 'nh-absent-transcript-fee', question: 'how much does it cost to order an official transcript from the registrar?' },
  {
    id: 'nh-absent-fu-peds-instructor', question: "who's the clinical instructor there?",
    history: turn('Where do pediatric clinicals happen?', "Pediatric rotations are at Helen DeVries Children's Hospital in Kessling, 52 miles from campus."),
  },
  { id: 'nh-absent-harborline-pets', question: 'can i bring my dog if i live at the harborline?' },
  {
    id: 'nh-absent-fu-sna-dues', question: 'how much are the dues to join?',
    history: turn('Is there a student nurses club?', "Yes, the Student Nurses' Association (SNA) is Brightwater's chapter of the National Student Nurses' Association, with monthly meetings and a trip to the state convention."),
  },
];

export const school: BenchSchool = {
  slug: 'nursing-health',
  developmentOnly: true,
  account: { email: 'cnguyenrourke@brightwater.edu', password: 'Beacon-Lakeshore-2026!', username: 'cnguyenrourke', first_name: 'Caleb', last_name: 'Nguyen-Rourke' },
  profile: (site: string) => ({
    create: {
      name: 'Brightwater College of Nursing and Health Sciences',
      website_url: site,
      locations: ['Port Auden, Michigan'],
      classification: '4_year',
      degree_levels: ['certificate', 'associate', 'bachelor'],
      institution_control: 'private',
      tax_status: 'non_profit',
      mascot: 'Beacons',
    },
    classification: {
      classification: '4_year',
      degree_levels: ['certificate', 'associate', 'bachelor'],
      institution_control: 'private',
      tax_status: 'non_profit',
      religious_affiliation: null,
      accreditation_info:
        'Accredited by the Higher Learning Commission. The BSN (including the Accelerated BSN and RN-to-BSN) is accredited by the Commission on Collegiate Nursing Education (CCNE); Radiologic Technology by the Joint Review Committee on Education in Radiologic Technology (JRCERT); Respiratory Therapy by the Commission on Accreditation for Respiratory Care (CoARC).',
    },
    contact: {
      contact_points: [
        { name: 'Office of Admissions', email: 'admissions@brightwater.edu', phone: '(616) 555-0231', website: `${site}admissions.html` },
        { name: 'Financial Aid', email: 'finaid@brightwater.edu', phone: '(616) 555-0247', website: `${site}financial-aid.html` },
        { name: 'Student Accounts (billing)', email: 'studentaccounts@brightwater.edu', phone: '(616) 555-0253', website: `${site}tuition.html` },
        { name: 'Clinical Placement Office', email: 'clinical@brightwater.edu', phone: '(616) 555-0262', website: `${site}clinical.html` },
        { name: 'Main Switchboard', phone: '(616) 555-0200', website: `${site}contact.html` },
      ],
    },
    tuition: {
      tuition_info:
        'Tuition for 2026-27: BSN, BS in Respiratory Therapy and BS in Health Sciences $16,480 per semester full-time ($32,960 for fall and spring); part-time $1,135 per credit; Accelerated BSN $14,900 per semester ($59,600 for the program); RN-to-BSN Online $410 per credit; Radiologic Technology (AAS) $9,275 per semester; Nurse Aide Training (CNA) $1,190. Fees are billed in addition, including the Nursing Clinical Fee of $860 per semester in clinical semesters.',
      tuition_instructions:
        'When you give a price, say which program and which period (per semester, per credit or per program) it covers, and mention that clinical fees, the lab kit, uniforms and the background check are extra. Always mention that most students receive financial aid, and point Accelerated BSN students to the Lakeshore Regional Tuition Partnership. Refer billing questions to Student Accounts.',
    },
  }),
  factSheet: {
    programs: [
      'Bachelor of Science in Nursing (BSN)',
      'Accelerated BSN (16 months, second degree)',
      'RN-to-BSN Online',
      'Radiologic Technology (AAS)',
      'Bachelor of Science in Respiratory Therapy (BSRT)',
      'Bachelor of Science in Health Sciences',
      'Nurse Aide Training Program (CNA)',
    ],
    athletic_teams: [],
    student_clubs: [
      "Student Nurses' Association (SNA)",
      'Radiologic Technology Student Society',
      'Respiratory Care Club',
      'Men in Nursing',
      'Multicultural Health Alliance',
      'Student Government Association',
    ],
    important_deadlines: [
      { name: 'Fall semester charges due', date: '2026-08-10', description: 'Or enroll in the monthly payment plan in the BrightPath Portal' },
      { name: 'Fall Open House', date: '2026-10-24', description: '9:00 am to 1:00 pm' },
      { name: 'Early Action deadline (first-year)', date: '2026-11-01', description: 'Decisions by December 15, 2026' },
      { name: 'Regular Decision deadline (first-year)', date: '2027-02-01', description: 'Decisions by March 20, 2027' },
      { name: 'Radiologic Technology application deadline', date: '2027-02-15', description: 'An information session must be attended first' },
      { name: 'FAFSA priority deadline', date: '2027-03-01', description: 'Federal school code G31846' },
      { name: 'Accelerated BSN application deadline (August 2027 cohort)', date: '2027-04-15', description: null },
      { name: 'Enrollment deposit due (first-year)', date: '2027-05-01', description: '$300, credited toward tuition' },
    ],
  },
  actionPrompts: (site: string) => [
    { name: 'Attend an Info Session', target_audience: 'Future students in every program', action_description: 'Join an in-person info session on Tuesdays or a virtual ABSN session', action_type: 'link', action_data: `${site}visit.html`, priority: 90 },
    { name: 'Apply Now', target_audience: 'First-year, ABSN, transfer and RN-to-BSN applicants', action_description: 'Start your application for your program', action_type: 'link', action_data: `${site}admissions.html#apply`, priority: 80 },
    { name: 'Call Admissions', target_audience: 'Anyone with a question about applying', action_description: 'Talk with an admissions counselor', action_type: 'phone', action_data: '(616) 555-0231', priority: 70 },
    { name: 'E-mail Financial Aid', target_audience: 'Students and families planning how to pay', action_description: 'Ask the Financial Aid team about grants, scholarships and loans', action_type: 'email', action_data: 'finaid@brightwater.edu', priority: 60 },
  ],
  pages: {
    index: 'Welcome to Brightwater College',
    programs: 'Programs',
    admissions: 'Admissions',
    transfer: 'Transfer Credit',
    visit: 'Visit & Info Sessions',
    tuition: 'Tuition & Fees 2026–27',
    'financial-aid': 'Financial Aid & Scholarships',
    clinical: 'Clinical Placements',
    simulation: 'Vandermolen Simulation Center',
    housing: 'Housing',
    'student-life': 'Student Support & Student Life',
    calendar: 'Academic Calendar 2026–27',
    faq: 'Frequently Asked Questions',
    contact: 'Contact Us',
  },
  documents: [{ file: 'clinical-handbook.txt', name: 'Clinical Handbook 2026-27' }],
  answerable,
  absent,
};
