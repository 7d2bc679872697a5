// Halloran College of Art and Design: an invented small private college of art and design in Port Ashby,
// Maine, with a Foundation Year, twelve BFA majors, an MFA in Studio Art, portfolio-based admission,
// studio fees by major, galleries, shops and an Admitted Student Handbook.
// Development only: every question of this school is tuned on (written after the held-out measure).
import type { BenchSchool, Turn } from '../types';

const turn = (user: string, assistant: string): Turn[] => [
  { role: 'user', content: user },
  { role: 'assistant', content: assistant },
];

export const school: BenchSchool = {
  slug: 'arts-conservatory',
  developmentOnly: true,
  account: { email: 'pcastellano@halloran.edu', password: 'Gull-Harbor-Kiln-2026!', username: 'pcastellano', first_name: 'Priya', last_name: 'Castellano' },
  profile: (site) => ({
    create: {
      name: 'Halloran College of Art and Design',
      website_url: site,
      locations: ['Port Ashby, Maine'],
      classification: '4_year',
      degree_levels: ['bachelor', 'master'],
      institution_control: 'private',
      tax_status: 'non_profit',
      mascot: 'Gull',
    },
    classification: {
      classification: '4_year',
      degree_levels: ['bachelor', 'master'],
      institution_control: 'private',
      tax_status: 'non_profit',
      religious_affiliation: null,
      accreditation_info: 'Accredited by the New England Commission of Higher Education (NECHE). An accredited institutional member of the National Association of Schools of Art and Design (NASAD).',
    },
    contact: {
      contact_points: [
        { name: 'Office of Admission', email: 'admissions@halloran.edu', phone: '(207) 555-0312', website: `${site}admissions.html` },
        { name: 'Financial Aid Office', email: 'finaid@halloran.edu', phone: '(207) 555-0325', website: `${site}financial-aid.html` },
        { name: 'International Student Services', email: 'international@halloran.edu', phone: '(207) 555-0336', website: `${site}international.html` },
        { name: 'Transfer Admission', email: 'transfer@halloran.edu', phone: '(207) 555-0318', website: `${site}transfer.html` },
      ],
    },
    tuition: {
      tuition_info:
        'Undergraduate tuition for 2026-27 is $46,800 a year ($23,400 per semester) for 12 to 18 credits, the same for Maine residents and everyone else; part-time students pay $1,950 per credit. Required fees are a $1,140 comprehensive fee and a $480 technology fee a year, plus a studio fee each semester that depends on the major ($250 to $625). Room and board are extra.',
      tuition_instructions:
        'Point people to the Tuition & Fees page for the studio fee table by major and the refund schedule, and to Housing & Dining for room and meal plan rates. Mention that nearly every student receives a merit scholarship, awarded automatically with the admission decision.',
    },
  }),
  factSheet: {
    programs: [
      'Animation (BFA)',
      'Ceramics (BFA)',
      'Film & Video (BFA)',
      'Furniture Design (BFA)',
      'Graphic Design (BFA)',
      'Illustration (BFA)',
      'Industrial Design (BFA)',
      'Jewelry & Metalsmithing (BFA)',
      'Painting (BFA)',
      'Photography (BFA)',
      'Printmaking (BFA)',
      'Sculpture (BFA)',
      'Studio Art (MFA)',
      'Pre-College Summer Intensive (high school students)',
    ],
    athletic_teams: [],
    student_clubs: [
      'Student Government Association',
      'Paper Cuts Zine Collective',
      'Anime & Comics Club',
      'Black Artists Union',
      'Queer Art Collective',
      'Halloran Film Society',
      'Tabletop Game Design Guild',
      'Knit & Stitch',
      'Outing Club',
      'Open Figure Drawing',
    ],
    important_deadlines: [
      { name: 'Early Action application deadline (fall 2027 entry)', date: '2026-12-01', description: 'Decisions by January 31. Not binding.' },
      { name: 'Margaret Halloran Full-Tuition Scholarship application', date: '2027-01-10', description: 'Requires an Early Action application.' },
      { name: '2027-28 FAFSA priority date', date: '2027-01-20', description: null },
      { name: 'Regular Decision application deadline', date: '2027-02-15', description: 'Decisions by March 25.' },
      { name: 'Transfer priority deadline for fall 2027', date: '2027-04-01', description: null },
      { name: 'Enrollment deposit due', date: '2027-05-01', description: 'The $400 deposit is credited to the first semester bill.' },
      { name: 'Housing and Meal Plan Form due', date: '2026-06-01', description: 'For admitted students entering in fall 2026.' },
      { name: 'Fall 2026 charges due', date: '2026-08-03', description: null },
      { name: 'Fall 2026 classes begin', date: '2026-08-31', description: null },
    ],
  },
  actionPrompts: (site) => [
    { name: 'Apply to Halloran', target_audience: 'High school students and transfer students interested in art and design', action_description: 'Start the Common App or the Halloran Application and upload your portfolio', action_type: 'link', action_data: `${site}admissions.html`, priority: 90 },
    { name: 'Visit Campus', target_audience: 'Prospective students and families', action_description: 'Register for a campus tour, an Open House or a portfolio review', action_type: 'link', action_data: `${site}visit.html`, priority: 80 },
    { name: 'Call Admission', target_audience: 'Anyone with a question about applying or the portfolio', action_description: 'Talk to the Office of Admission', action_type: 'phone', action_data: '(207) 555-0312', priority: 70 },
    { name: 'Email Financial Aid', target_audience: 'Students and families with scholarship or FAFSA questions', action_description: 'Send a question to the Financial Aid Office', action_type: 'email', action_data: 'finaid@halloran.edu', priority: 60 },
  ],
  pages: {
    index: 'Welcome to Halloran College of Art and Design',
    admissions: 'First-Year Admission and Portfolio',
    programs: 'Majors and Programs',
    tuition: 'Tuition and Fees 2026–27',
    'financial-aid': 'Scholarships and Financial Aid',
    housing: 'Housing and Dining',
    visit: 'Visit Halloran',
    calendar: 'Academic Calendar 2026–27',
    'student-life': 'Studios, Galleries and Clubs',
    international: 'International Students',
    transfer: 'Transfer Students',
    faq: 'Frequently Asked Questions',
    contact: 'Contact and Directory',
  },
  documents: [{ file: 'admitted-student-handbook.md', name: 'Admitted Student Handbook, Fall 2026' }],

  answerable: [
    // Synonyms: the visitor's word is not the site's.
    { id: 'ac-syn-dorms', category: 'synonym', question: 'what are the freshman dorms called', facts: ['Tern Hall', 'Larkin House'] },
    { id: 'ac-syn-pottery', category: 'synonym', question: 'can i major in pottery?', facts: ['Ceramics'] },
    { id: 'ac-syn-sticker', category: 'synonym', question: "What's the sticker price for a year, just tuition?", facts: ['$46,800'] },
    { id: 'ac-syn-borrow-camera', category: 'synonym', question: 'is there somewhere on campus I can borrow a camera for a project', facts: ['Equipment Cage', 'B14'] },
    { id: 'ac-syn-senior-show', category: 'synonym', question: "when's the senior art show this year", facts: [['April 26', 'April 30']] },

    // Typos, as typed on a phone.
    { id: 'ac-typo-app-fee', category: 'typo', question: 'how much is the aplication fee', facts: ['$55'] },
    { id: 'ac-typo-early-action', category: 'typo', question: 'wen is the erly action deadlin', facts: ['December 1'] },
    { id: 'ac-typo-fafsa-code', category: 'typo', question: 'whats hallorans fasfa code', facts: ['004219'] },
    { id: 'ac-typo-admission-address', category: 'typo', question: 'adress of the admisions office?', facts: ['12 Quarry Street'] },

    // Everyday abbreviations.
    { id: 'ac-abbr-toefl', category: 'abbreviation', question: 'min toefl score?', facts: ['79'] },
    { id: 'ac-abbr-ptk', category: 'abbreviation', question: "I'm in PTK at my CC, is there extra scholarship $ for transfers?", facts: ['$3,000'] },
    { id: 'ac-abbr-sf-ratio', category: 'abbreviation', question: "what's the s/f ratio", facts: [['9:1', '9 to 1']] },

    // Follow-ups: the question only makes sense with the previous turn.
    {
      id: 'ac-fu-tern-single', category: 'follow-up', question: 'and a single?',
      history: turn('How much is a double in Tern Hall?', 'A double in Tern Hall costs $9,600 for the 2026–27 academic year.'), facts: ['$11,200'],
    },
    {
      id: 'ac-fu-ea-decision', category: 'follow-up', question: 'when would i hear back',
      history: turn('when is early action due', 'The Early Action deadline is December 1. Early Action at Halloran is not binding.'), facts: ['January 31'],
    },
    {
      id: 'ac-fu-tour-parking', category: 'follow-up', question: 'where do we park?',
      history: turn('what times are campus tours?', 'Student-led tours leave from Merrow House Monday through Friday at 10 a.m. and 2 p.m., and on Saturdays at 11 a.m. from September through April.'), facts: ['Lot C'],
    },
    {
      id: 'ac-fu-full-tuition-deadline', category: 'follow-up', question: "what's the deadline for the essay part",
      history: turn('tell me about the full tuition scholarship', 'The Margaret Halloran Full-Tuition Scholarship gives three entering students full tuition for four years. You need to apply Early Action and then submit a separate scholarship application with an essay.'), facts: ['January 10'],
    },
    {
      id: 'ac-fu-cage-late', category: 'follow-up', question: 'what happens if i bring it back late',
      history: turn('how long can i keep stuff from the equipment cage', 'Most items from the Equipment Cage can be borrowed for up to 3 days.'), facts: ['$10'],
    },
    {
      id: 'ac-fu-i20-funds', category: 'follow-up', question: 'how much money do i need to show',
      history: turn("I'm from Brazil. How do I get an I-20?", 'After you pay your enrollment deposit, submit the Certification of Finances form in HalloranHub with bank statements or a sponsor letter. The I-20 is emailed about two weeks after your documents are complete.'), facts: ['$78,950'],
    },

    // Several questions in one message.
    { id: 'ac-multi-start-movein', category: 'multi-part', question: 'when do fall classes start and when do freshmen move in?', facts: ['August 31', 'August 27'] },
    { id: 'ac-multi-portfolio', category: 'multi-part', question: 'how many pieces should be in my portfolio, and how many have to be from observation?', facts: [['12 to 20', '12–20', '12-20'], ['three', 'at least 3', '3 works', '3 pieces']] },
    { id: 'ac-multi-meal-plans', category: 'multi-part', question: 'what are the meal plan options and how much is the biggest one', facts: ['Flex 14', 'Apartment Plan', '$6,450'] },
    { id: 'ac-multi-open-houses', category: 'multi-part', question: 'When are the open houses and what time do they start?', facts: ['October 17', 'November 14', '9 a.m.'] },

    // Yes or no, with the deciding detail.
    { id: 'ac-yn-sat', category: 'yes-no', question: 'do I have to send my SAT scores?', facts: [['test-optional', 'not required']] },
    {
      id: 'ac-yn-double-major', category: 'yes-no', question: 'can I double major in illustration and animation?',
      facts: [['not offered', 'does not offer double majors', "doesn't offer double majors", 'cannot double major', "can't double major"], 'minor'],
    },
    { id: 'ac-yn-studios-all-night', category: 'yes-no', question: 'are the studios open all night?', facts: ['24 hours', 'midnight'] },
    { id: 'ac-yn-intl-merit', category: 'yes-no', question: "I'm an international student, can I still get a merit scholarship?", facts: ['Founders', ["Dean's Award", 'Dean’s Award']] },
    { id: 'ac-yn-health-waiver', category: 'yes-no', question: "can i get out of the health insurance if i'm on my parents plan?", facts: ['August 15'] },

    // Deadlines and dates.
    { id: 'ac-dl-regular', category: 'deadline', question: 'regular decision deadline?', facts: ['February 15'] },
    { id: 'ac-dl-transfer-fall', category: 'deadline', question: "When do I need to apply by if I'm transferring in for the fall?", facts: ['April 1'] },
    { id: 'ac-dl-deposit', category: 'deadline', question: 'when is the enrollment deposit due and how much is it', facts: ['May 1', '$400'] },
    { id: 'ac-dl-withdraw-fall', category: 'deadline', question: 'last day to drop a class with a W this fall', facts: ['November 6'] },
    { id: 'ac-dl-fafsa', category: 'deadline', question: 'fafsa priority deadline', facts: ['January 20'] },

    // Costs.
    { id: 'ac-cost-per-credit', category: 'cost', question: "how much per credit if I'm part time", facts: ['$1,950'] },
    { id: 'ac-cost-payment-plan', category: 'cost', question: 'does it cost anything to use the payment plan', facts: ['$50'] },
    { id: 'ac-cost-wintersession', category: 'cost', question: 'how much is a wintersession class', facts: ['$2,850'] },
    { id: 'ac-cost-precollege', category: 'cost', question: 'my daughter is 16, how much is the summer program if she stays on campus', facts: ['$5,400'] },

    // Lookups in a table.
    { id: 'ac-table-ceramics-fee', category: 'table', question: 'studio fee for ceramics majors?', facts: ['$550'] },
    { id: 'ac-table-kilnworks', category: 'table', question: 'how much does a kilnworks loft cost', facts: ['$12,900'] },
    { id: 'ac-table-refund-week3', category: 'table', question: 'if I withdraw in the third week how much tuition do i get back', facts: ['50%'] },
    { id: 'ac-table-apartment-plan', category: 'table', question: 'price of the apartment meal plan?', facts: ['$2,600'] },

    // Where things are.
    { id: 'ac-where-finaid', category: 'where', question: 'where is the financial aid office', facts: ['Merrow House', 'Room 204'] },
    { id: 'ac-where-spray', category: 'where', question: 'where am I allowed to use spray paint? my RA said not in my room', facts: ['Room 012'] },
    { id: 'ac-where-laser', category: 'where', question: 'where are the laser cutters', facts: ['Kiln Building', 'Room 110'] },
    { id: 'ac-where-commencement', category: 'where', question: 'where is graduation held', facts: ['Port Ashby Armory'] },

    // How to do something.
    { id: 'ac-howto-portfolio', category: 'how-to', question: 'how do i submit my portfolio', facts: ['SlideRoom'] },
    { id: 'ac-howto-fab-lab', category: 'how-to', question: 'how do i get access to the fab lab as a freshman', facts: ['Shop Safety Orientation'] },
    { id: 'ac-howto-student-show', category: 'how-to', question: 'how can I get a show in the student gallery', facts: ['Loading Dock Gallery', 'first Friday'] },
    { id: 'ac-howto-airport', category: 'how-to', question: "I'm an international student, how do I get picked up at the airport when I arrive?", facts: ['Portland International Jetport', 'August 1'] },

    // Only in the Admitted Student Handbook.
    { id: 'ac-doc-car', category: 'document', question: 'can freshmen bring a car', facts: [['may not bring a car', 'cannot bring a car', "can't bring a car", 'not allowed to bring a car']] },
    { id: 'ac-doc-supply-kit', category: 'document', question: 'how much is the foundation supply kit and when do I have to order it', facts: ['$385', 'July 31'] },
    { id: 'ac-doc-id-replace', category: 'document', question: 'lost my gull card, how much for a new one', facts: ['$25'] },
    { id: 'ac-doc-ap-art-history', category: 'document', question: 'Do I get credit for AP Art History?', facts: ['4 or 5', ['3 credits', 'three credits']] },
    { id: 'ac-doc-sketchbook', category: 'document', question: 'is there any summer homework before foundation year starts?', facts: ['40 pages'] },
    { id: 'ac-doc-emergency-fund', category: 'document', question: 'my laptop died and I cant afford a new one, is there any emergency money?', facts: ['$750'] },

    // Written in Spanish.
    { id: 'ac-es-tuition', category: 'spanish', question: '¿Cuánto cuesta la matrícula por un año?', facts: ['$46,800'] },
    { id: 'ac-es-maine-grant', category: 'spanish', question: 'Vivimos en Maine. ¿Hay alguna beca para los residentes del estado?', facts: ['$5,000'] },
    { id: 'ac-es-admission-phone', category: 'spanish', question: '¿Cuál es el número de teléfono de la oficina de admisiones?', facts: ['555-0312'] },

    // Everything else.
    { id: 'ac-other-president', category: 'other', question: 'who is the president of halloran', facts: ['Celeste Amundsen'] },
    { id: 'ac-other-accredited', category: 'other', question: 'are you guys accredited?', facts: [['NECHE', 'New England Commission of Higher Education'], ['NASAD', 'National Association of Schools of Art and Design']] },
    { id: 'ac-other-zine', category: 'other', question: 'is there a zine club', facts: ['Paper Cuts'] },
  ],

  absent: [
    { id: 'ac-abs-glass', question: 'do you have a glassblowing studio? I want to work in glass' },
    { id: 'ac-abs-grad-rate', question: "What's Halloran's graduation rate?" },
    { id: 'ac-abs-job-placement', question: 'what percent of grads get a job in their field within a year of graduating' },
    { id: 'ac-abs-mfa-deadline', question: 'When is the application deadline for the MFA in Studio Art?' },
    {
      id: 'ac-abs-lisbon-housing', question: 'is housing in Lisbon included or do I pay for it separately?',
      history: turn('tell me about the lisbon program', 'Halloran in Lisbon is a fall semester program in Portugal for juniors in any major. Students pay regular Halloran tuition and keep their Halloran scholarships.'),
    },
    {
      id: 'ac-abs-wharf-ac', question: 'do they have air conditioning?',
      history: turn('what are the upperclass apartments like', 'The Wharf Street Apartments are four-person apartments with single bedrooms, a full kitchen and a living room, for sophomores, juniors and seniors.'),
    },
    { id: 'ac-abs-dental', question: 'does the student health insurance plan cover dental?' },
    { id: 'ac-abs-sibling', question: 'is there a tuition discount if two siblings go to Halloran at the same time?' },
    { id: 'ac-abs-illustration-chair', question: 'who is the chair of the Illustration department?' },
    { id: 'ac-abs-library-fine', question: "what's the late fee for returning a library book late?" },
    {
      id: 'ac-abs-precollege-credit', question: 'do they earn college credit for it?',
      history: turn('Is there a summer program for high schoolers?', 'Yes, the Pre-College Summer Intensive for students ages 15 to 18 runs July 5 to July 30, 2027. It costs $5,400 for residential students and $3,300 for commuters.'),
    },
    { id: 'ac-abs-avg-gpa', question: "what's the average high school GPA of admitted freshmen?" },
    { id: 'ac-abs-parking-ticket', question: 'how much is the ticket if I park in Lot A without a permit?' },
    { id: 'ac-abs-outing-club-cost', question: 'how much does the outing club winter camping trip cost?' },
  ],
};
