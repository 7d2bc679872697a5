import { describe, expect, it } from 'vitest';
import { composeAnswer, NO_INFORMATION, type ComposeInput } from '@/lib/model/compose';
import { readableSentences } from '@/lib/model/readable';
import { contentTerms } from '@/lib/retrieval/question-terms';
import { analyse } from '@/lib/retrieval/sentences';
import { agentRelatives, BUILT_IN_VOCABULARY, stem, words } from '@/lib/retrieval/vocabulary';

const passages: ComposeInput['passages'] = [
  {
    title: 'Tuition and costs at Riverside College',
    content:
      'Undergraduate tuition for 2026–27 is $24,500 per year for full-time students (12–18 credits); part-time study costs $1,020 per credit. Room and board average $11,200. 87% of first-year students receive need-based or merit aid, with an average award of $14,300.',
    sourceType: 'school',
    sourceId: 'school:tuition',
  },
  { title: 'Athletics at Riverside College', content: 'Athletic teams at Riverside College: Soccer, Basketball, Cross Country, Rowing and Volleyball.', sourceType: 'fact_sheet', sourceId: 'facts:athletics' },
  { title: 'Programs at Riverside College', content: 'Riverside College offers these programs: Nursing (BSN), Biology, Computer Science and Psychology.', sourceType: 'fact_sheet', sourceId: 'facts:programs' },
  { title: 'Start your application', content: 'Start your application (for Prospective students): Apply online. Website Link: https://riverside.example.edu/apply', sourceType: 'action_prompt', sourceId: '1' },
];

const base: ComposeInput = {
  question: '',
  passages,
  actions: [
    { name: 'Start your application', description: 'Apply online in about 20 minutes.', audience: 'Prospective students', type: 'link', data: 'https://riverside.example.edu/apply' },
    { name: 'Call Admissions', description: 'Talk to a counsellor.', audience: 'Anyone', type: 'phone', data: '+1 503 555 0100' },
  ],
  contact: { name: 'Office of Admissions', email: 'admissions@riverside.example.edu', phone: '+1 503 555 0100' },
  assistantName: 'Ollie',
  schoolName: 'Riverside College',
};
const ask = (question: string, over: Partial<ComposeInput> = {}) => composeAnswer({ ...base, ...over, question });

describe('the local model composes answers from the passages only', () => {
  it('quotes the tuition figure for a tuition question', () => {
    const a = ask('How much is tuition?');
    expect(a.known).toBe(true);
    expect(a.text).toContain('$24,500 per year');
    expect(a.used.map((p) => p.sourceId)).toContain('school:tuition');
  });

  it('answers a programme question from the fact sheet', () => {
    expect(ask('Do you offer a nursing program?').text).toContain('Nursing (BSN)');
  });

  it('says honestly when the passages do not cover the question, with the contact', () => {
    for (const q of ['Do you have a quidditch team?', 'Is there a medical school?', 'What is the weather like in winter?']) {
      const a = ask(q);
      expect(a.known, q).toBe(false);
      expect(a.text, q).toContain(NO_INFORMATION);
      expect(a.text, q).toContain('[admissions@riverside.example.edu](mailto:admissions@riverside.example.edu)');
      expect(a.text, q).not.toContain('$');
    }
  });

  it('does not take "marching" for the month of March, and still answers a March date or a marching band the school names', () => {
    const dates: ComposeInput['passages'] = [
      ...passages,
      { title: 'Deadlines', content: 'The housing application opens on March 1 and closes on June 1. Scholarship interviews run from October to March.', sourceType: 'school', sourceId: 'school:dates' },
    ];
    const absent = ask('Do you have a marching band?', { passages: dates });
    expect(absent.known).toBe(false);
    expect(absent.text).toContain(NO_INFORMATION);
    expect(ask('When does the housing application open in March?', { passages: dates }).text).toContain('March 1');
    const band: ComposeInput['passages'] = [...dates, { title: 'Music', content: 'The Riverside Marching Band performs at every home game; auditions are in August.', sourceType: 'school', sourceId: 'school:band' }];
    expect(ask('Do you have a marching band?', { passages: band }).text).toContain('Marching Band performs');
  });

  it('does not answer "a rugby club" with "join a club" when the school never names rugby; a club it names is answered', () => {
    const life: ComposeInput['passages'] = [
      ...passages,
      { title: 'Student life', content: 'Join a club, cheer on the Lynx, or grab a coffee with classmates between classes. The Chess Club meets on Tuesdays in the library.', sourceType: 'web_page', sourceId: 'life' },
    ];
    // The school's words and how many passages use each, as the index counts them (in a school of 200 passages).
    const documentFrequency = new Map<string, number>();
    for (const p of life) for (const w of new Set(words(p.content).map(stem))) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
    const corpus = { size: 200, documentFrequency };
    const rugby = ask('Is there a rugby club I can join?', { passages: life, corpus });
    expect(rugby.known).toBe(false);
    expect(rugby.text).toContain(NO_INFORMATION);
    expect(ask('Is there a chess club I can join?', { passages: life, corpus }).text).toContain('The Chess Club meets on Tuesdays');
  });

  it('answers "how much does a parking permit cost?" only with an amount for the permit, not a sentence on it beside prices of other things', () => {
    const parking: ComposeInput['passages'] = [
      ...passages.slice(1),
      { title: 'Parking', content: 'Any vehicle parked on campus must display a permit purchased online from Parking Services. First-year students may bring a car.', sourceType: 'web_page', sourceId: 'parking' },
      { title: 'ID cards', content: 'A replacement ID card costs $25.', sourceType: 'web_page', sourceId: 'id' },
      { title: 'Jobs', content: 'On-campus jobs for students start at $13.25 an hour.', sourceType: 'web_page', sourceId: 'jobs' },
    ];
    const unknown = ask('How much does a student parking permit cost?', { passages: parking });
    expect(unknown.known).toBe(false);
    expect(unknown.text).toContain(NO_INFORMATION);
    const priced = [...parking, { title: 'Parking permits', content: 'A student parking permit costs $180 a year.', sourceType: 'web_page', sourceId: 'permits' }];
    expect(ask('How much does a student parking permit cost?', { passages: priced }).text).toContain('$180 a year');
  });

  it('answers "how many students go to TVCC?" only with a count of students when every word of it is everywhere in the school', () => {
    const everywhere: ComposeInput['passages'] = [
      { title: 'Student e-mail', content: 'Your TVCC email address is your first initial, last name and the last three digits of your Student ID. All students are signed up with their TVCC email.', sourceType: 'web_page', sourceId: 'mail' },
      { title: 'Parking', content: 'TVCC students park free in Lot C.', sourceType: 'web_page', sourceId: 'parking' },
    ];
    // A school of 100 passages, most of them saying "students" and "TVCC".
    const corpus = { size: 100, documentFrequency: new Map([['student', 80], ['tvcc', 60], ['email', 3], ['park', 2], ['librari', 2], ['book', 1]]) };
    const unknown = ask('How many students go to TVCC?', { passages: everywhere, corpus });
    expect(unknown.known).toBe(false);
    expect(unknown.text).not.toContain('three digits');
    const counted = [...everywhere, { title: 'About TVCC', content: 'TVCC enrolls about 3,100 credit students each fall.', sourceType: 'web_page', sourceId: 'about' }];
    expect(ask('How many students go to TVCC?', { passages: counted, corpus }).text).toContain('3,100 credit students');
    // A telling word chooses by itself: the residence hall's figure answers, though it counts residents.
    const hall = [...everywhere, { title: 'Residence hall', content: 'The TVCC residence hall for students is full this fall with 240 residents.', sourceType: 'web_page', sourceId: 'hall' }];
    expect(ask('How many students live in the TVCC residence hall?', { passages: hall, corpus }).text).toContain('240 residents');
  });

  it('answers "a glassblowing studio" and "the chair of Illustration" only when the school names them', () => {
    const art: ComposeInput['passages'] = [
      { title: 'Internships', content: 'Students work in sponsored studio courses with partner organizations each spring.', sourceType: 'web_page', sourceId: 'work' },
      { title: 'BFA majors', content: '- Major: Illustration; Department: Fine Arts; Main studios: Foundry Hall, 3rd floor', sourceType: 'web_page', sourceId: 'majors' },
    ];
    const documentFrequency = new Map<string, number>();
    for (const p of art) for (const w of new Set(words(p.content).map(stem))) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
    const corpus = { size: 200, documentFrequency };
    expect(ask('do you have a glassblowing studio? I want to work in glass', { passages: art, corpus }).known).toBe(false);
    expect(ask('who is the chair of the Illustration department?', { passages: art, corpus }).known).toBe(false);
    // A role the school names is answered.
    const chaired = [...art, { title: 'Faculty', content: 'The chair of the Illustration department is Professor Dana Reyes.', sourceType: 'web_page', sourceId: 'chair' }];
    for (const p of chaired.slice(2)) for (const w of new Set(words(p.content).map(stem))) documentFrequency.set(w, (documentFrequency.get(w) ?? 0) + 1);
    expect(ask('who is the chair of the Illustration department?', { passages: chaired, corpus }).text).toContain('Dana Reyes');
  });

  it('answers "how much is the ticket" only with an amount said of the ticket, and a named thing\'s deadline only with its own', () => {
    const parking = { title: 'Parking', content: 'Commuting students can buy a parking permit for $180 a year. Cars without a permit in college lots are ticketed.', sourceType: 'web_page', sourceId: 'parking' };
    expect(ask('how much is the ticket if I park in Lot A without a permit?', { passages: [parking] }).known).toBe(false);
    // The price after the sentence on the thing is its price ("The shuttle runs… Seats cost $35").
    const shuttle = { title: 'Getting here', content: 'The airport shuttle runs from Portland on move-in day. Seats cost $35 each way.', sourceType: 'web_page', sourceId: 'shuttle' };
    expect(ask('How much is the shuttle from the airport?', { passages: [shuttle] }).text).toContain('$35');
    const deadlines: ComposeInput['passages'] = [
      { title: 'Transfer — Deadlines', content: 'Fall semester entry: priority application deadline April 1.', sourceType: 'web_page', sourceId: 'transfer' },
      { title: 'Graduate study', content: 'The MFA in Studio Art is a two-year, 60-credit residential program.', sourceType: 'web_page', sourceId: 'mfa' },
    ];
    expect(ask('When is the application deadline for the MFA in Studio Art?', { passages: deadlines }).known).toBe(false);
    const own = [...deadlines, { title: 'Graduate study — Applying', content: 'The MFA application deadline is January 15.', sourceType: 'web_page', sourceId: 'mfa-dl' }];
    expect(ask('When is the application deadline for the MFA in Studio Art?', { passages: own }).text).toContain('January 15');
  });

  it('answers a rate, an amount and "who is the…" only from a sentence about what was asked', () => {
    // The rate's sentence must name the ARRT (the NCLEX rate before a sentence about the ARRT exam is no answer).
    const outcomes = { title: 'Outcomes', content: 'Our first-time NCLEX-RN pass rate for 2025 was 94.6%. Radiologic Technology students prepare for the ARRT exam with a mock registry review.', sourceType: 'web_page', sourceId: 'outcomes' };
    expect(ask('whats the ARRT pass rate for your rad tech grads', { passages: [outcomes] }).known).toBe(false);
    const rated = [outcomes, { title: 'Radiologic Technology', content: 'In 2025, 97% of our graduates passed the ARRT exam on the first attempt.', sourceType: 'web_page', sourceId: 'arrt' }];
    expect(ask('whats the ARRT pass rate for your rad tech grads', { passages: rated }).text).toContain('97%');
    // The amount's sentence (or one before it) must say what is asked: a wage before a sentence naming the registrar is no transcript fee.
    const work = { title: 'Student employment', content: 'Work-study students staff front desks at $14.50 an hour. Many work in the Registrar’s Office ordering supplies and transcripts.', sourceType: 'web_page', sourceId: 'work' };
    expect(ask('how much does it cost to order an official transcript from the registrar?', { passages: [work] }).known).toBe(false);
    // "Who is the dean of students?" needs a person named.
    const office = { title: 'Student support', content: 'The Dean of Students office, in Harbor Hall Room 240, oversees student conduct.', sourceType: 'web_page', sourceId: 'dos' };
    expect(ask('who is the dean of students?', { passages: [office] }).known).toBe(false);
    const named = [office, { title: 'Student support — Staff', content: 'Dean of Students: Maria Okafor.', sourceType: 'web_page', sourceId: 'name' }];
    expect(ask('who is the dean of students?', { passages: named }).text).toContain('Maria Okafor');
  });

  it('answers "that exam" in a follow-up only about the exam the earlier turn named', () => {
    const nursing: ComposeInput['passages'] = [
      ...passages.slice(1),
      { title: 'Nursing admission', content: 'Take the ATI TEAS exam and earn an overall score of 62% or higher.', sourceType: 'web_page', sourceId: 'teas' },
      { title: 'Associate Degree in Nursing', content: 'The ADN is a 64-credit degree that prepares you for the NCLEX-RN exam. The program admits 40 students each fall.', sourceType: 'web_page', sourceId: 'adn' },
    ];
    const context = { question: 'Tell me about the ADN program', answer: 'The ADN is a 64-credit degree that prepares you for the NCLEX-RN exam. The program admits 40 students each fall.' };
    const unknown = ask("what's your pass rate on that exam?", { passages: nursing, context });
    expect(unknown.known).toBe(false);
    expect(unknown.text).not.toContain('62%');
    const rate = [...nursing, { title: 'Outcomes', content: 'In 2026, 91% of our graduates passed the NCLEX-RN exam on their first attempt.', sourceType: 'web_page', sourceId: 'outcomes' }];
    expect(ask("what's your pass rate on that exam?", { passages: rate, context }).text).toContain('91%');
  });

  it("leaves out a runner-up from a page about something else that only shares the question's words", () => {
    const halls: ComposeInput['passages'] = [
      ...passages.slice(1),
      { title: 'Residence Halls — Rates', content: 'First-year students live in Tamarack Hall, where a double room costs $7,340 a year.', sourceType: 'web_page', sourceId: 'halls' },
      { title: 'International Students — Financial documents', content: 'To receive a Form I-20, you must document funds for your first year of study, housing included: $47,902 for 2026–27.', sourceType: 'web_page', sourceId: 'i20' },
    ];
    const a = ask('How much are the dorms for freshmen?', { passages: halls });
    expect(a.text).toContain('$7,340');
    expect(a.text).not.toContain('I-20');
  });

  it('answers "how do I…" with the matching action prompt as a link', () => {
    const a = ask('How do I apply?');
    expect(a.text).toBe("Here's how:\n\n- [Start your application](https://riverside.example.edu/apply)");
  });

  it('falls back to an action prompt, then to the school, when no contact point exists', () => {
    expect(ask('Can I bring my horse?', { contact: null }).text).toContain('[+1 503 555 0100](tel:+15035550100)');
    expect(ask('Can I bring my horse?', { contact: null, actions: [] }).text).toContain('please contact Riverside College directly');
  });

  it('greets without inventing anything, and ends with the lead question when given', () => {
    expect(ask('hello!').text).toBe("Hello! I'm Ollie, the admissions assistant for Riverside College. What would you like to know?");
    expect(ask('What sports teams do you have?', { followUp: "By the way, what's your first name?" }).text).toMatch(/Soccer[\s\S]*\n\nBy the way, what's your first name\?$/);
  });

  it('never shows action-prompt descriptions, and asks no lead question after "I don\'t know"', () => {
    const unknown = ask('Can I bring my horse?', { followUp: "By the way, what's your first name?" });
    expect(unknown.text).toContain(NO_INFORMATION);
    expect(unknown.text).not.toContain('first name');
    expect(unknown.text).not.toContain('Talk to a counsellor');
    const fallback = ask('Do you have a quidditch team?', { followUp: "By the way, what's your first name?", contact: null });
    expect(fallback.text).not.toContain('first name');
  });

  it('answers from list points as a Markdown list, not run together', () => {
    const visit = { title: 'Visit guide — Parking', content: '- Visitors park free in Lot C beside Harbor Street.\n- Parking permits for visitors are at the front desk.', sourceType: 'file_text', sourceId: '3' };
    expect(ask('Where do visitors park? Do we need a parking permit?', { passages: [visit] }).text).toBe('- Visitors park free in Lot C beside Harbor Street.\n- Parking permits for visitors are at the front desk.');
  });

  it('does not stitch an answer from sentences that each share one word with the question', () => {
    const scattered = [
      { title: 'Transfer', content: 'We accept up to 64 transfer credits from accredited colleges.', sourceType: 'web_page', sourceId: '1' },
      { title: 'Education', content: 'Our education graduates passed the licensure exams at a rate of 98% last year.', sourceType: 'web_page', sourceId: '2' },
    ];
    const a = ask('What is your acceptance rate?', { passages: scattered });
    expect(a.known).toBe(false);
    expect(a.text).toContain(NO_INFORMATION);
    expect(a.text).not.toContain('98%');
  });

  it('quotes one point of an insight list, never its headings', () => {
    const insights = { title: 'Housing and dining', content: '## Campus life\n- First-year students live on campus in four residence halls.\n- The unlimited meal plan costs $4,800 per year.\n\nTopics covered: Housing; Dining', sourceType: 'web_link', sourceId: '7' };
    const a = ask('What does the meal plan cost?', { passages: [insights] });
    expect(a.text).toBe('The unlimited meal plan costs $4,800 per year.');
  });

  it('ignores question words and stems the rest', () => {
    expect(contentTerms('What are the application deadlines for nursing?')).toEqual(['applic', 'deadlin', 'nurs']);
  });
});

describe('passages keep their list lines', () => {
  it('chunkText keeps one point per line inside a paragraph', async () => {
    const { chunkText } = await import('@/lib/knowledge/chunking');
    expect(chunkText('## Costs\n- Tuition is $1.\n-   Fees   are $2.\n\nOther.')).toEqual(['## Costs\n- Tuition is $1.\n- Fees are $2.\n\nOther.']);
  });
});

describe("a staff correction that answers best", () => {
  it('is given whole when its passage answers the question better than any page', () => {
    const correction = { title: 'When is the open house?', content: 'Our open house is on Saturday, October 17, from 10 am to 2 pm. Park in Lot C.', sourceType: 'correction', sourceId: '7' };
    const a = ask('what date is the next open house', { passages: [...passages, correction] });
    expect(a.text).toBe(correction.content);
    expect(a.used).toEqual([correction]);
    // A question it does not answer still gets the page's answer.
    expect(ask('How much is tuition?', { passages: [...passages, correction] }).text).toContain('$24,500');
  });
});

describe('answers that hold on questions asked in other ways', () => {
  const openHouses = { title: 'Visit — Open houses', content: 'The fall open house is on Saturday, October 18. The spring open house is on Saturday, April 11.', sourceType: 'web_page', sourceId: 'visit' };

  it('answers with the runner-up too when two sentences answer about as well', () => {
    const a = ask('When is the open house?', { passages: [...passages, openHouses] });
    expect(a.text).toContain('October 18');
    expect(a.text).toContain('April 11');
  });

  it('answers with the two closest runner-ups when three sentences answer about as well', () => {
    const sessions = { title: 'Visit — Info sessions', content: 'The summer info session is on Friday, July 10. The fall info session is on Friday, October 2. The winter info session is on Friday, January 15.', sourceType: 'web_page', sourceId: 'sessions' };
    const a = ask('When is the info session?', { passages: [...passages, sessions] }).text;
    expect(a).toContain('July 10');
    expect(a).toContain('October 2');
    expect(a).toContain('January 15');
  });

  it('weighs a word the school never uses as a missing topic only when it names a thing', () => {
    // "budget" is the visitor's verb: tuition is the topic, and it is answered.
    expect(ask('How much should I budget for tuition?').text).toContain('$24,500');
    // "stadium" is a thing the school never mentions: no answer from the athletics line.
    expect(ask('Do you have a stadium for soccer?').text).toContain(NO_INFORMATION);
  });

  it('answers a message of several questions part by part, and says which part it cannot answer', () => {
    const a = ask('Do you offer nursing? Do you have a planetarium?');
    expect(a.known).toBe(true);
    expect(a.text).toContain('Nursing (BSN)');
    expect(a.text).toContain(`I don't have the answer to "Do you have a planetarium" right now.`);
    expect(a.text).toContain('admissions@riverside.example.edu');
    // A later part that leans on a part it cannot answer is not answered by itself.
    const b = ask('Do you have a planetarium? How much does it cost?');
    expect(b.text).toContain(NO_INFORMATION);
    expect(b.text).not.toContain('$');
  });
});

describe('a value that falls in one band of a table', () => {
  const bands = {
    title: 'Placement — Reading scores',
    content: '- Test: Reading; Score: 200–235; Course placement: ENG 090\n- Test: Reading; Score: 236–249; Course placement: ENG 099\n- Test: Reading; Score: 250 or higher; Course placement: ENG 101',
    sourceType: 'web_page',
    sourceId: 'placement',
  };
  it('answers with the row whose range holds the number given', () => {
    const a = ask('I got a 240 on the reading test, what course do I take?', { passages: [...passages, bands] });
    expect(a.text).toContain('ENG 099');
    expect(a.text).not.toContain('ENG 090');
    expect(ask('I scored 262 on reading, which course placement?', { passages: [...passages, bands] }).text).toContain('ENG 101');
  });

  it('reads an ordinal as its number: "7th grade" is in "Grades 6–8"', () => {
    const divisions = {
      title: 'Daily schedule — Start and end times',
      content: '- Division: Lower School (Grades 1–5); Start: 8:00 am\n- Division: Middle School (Grades 6–8); Start: 8:05 am\n- Division: Upper School (Grades 9–12); Start: 7:50 am',
      sourceType: 'web_page',
      sourceId: 'schedule',
    };
    const a = ask('What time does 7th grade start?', { passages: [divisions] });
    expect(a.text).toContain('8:05 am');
    expect(a.text).not.toContain('7:50 am');
  });

  it('answers a person named after what they do through it ("boarders" by "boarding")', () => {
    const fees = { title: 'Fees', content: '- Fee: International Student Fee; Who pays: International boarding students; Amount: $3,200\n- Fee: Lunch Program; Who pays: All day students; Amount: $1,650', sourceType: 'web_page', sourceId: 'fees' };
    const a = ask('Are there fees for international boarders?', { passages: [fees] });
    expect(a.text).toContain('$3,200');
    expect(a.text).not.toContain('$1,650');
    expect(agentRelatives('kindergartners')).toContain('kindergarten');
    expect(agentRelatives('grader')).toContain('grade');
    expect(agentRelatives('teach')).toContain('teacher');
    expect(agentRelatives('offer')).toEqual([]);
  });

  it('answers with the kind of answer asked for although the question says more ("drop off"), but not "how many" with any figure or "who" with any name', () => {
    const bus = { title: 'Transportation — Buses', content: 'Buses arrive at and depart from the Bus Loop behind Harmon Fieldhouse, where faculty meet students. Bus routes are posted in August.', sourceType: 'web_page', sourceId: 'bus' };
    expect(ask('Where does the bus drop off on campus?', { passages: [bus] }).text).toContain('Bus Loop behind Harmon Fieldhouse');
    const band = { title: 'Campus life', content: 'The marching band, with about 240 members, performs at every home football game in Copperline Stadium.', sourceType: 'web_page', sourceId: 'band' };
    expect(ask('How many people does the football stadium hold?', { passages: [band] }).text).toContain(NO_INFORMATION);
    const music = { title: 'School of Music', content: "The School of Music's 34 faculty members teach about 260 music majors. Music Education and Music Performance have separate auditions.", sourceType: 'web_page', sourceId: 'music' };
    expect(ask("Who's the piano teacher for music majors?", { passages: [music] }).text).toContain(NO_INFORMATION);
  });

  it("answers a yes-or-no question with an FAQ's own Yes or No and the sentence that says how", () => {
    const faq = {
      title: 'FAQ — Admission',
      content: 'Can I defer my admission for a gap year? Yes. Admitted first-year students may defer their enrollment for up to one academic year. Does the university offer Early Decision? No. We offer nonbinding Early Action instead.',
      sourceType: 'web_page',
      sourceId: 'faq',
    };
    const gap = ask('Can I take a gap year?', { passages: [faq] }).text;
    expect(gap).toContain('Yes. Admitted first-year students may defer their enrollment for up to one academic year.');
    // The page's own question is not said back to the visitor.
    expect(gap).not.toContain('Can I defer my admission');
    expect(gap).not.toContain('Early Action');
    expect(ask('Is there an early decision option?', { passages: [faq] }).text).toContain('No. We offer nonbinding Early Action instead.');
  });

  it("reads a K–12 school's divisions as families name them, one term for a phrase of two groups", () => {
    const tuition = { title: 'Tuition 2026–27', content: '- Division: Middle School; Tuition: $36,900\n- Division: Upper School (day); Tuition: $42,300', sourceType: 'web_page', sourceId: 'tuition' };
    // "high school" is both the upper school's name and what "HS" stands for: either answers it.
    const a = ask('How much is high school tuition if he lives at home?', { passages: [tuition] });
    expect(a.text).toContain('$42,300');
    expect(a.text).not.toContain('$36,900');
  });

  it('reads a number the question gives whole ("3.6" is not the 3 of "3.90"), and an abbreviation with the words its phrase is grouped with ("OOS" ~ "non-resident")', () => {
    const awards = {
      title: 'Merit scholarships — Award amounts',
      content:
        '- Students: Residents; Unweighted GPA: 3.90–4.00; ACT 26–29: $5,000; ACT 30–36: $6,000\n- Students: Non-residents; Unweighted GPA: 3.50–3.74; ACT 26–29: $9,500; ACT 30–36: $10,500',
      sourceType: 'web_page',
      sourceId: 'awards',
    };
    const a = ask('OOS student here, 3.6 GPA and a 27 ACT. how much merit aid would i get?', { passages: [awards] });
    expect(a.text).toContain('$9,500');
    expect(a.text).not.toContain('$5,000');
  });

  it('reads parents as family', () => {
    const launch = { title: 'Orientation', content: 'The orientation fee is $185 and covers meals and lodging. Family Launch costs $60 per guest. Parking is free in Lot C.', sourceType: 'web_page', sourceId: 'launch' };
    const a = ask('My parents want to come too. How much does that cost?', { passages: [launch] }).text;
    expect(a).toContain('Family Launch costs $60 per guest.');
    expect(a).not.toContain('$185');
  });

  it("counts a sentence's numbers, not an amount's or a time's figures", () => {
    const groupsOf = (text: string) => analyse(text, BUILT_IN_VOCABULARY)[0]!.groups;
    const first = BUILT_IN_VOCABULARY.groupsOf('1st')[0]!;
    expect(groupsOf('Extended Day is open to Grades 1 to 5.').has(first)).toBe(true);
    expect(groupsOf('Late pickup costs $1 per minute.').has(first)).toBe(false);
    expect(groupsOf('Pickup starts at 1:15 pm and 1 pm on Fridays.').has(first)).toBe(false);
  });
});

describe('runner-ups and hours', () => {
  it("never brings a staff correction along as a runner-up", () => {
    const grades = { title: 'Tuition by grade', content: '- Division: Lower School; Grades: 1–5; Tuition: $31,450', sourceType: 'web_page', sourceId: 'tuition' };
    const correction = { title: 'How much is tuition for kindergarten?', content: 'Kindergarten tuition is $24,850 for grades K.', sourceType: 'correction', sourceId: '3' };
    const a = ask('How much is tuition for grade 1?', { passages: [grades, correction] });
    expect(a.text).toContain('$31,450');
    expect(a.text).not.toContain('$24,850');
  });

  it('reads "when is it open" as a question of hours', () => {
    const pantry = { title: 'Student services — Food pantry', content: 'The food pantry is in Pine Hall. Pantry hours are Tuesday 10 a.m. to 2 p.m. and Thursday 4 to 7 p.m.', sourceType: 'web_page', sourceId: 'pantry' };
    expect(ask('When is the food pantry open?', { passages: [...passages, pantry] }).text).toContain('Tuesday 10 a.m. to 2 p.m.');
  });
});

describe('configuration that shows in built-in answers', () => {
  const tour = { name: 'Book a campus tour', description: 'Visit us in person.', audience: 'Families', type: 'link' as const, data: 'https://riverside.example.edu/visit' };
  const visits: ComposeInput['passages'] = [
    ...passages,
    { title: 'Visit Riverside', content: 'Campus tours leave the Welcome Center weekdays at 10 am and 2 pm, and Saturdays at 11 am.', sourceType: 'web_page', sourceId: '7', url: 'https://riverside.example.edu/visit' },
  ];

  it('follows an answer about the price with the tuition instructions, said to the visitor, and no other answer', () => {
    // The instruction of issue 48: its imperative never reaches the family.
    const tuitionInstructions = 'Always mention that most students receive aid and point families to the net price calculator at https://riverside.example.edu/npc. Do not quote scholarship amounts.';
    const deposit = { title: 'Enrolling', content: 'The enrollment deposit of $400 is due May 1.', sourceType: 'web_page', sourceId: 'enrol' };
    const a = ask('How much is tuition?', { tuitionInstructions, passages: [...passages, deposit] });
    expect(a.text).toContain('$24,500 per year');
    expect(a.text).toContain('Most students receive aid; see the net price calculator at https://riverside.example.edu/npc.');
    expect(a.text).not.toMatch(/point families|Always mention|Do not quote/i);
    // The deposit, parking and a programme are not the price of attending: nothing of the instruction there.
    const onDeposit = ask('When is the enrollment deposit due and how much is it?', { tuitionInstructions, passages: [...passages, deposit] });
    expect(onDeposit.text).toContain('$400');
    expect(onDeposit.text).not.toMatch(/receive aid|net price/);
    expect(ask('What does parking cost?', { tuitionInstructions }).text).not.toMatch(/receive aid|net price/);
    expect(ask('Do you offer a nursing program?', { tuitionInstructions }).text).not.toMatch(/receive aid|net price/);
    // A date about aid is not its price: "fafsa deadline?" gets the date alone.
    const fafsa = { title: 'Financial aid', content: 'FAFSA priority date: March 1, 2027.', sourceType: 'web_page', sourceId: 'aid' };
    const onFafsa = ask('fafsa deadline?', { tuitionInstructions, passages: [...passages, fafsa] });
    expect(onFafsa.text).toContain('March 1, 2027');
    expect(onFafsa.text).not.toMatch(/receive aid|net price/);
    // Asked about affording it, the note comes even when the passages say nothing of it.
    expect(ask('Can we afford it?', { tuitionInstructions, passages: passages.slice(1) }).text).toContain('Most students receive aid');
  });

  it("says a special instruction's point only where the question names its topic, and a sentence for one kind of question only there", () => {
    const generalRules = ['Visits: Always encourage families to visit campus before they decide.'];
    const visits = [...passages, { title: 'Visit Riverside', content: 'Campus tours leave the Welcome Center weekdays at 10 am and 2 pm.', sourceType: 'web_page', sourceId: '7' }];
    expect(ask('Can we visit campus on a weekday?', { generalRules, passages: visits }).text).toContain('We encourage you to visit campus before you decide.');
    expect(ask('How much is tuition?', { generalRules }).text).not.toContain('visit');
    const tuitionInstructions = 'Refer billing questions to the Business Office.';
    expect(ask('How much is tuition?', { tuitionInstructions }).text).not.toContain('Business Office');
    expect(ask('Who do I ask about a billing problem with tuition?', { tuitionInstructions }).text).toContain('For billing questions, please contact the Business Office.');
  });

  it('offers the action prompt an "always" instruction names with every answer', () => {
    const alwaysRules = ['Offer a tour: Always offer a campus tour to interested families.'];
    const a = ask('Do you offer a nursing program?', { actions: [...base.actions, tour], alwaysRules });
    expect(a.text).toContain('Nursing (BSN)');
    expect(a.text).toContain('- [Book a campus tour](https://riverside.example.edu/visit)');
    // An instruction that names no action prompt adds nothing, and "I don't know" keeps the contact.
    expect(ask('Do you offer a nursing program?', { alwaysRules: ['Be warm: Always be warm and encouraging.'] }).text).not.toContain('- [');
    expect(ask('Do you have a quidditch team?', { actions: [...base.actions, tour], alwaysRules }).text).toContain('admissions@riverside.example.edu');
  });

  it('answers "can I book a tour?" with what the passages say about tours and the tour link', () => {
    const a = ask('Can I book a tour?', { passages: visits, actions: [...base.actions, tour] });
    expect(a.text).toContain('weekdays at 10 am and 2 pm');
    expect(a.text).toContain('[Book a campus tour](https://riverside.example.edu/visit)');
    expect(a.used.map((p) => p.url)).toContain('https://riverside.example.edu/visit');
  });
});

describe('answers that read well (issue 48 item 8)', () => {
  it('never opens a sentence where the splitter cut one in two ("5 p.m. Eastern; Saturdays…")', () => {
    const hours = { title: 'Visit — Office hours', content: 'The Office of Admission is open weekdays 8 a.m. to 5 p.m. Eastern; Saturdays 9:00 a.m. to noon during the school year.', sourceType: 'web_page', sourceId: 'hours' };
    const sentences = analyse(hours.content, BUILT_IN_VOCABULARY).map((s) => s.sentence);
    expect(sentences).toEqual([hours.content]);
    expect(ask('When is the admission office open on Saturdays?', { passages: [hours] }).text).toContain('The Office of Admission is open weekdays 8 a.m. to 5 p.m. Eastern; Saturdays 9:00 a.m. to noon');
  });

  it("answers from a document's Markdown table with a small table under its labels, never the cells run into one line", () => {
    const grades = { title: 'Student handbook — Grading', content: 'Grades and grade points:\n| Grade | Percentage | Grade points |\n| --- | --- | --- |\n| A | 90–100 | 4.0 |\n| B | 80–89 | 3.0 |\n| C | 70–79 | 2.0 |', sourceType: 'file', sourceId: 'handbook' };
    const a = ask('How many grade points is a B worth?', { passages: [grades] });
    expect(a.text).toMatch(/\| Grade \| Percentage \| Grade points \|\n\| --- \| --- \| --- \|\n(\|.*\|\n)*\| B \| 80–89 \| 3\.0 \|/);
    expect(a.text).not.toMatch(/\| \|/);
  });

  it('gives a passage once when two sources hold it, and names people only when asked for', () => {
    const page = { title: 'Deposit', content: 'The enrollment deposit of $400 is due May 1.', sourceType: 'web_page', sourceId: 'p' };
    const guide = { title: 'Guide', content: 'Pay the $400 enrollment deposit by May 1 in the applicant portal.', sourceType: 'file', sourceId: 'g' };
    const twice = ask('When is the enrollment deposit due?', { passages: [page, guide] }).text;
    expect(twice.match(/\$400/g)).toHaveLength(1);
    // The same figures counting the same thing are the same fact, however the rest is worded.
    const rules = { sentence: 'The same portfolio requirements apply to every applicant: 12 to 20 works, including at least three from direct observation.', listItem: true };
    const advice = { sentence: 'Your portfolio should show us 12 to 20 works made in the last two years.', listItem: false };
    expect(readableSentences([rules, advice], 'How many pieces should be in my portfolio?')).toEqual([rules]);
    const office = { title: 'Admission — Office', content: 'The Office of Admission is in Hadley Hall, open weekdays 9 am to 5 pm. Dean of Admission: Karen Whitfield.', sourceType: 'web_page', sourceId: 'o' };
    expect(ask('When is the admission office open?', { passages: [office] }).text).not.toContain('Karen Whitfield');
    expect(ask('Who is the Dean of Admission?', { passages: [office] }).text).toContain('Karen Whitfield');
  });

  it('writes after the first sentence only what is tied to the question, its first sentence or the sentence just before', () => {
    const park = { sentence: 'Parents visiting campus park in Lot B next to Founders Hall.', listItem: false };
    const lotA = { sentence: 'Lot A is reserved for faculty and staff.', listItem: false };
    const deposit = { sentence: 'Your enrollment deposit appears as a credit on the bill.', listItem: false };
    const topic = { stems: new Set(['park', 'visit']), anchors: new Set([park, lotA, deposit]) };
    // Lot A picks up "Lot" from the sentence before it; the deposit, though framed with the answer, says nothing of parking.
    expect(readableSentences([park, lotA, deposit], 'where do we park for a visit', '', topic)).toEqual([park, lotA]);
    // The best answer's own sentences stay together ("The shuttle runs… Seats cost $35 each way.").
    expect(readableSentences([park, deposit], 'where do we park for a visit', '', { ...topic, best: new Set([park, deposit]) })).toEqual([park, deposit]);
  });

  it('answers in at most three sentences unless a list is asked for', () => {
    const tours = {
      title: 'Visit — Tours',
      content: 'Campus tours leave Hadley Hall at 10 am. Campus tours last 75 minutes. Campus tours are led by students. Campus tours visit the library. Campus tours end at the dining hall.',
      sourceType: 'web_page',
      sourceId: 't',
    };
    const sentences = (text: string) => text.split(/(?<=\.)\s+/).filter((s) => /campus tours/i.test(s)).length;
    expect(sentences(ask('Tell me about campus tours', { passages: [tours] }).text)).toBeLessThanOrEqual(3);
  });
});

describe('writing the chosen sentences out', () => {
  it('reads a row without labels as a label and its value, a row with a semicolon in a cell as one row, and a sentence of many parts as a list', async () => {
    const { writeSentences } = await import('@/lib/model/readable');
    expect(writeSentences([{ sentence: 'Presidential Scholarship; $24,000 a year', listItem: true }])).toBe('Presidential Scholarship: $24,000 a year');
    expect(writeSentences([{ sentence: 'Office: Admissions; Hours: Mon–Thu 8 a.m.–6 p.m.; Fri 8 a.m.–4:30 p.m.', listItem: true }])).toBe('| Office | Hours |\n| --- | --- |\n| Admissions | Mon–Thu 8 a.m.–6 p.m.; Fri 8 a.m.–4:30 p.m. |');
    expect(writeSentences([{ sentence: 'Tuition for 2026-27: Kindergarten $24,850; Grades 1-5 $31,450; Middle School $36,900; Upper School $42,300.', listItem: false }])).toBe(
      'Tuition for 2026-27:\n- Kindergarten $24,850\n- Grades 1-5 $31,450\n- Middle School $36,900\n- Upper School $42,300',
    );
  });
});

describe('answers whose every sentence is on the topic (issue 48 item 8)', () => {
  it('leaves out a sentence that shares only an everyday word with the question, and keeps one going on from the one before it', () => {
    const admission = { title: 'Admission — Who can enroll', content: 'If you have a high school diploma or a GED, you can be admitted.', sourceType: 'web_page', sourceId: 'a' };
    const aid = { title: 'Financial aid — Progress', content: 'Students who fall short get one warning semester, during which they still receive aid.', sourceType: 'web_page', sourceId: 'b' };
    const text = ask("I don't have a diploma, just my GED. Can I still go there?", { passages: [admission, aid] }).text;
    expect(text).toContain('you can be admitted');
    expect(text).not.toContain('warning semester');
    const plan = { title: 'Paying — Payment plan', content: 'The payment plan splits your bill into four monthly payments. It costs $35 per semester to enroll.', sourceType: 'web_page', sourceId: 'p' };
    expect(ask('Is there a charge to use the payment plan?', { passages: [plan] }).text).toContain('$35 per semester');
  });

  it('does not read an age as a grade point average ("3.0 or higher" holds no 65)', () => {
    const dual = { title: 'Dual enrollment — Who can take classes', content: '- High school juniors and seniors with a GPA of 3.0 or higher', sourceType: 'web_page', sourceId: 'd' };
    const older = { title: 'Tuition — Senior citizens', content: 'Residents who are 62 or older may take credit classes for $24 per credit hour.', sourceType: 'web_page', sourceId: 's' };
    const text = ask("I'm 65. Can seniors take classes?", { passages: [dual, older] }).text;
    expect(text).toContain('$24 per credit hour');
    expect(text).not.toContain('3.0 or higher');
    // A GPA still falls in its range.
    expect(ask('Can I take classes with a 3.4 GPA?', { passages: [dual, older] }).text).toContain('3.0 or higher');
  });

  it('counts a list and the sentence introducing it as two sentences, as a reader does', async () => {
    const { unitsOf } = await import('@/lib/model/readable');
    const list = [{ sentence: 'Audition days are:', listItem: false }, { sentence: 'Saturday, January 23', listItem: true }, { sentence: 'Saturday, February 6', listItem: true }];
    expect(unitsOf(list)).toBe(2);
    expect(unitsOf([{ sentence: 'Tuition for 2026-27: Kindergarten $24,850; Grades 1-5 $31,450; Middle School $36,900; Upper School $42,300.', listItem: false }])).toBe(2);
    expect(unitsOf([{ sentence: 'Fee: Application; Amount: $50', listItem: true }, { sentence: 'Fee: Deposit; Amount: $400', listItem: true }])).toBe(1);
  });

  it('gives the dates asked for before the second sentence of the best answer when both do not fit', () => {
    const music = {
      title: 'Music — Auditions',
      content: 'Admission to a music degree requires a successful audition.\nRegister for an audition day at least two weeks in advance using the music audition form. Students who cannot travel may send a recording.\nOn-campus music audition days are:\n- Saturday, January 23, 2027\n- Saturday, February 6, 2027',
      sourceType: 'web_page',
      sourceId: 'm',
    };
    const text = ask('When are the music auditions?', { passages: [music] }).text;
    expect(text).toContain('January 23, 2027');
  });
});
