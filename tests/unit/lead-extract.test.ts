import { describe, expect, it } from 'vitest';
import { askedField, extractLeadData, type ChatMessage } from '@/lib/leads/extract';
import { LEAD_FIELD_KEYS, type LeadFieldKey } from '@/lib/leads/fields';

const NOW = new Date('2025-06-15T12:00:00Z');
const ALL = LEAD_FIELD_KEYS;
const PROGRAMS = ['Nursing (BSN)', 'Computer Science', 'Business Administration (MBA)', 'Biology', 'Public Health', 'Psychology B.A.'];

const user = (content: string): ChatMessage => ({ role: 'user', content });
const bot = (content: string): ChatMessage => ({ role: 'assistant', content });

/** Extract from one visitor message (optionally a reply to `question`). */
function from(text: string, opts: { question?: string; fields?: readonly LeadFieldKey[]; programs?: string[] } = {}) {
  const messages = opts.question ? [bot(opts.question), user(text)] : [user(text)];
  return extractLeadData(messages, { fields: [...(opts.fields ?? ALL)], programs: opts.programs, now: NOW });
}

describe('askedField', () => {
  it('recognises questions for each kind of field', () => {
    const cases: [string, LeadFieldKey][] = [
      ["Great question! Tuition is $30,000. By the way, what's your name?", 'first_name'],
      ['What should I call you?', 'first_name'],
      ["And what's your last name?", 'last_name'],
      ['Do you have a preferred name you go by?', 'preferred_name'],
      ['Could you share your email so we can send you a brochure?', 'email'],
      ["What's the best number to reach you?", 'phone'],
      ['What is your phone number?', 'phone'],
      ['When do you graduate?', 'graduation_year'],
      ['Which major are you considering?', 'intended_major'],
      ['What state are you from?', 'state_province'],
      ['Where do you live?', 'state_province'],
      ["What's your GPA?", 'gpa'],
      ['When were you born?', 'date_of_birth'],
      ["What's your parent's email?", 'parent_email'],
      ["Could I get your mom's phone number?", 'parent_phone'],
      ['Would you like e-mail updates from us?', 'opt_in_email'],
      ['Can we text you about deadlines?', 'opt_in_sms'],
      ['Is it okay if a counsellor calls you?', 'opt_in_phone'],
      ["Are you looking for a bachelor's or a master's degree?", 'degree_level'],
    ];
    for (const [text, field] of cases) expect(askedField(text), text).toBe(field);
  });

  it('ignores statements that merely mention a field', () => {
    expect(askedField('You can email admissions@school.edu with any questions.')).toBeNull();
    expect(askedField('Our nursing program is ranked highly. Tuition is $30,000 a year.')).toBeNull();
    expect(askedField('Applications are due March 1. Is there anything else I can help with?')).toBeNull();
    expect(askedField('Nursing is popular. Do you have any other questions about the program?')).toBeNull();
    expect(askedField('What would you like to study?')).toBe('intended_major');
    expect(askedField('Are you interested in a particular program?')).toBe('intended_major');
    expect(askedField('')).toBeNull();
  });

  it('finds the question even when a closing line follows it', () => {
    expect(askedField("What's your e-mail address? Let me know if you have other questions!")).toBe('email');
  });
});

describe('e-mail', () => {
  it('takes an address anywhere, lower-cased', () => {
    expect(from('You can reach me at Jordan.Smith@Example.COM.').email).toBe('jordan.smith@example.com');
    expect(from('jordan@example.com').email).toBe('jordan@example.com');
  });

  it("routes a parent's address to parent_email", () => {
    expect(from("My mom's email is pat@example.com")).toEqual({ parent_email: 'pat@example.com' });
    expect(from('my email is jo@example.com and my dad’s is dad@example.com')).toEqual({ email: 'jo@example.com', parent_email: 'dad@example.com' });
    expect(from('Send it to pat@example.com, that is my mother’s')).toEqual({ parent_email: 'pat@example.com' });
    expect(from('guardian@example.com', { question: "What's a parent's or guardian's e-mail address?" })).toEqual({ parent_email: 'guardian@example.com' });
  });

  it("never files a parent's address as the visitor's own", () => {
    expect(from("My mom's email is pat@example.com", { fields: ['email'] })).toEqual({});
  });

  it("skips the school's addresses and ones the visitor merely mentions", () => {
    expect(from('I emailed admissions@school.edu but nobody answered')).toEqual({});
    expect(from('I sent an email to jane.doe@school.edu last week')).toEqual({});
    expect(from('Is your email info@school.edu?')).toEqual({});
  });

  it('keeps the latest address', () => {
    const data = extractLeadData([user('my email is old@example.com'), bot('Thanks!'), user('actually use new@example.com')], { fields: ['email'] });
    expect(data.email).toBe('new@example.com');
  });
});

describe('phone', () => {
  it('reads numbers in several formats as E.164', () => {
    for (const text of ['call me at 503-555-0123', 'my cell is (503) 555-0123', 'number: 503.555.0123', '5035550123', 'it is +1 503 555 0123', 'my number is 1-503-555-0123']) {
      expect(from(text).phone, text).toBe('+15035550123');
    }
  });

  it('uses the default country for national numbers', () => {
    const data = extractLeadData([user('my number is 020 7946 0958')], { fields: ['phone'], defaultCountry: 'GB' });
    expect(data.phone).toBe('+442079460958');
    expect(from('my number is +44 20 7946 0958').phone).toBe('+442079460958');
  });

  it('tells the phone type from the words around it', () => {
    expect(from('my cell is 503-555-0123')).toMatchObject({ phone: '+15035550123', phone_type: 'mobile' });
    expect(from('home phone 503-555-0123')).toMatchObject({ phone_type: 'home' });
    expect(from('my work number is 503-555-0123')).toMatchObject({ phone_type: 'work' });
    expect(from('503-555-0123').phone_type).toBeUndefined();
    expect(from("It's my home one", { question: 'Is that a mobile, home or work number?' })).toEqual({ phone_type: 'home' });
    expect(from('mobile', { question: 'Is that a mobile, home or work number?' })).toEqual({ phone_type: 'mobile' });
  });

  it("routes a parent's number to parent_phone", () => {
    expect(from("my dad's cell is 503-555-0199")).toEqual({ parent_phone: '+15035550199' });
    expect(from('503-555-0199', { question: "What's the best phone number for a parent or guardian?" })).toEqual({ parent_phone: '+15035550199' });
    expect(from('my number is 503-555-0123, my mom is 503-555-0199')).toEqual({ phone: '+15035550123', parent_phone: '+15035550199' });
  });

  it('does not mistake years, GPAs, dates, zip codes or invalid numbers for phones', () => {
    expect(from('Class of 2027, GPA 3.8, born 05/01/2008, zip 97201').phone).toBeUndefined();
    expect(from('my number is 555-0123').phone).toBeUndefined();
    expect(from('my number is 123-456-7890').phone).toBeUndefined();
    expect(from('I called 503-555-0100 twice and nobody picked up').phone).toBeUndefined();
  });
});

describe('names', () => {
  it('reads "my name is", "I\'m", "this is", "name\'s"', () => {
    expect(from('Hi, my name is Jordan Smith and I want to study nursing')).toMatchObject({ first_name: 'Jordan', last_name: 'Smith' });
    expect(from("Hi! I'm Jordan.")).toMatchObject({ first_name: 'Jordan' });
    expect(from("Hi! I'm Jordan.").last_name).toBeUndefined();
    expect(from('I am Maria Lopez, a senior')).toMatchObject({ first_name: 'Maria', last_name: 'Lopez' });
    expect(from('Hello, this is Priya')).toMatchObject({ first_name: 'Priya' });
    expect(from("Name's Sam.")).toMatchObject({ first_name: 'Sam' });
    expect(from('my name is jordan smith')).toMatchObject({ first_name: 'Jordan', last_name: 'Smith' });
    expect(from("hey i'm jordan")).toMatchObject({ first_name: 'Jordan' });
    expect(from('My name is Ludwig van Beethoven')).toMatchObject({ first_name: 'Ludwig', last_name: 'van Beethoven' });
    expect(from("My name is Aoife O'Neil-McCarthy")).toMatchObject({ first_name: 'Aoife', last_name: "O'Neil-McCarthy" });
  });

  it('reads first, last and preferred names said separately', () => {
    expect(from('My first name is Jordan')).toEqual({ first_name: 'Jordan' });
    expect(from('my last name is smith')).toEqual({ last_name: 'Smith' });
    expect(from('I go by JJ')).toEqual({ preferred_name: 'JJ' });
  });

  it('"call me" is a preferred name, or the first name when that field is not wanted', () => {
    expect(from('You can call me Jay')).toEqual({ preferred_name: 'Jay' });
    expect(from('You can call me Jay', { fields: ['first_name', 'last_name'] })).toEqual({ first_name: 'Jay' });
    expect(from('call me at 503-555-0123', { fields: ['first_name', 'preferred_name'] })).toEqual({});
    expect(from('please call me tomorrow')).toEqual({});
  });

  it('does not take common words after "I\'m" for a name', () => {
    for (const text of [
      "I'm interested in nursing",
      "I'm looking for scholarships",
      "I'm wondering about deadlines",
      "I'm a junior in high school",
      "I'm from Ohio",
      "I'm not sure yet",
      "I'm just browsing",
      "I'm so excited",
      "I'm currently a senior",
      "I'm thinking about applying",
      "I'm a parent of a student",
      'I am 17 years old',
      "I'm exhausted",
      'This is great, thanks',
      "I'm Jordan's mom",
      "I'm Sarah, Jordan's mom",
      'call me back please',
    ]) {
      const data = from(text);
      expect(data.first_name, text).toBeUndefined();
      expect(data.last_name, text).toBeUndefined();
    }
  });

  it('leaves the names alone when a parent is writing, unless the child is named', () => {
    expect(from("Hi, I'm Sarah, Jordan's mom")).toEqual({});
    expect(from('Hi, this is Sarah. My son is a junior.')).toEqual({});
    expect(from("I'm a parent. My name is Sarah.")).toEqual({});
    expect(from("My daughter's name is Emma Lee and she is a junior")).toEqual({ first_name: 'Emma', last_name: 'Lee' });
  });

  it('does not take nationalities for names', () => {
    expect(from("I'm Canadian, from Alberta")).toEqual({ state_province: 'Alberta' });
  });

  it("sets the state, not a name, for \"I'm from Ohio\"", () => {
    expect(from("I'm from Ohio")).toEqual({ state_province: 'Ohio' });
  });

  it('reads a bare reply to the name question', () => {
    const q = "By the way, what's your first name?";
    expect(from('Jordan Smith', { question: q })).toEqual({ first_name: 'Jordan', last_name: 'Smith' });
    expect(from('jordan', { question: q })).toEqual({ first_name: 'Jordan' });
    expect(from("It's Maria!", { question: q })).toEqual({ first_name: 'Maria' });
    expect(from('Sure, Mary Ann Lee', { question: q })).toEqual({ first_name: 'Mary', last_name: 'Lee' });
    expect(from('Smith', { question: "And what's your last name?" })).toEqual({ last_name: 'Smith' });
    expect(from('JJ', { question: "Is there a name you'd prefer to go by?" })).toEqual({ preferred_name: 'JJ' });
  });

  it('does not read other replies to the name question as names', () => {
    const q = "What's your name?";
    for (const text of ['no thanks', "I'd rather not say", 'why do you need it?', 'what is the tuition for nursing students', 'Nursing', '2027', 'skip', 'ok', 'Cool', 'Awesome thanks', 'Housing', 'Hello!']) {
      const data = from(text, { question: q, programs: PROGRAMS });
      expect(data.first_name, text).toBeUndefined();
      expect(data.last_name, text).toBeUndefined();
    }
  });

  it('only reads a bare name right after the question', () => {
    expect(extractLeadData([bot("What's your name?"), user('Tell me about housing'), user('Jordan')], { fields: [...ALL] })).toEqual({});
    expect(from('Jordan Smith')).toEqual({});
  });
});

describe('graduation year', () => {
  it('reads the usual phrasings', () => {
    expect(from("I'm in the class of 2027").graduation_year).toBe(2027);
    expect(from('Class of 2026 here!').graduation_year).toBe(2026);
    expect(from('I will graduate in 2027').graduation_year).toBe(2027);
    expect(from("I'm graduating from high school in June 2026").graduation_year).toBe(2026);
    expect(from('I graduated in 2019 and want to go back to school').graduation_year).toBe(2019);
    expect(from("I'm a 2027 grad").graduation_year).toBe(2027);
    expect(from('my daughter graduates in 2028').graduation_year).toBe(2028);
    expect(from('2027', { question: 'What year do you (or will you) graduate from high school?' }).graduation_year).toBe(2027);
    expect(from("class of '27").graduation_year).toBe(2027);
  });

  it('needs an explicit cue, not just "senior" or a year', () => {
    expect(from("I'm a senior").graduation_year).toBeUndefined();
    expect(from('Are the 2026 deadlines out?').graduation_year).toBeUndefined();
    expect(from('What is graduate tuition for 2025?').graduation_year).toBeUndefined();
    expect(from('What events are there for the class of 2028?').graduation_year).toBeUndefined();
  });

  it('keeps years between 1950 and eight years ahead', () => {
    expect(from('I graduated in 1950').graduation_year).toBe(1950);
    expect(from('I graduated in 1949').graduation_year).toBeUndefined();
    expect(from('I will graduate in 2033').graduation_year).toBe(2033); // 2025 + 8
    expect(from('I will graduate in 2034').graduation_year).toBeUndefined();
  });
});

describe('intended major', () => {
  it('matches the school programs and returns their spelling', () => {
    expect(from("I'm interested in nursing", { programs: PROGRAMS }).intended_major).toEqual(['Nursing (BSN)']);
    expect(from('I want to major in computer science and biology', { programs: PROGRAMS }).intended_major).toEqual(['Computer Science', 'Biology']);
    expect(from("I'm hoping to study business", { programs: PROGRAMS }).intended_major).toEqual(['Business Administration (MBA)']);
    expect(from("I'm a psychology major", { programs: PROGRAMS }).intended_major).toEqual(['Psychology B.A.']);
    expect(from("I'd like to apply to the BSN program", { programs: PROGRAMS }).intended_major).toEqual(['Nursing (BSN)']);
    expect(from('I love computers and want to study them in the computer science program', { programs: PROGRAMS }).intended_major).toEqual(['Computer Science']);
    expect(from("I want to get my bachelor's in nursing", { programs: PROGRAMS })).toMatchObject({ intended_major: ['Nursing (BSN)'], degree_level: 'bachelor' });
    expect(from('I want a BA in psychology', { programs: PROGRAMS })).toMatchObject({ intended_major: ['Psychology B.A.'], degree_level: 'bachelor' });
  });

  it('does not take a program from questions or negations', () => {
    expect(from('What is the nursing program like?', { programs: PROGRAMS }).intended_major).toBeUndefined();
    expect(from('How many students study biology?', { programs: PROGRAMS }).intended_major).toBeUndefined();
    expect(from("I'm not interested in nursing", { programs: PROGRAMS }).intended_major).toBeUndefined();
    expect(from("I'm interested in scholarships", { programs: PROGRAMS }).intended_major).toBeUndefined();
    // "public" alone is too general to mean Public Health.
    expect(from("I'm interested in public policy", { programs: PROGRAMS }).intended_major).toBeUndefined();
  });

  it('reads a reply to the major question', () => {
    const q = 'Which program or major are you most interested in?';
    expect(from('Probably nursing or biology', { question: q, programs: PROGRAMS }).intended_major).toEqual(['Nursing (BSN)', 'Biology']);
    expect(from('marine biology', { question: q }).intended_major).toEqual(['Marine Biology']);
    expect(from('not sure yet', { question: q }).intended_major).toBeUndefined();
    expect(from('Yes, what about housing', { question: q }).intended_major).toBeUndefined();
  });

  it('takes a short phrase after "major in" / "study" without a program list', () => {
    expect(from('I want to major in marine biology at your school').intended_major).toEqual(['Marine Biology']);
    expect(from("I'd like to study computer science.").intended_major).toEqual(['Computer Science']);
    expect(from('I want to study abroad').intended_major).toBeUndefined();
    expect(from("I'm interested in nursing").intended_major).toBeUndefined();
  });

  it('accumulates majors across messages', () => {
    const data = extractLeadData([user("I'm interested in nursing"), bot('Great!'), user('I might also study biology')], {
      fields: ['intended_major'],
      programs: PROGRAMS,
    });
    expect(data.intended_major).toEqual(['Nursing (BSN)', 'Biology']);
  });
});

describe('degree level', () => {
  it('maps degree words to a level', () => {
    expect(from("I'm looking for a bachelor's degree").degree_level).toBe('bachelor');
    expect(from('I want a BS in biology').degree_level).toBe('bachelor');
    expect(from("I'm thinking about an MBA").degree_level).toBe('master');
    expect(from("I want to do my master's in nursing").degree_level).toBe('master');
    expect(from("I'd start with an associate degree").degree_level).toBe('associate');
    expect(from('I want a PhD eventually').degree_level).toBe('doctorate');
    expect(from("I'm interested in a certificate program").degree_level).toBe('certificate');
    expect(from('masters', { question: "What kind of degree are you looking for: an associate, bachelor's, master's, doctorate or a certificate?" }).degree_level).toBe('master');
  });

  it("skips degrees the visitor already holds and two-letter words that aren't degrees", () => {
    expect(from("I already have a bachelor's and want a master's").degree_level).toBe('master');
    expect(from("I'm from MS").degree_level).toBeUndefined();
    expect(from("I'm a transfer student with an associate degree").degree_level).toBeUndefined();
    expect(from('Do you offer certificates?').degree_level).toBeUndefined();
    expect(from('I need my birth certificate for the application?').degree_level).toBeUndefined();
  });
});

describe('state or province', () => {
  it('reads names and postal codes after from / live in', () => {
    expect(from("I'm from Ohio").state_province).toBe('Ohio');
    expect(from('I live in new york city').state_province).toBe('New York');
    expect(from('We live in West Virginia').state_province).toBe('West Virginia');
    expect(from("I'm in TX").state_province).toBe('Texas');
    expect(from('I live in Portland, OR').state_province).toBe('Oregon');
    expect(from("I'm from Toronto, Ontario").state_province).toBe('Ontario');
    expect(from("I'm based in British Columbia").state_province).toBe('British Columbia');
    expect(from('Hi, Jordan from Georgia here').state_province).toBe('Georgia');
    expect(from('I live in Washington DC').state_province).toBe('District of Columbia');
  });

  it('reads a reply to the state question', () => {
    const q = 'Which state or province do you live in?';
    expect(from('Ohio', { question: q }).state_province).toBe('Ohio');
    expect(from('tx', { question: q }).state_province).toBe('Texas');
    expect(from('Quebec.', { question: q }).state_province).toBe('Quebec');
    expect(from('Portland, Oregon', { question: q }).state_province).toBe('Oregon');
    expect(from('me', { question: q }).state_province).toBeUndefined();
    expect(from('in', { question: q }).state_province).toBeUndefined();
    expect(from('ME', { question: q }).state_province).toBe('Maine');
  });

  it('ignores schools, campuses and plain words that look like codes', () => {
    expect(from("I'm transferring from Ohio State").state_province).toBeUndefined();
    expect(from('Do you have a campus in Texas?').state_province).toBeUndefined();
    expect(from("I'm interested in nursing or biology").state_province).toBeUndefined();
    expect(from('i live in or near the city').state_province).toBeUndefined();
    expect(from("I'm from Indiana University").state_province).toBeUndefined();
  });
});

describe('GPA', () => {
  it('reads the usual phrasings between 0 and 5', () => {
    expect(from('My GPA is 3.8').gpa).toBe(3.8);
    expect(from('I have a 3.8 GPA').gpa).toBe(3.8);
    expect(from('I have a gpa of 3.75').gpa).toBe(3.75);
    expect(from('I have a 3.9/4.0 unweighted GPA').gpa).toBe(3.9);
    expect(from('my weighted gpa is 4.3').gpa).toBe(4.3);
    expect(from('about 3.5', { question: "What's your current GPA, roughly?" }).gpa).toBe(3.5);
  });

  it('rejects out-of-range values and other people’s numbers', () => {
    expect(from('My GPA is 95').gpa).toBeUndefined();
    expect(from('My GPA is 5.5').gpa).toBeUndefined();
    expect(from('Is a 3.0 GPA enough to get in?').gpa).toBeUndefined();
    expect(from('What is the average GPA? Is it 3.5?').gpa).toBeUndefined();
  });
});

describe('date of birth', () => {
  it('reads ISO, US and written dates', () => {
    expect(from('I was born on 2008-05-01').date_of_birth).toBe('2008-05-01');
    expect(from('my birthday is 05/01/2008').date_of_birth).toBe('2008-05-01');
    expect(from('DOB: 5/1/2008').date_of_birth).toBe('2008-05-01');
    expect(from('I was born on May 1, 2008').date_of_birth).toBe('2008-05-01');
    expect(from('born on the 1st of May 2008').date_of_birth).toBe('2008-05-01');
    expect(from('Sept 9th 2007', { question: "What's your date of birth?" }).date_of_birth).toBe('2007-09-09');
  });

  it('rejects impossible and future dates, and cue-less dates', () => {
    expect(from('I was born on 2008-02-30').date_of_birth).toBeUndefined();
    expect(from('my birthday is 13/01/2008').date_of_birth).toBeUndefined();
    expect(from('I was born on February 29, 2007').date_of_birth).toBeUndefined();
    expect(from('I was born on February 29, 2008').date_of_birth).toBe('2008-02-29');
    expect(from('born on 2030-01-01').date_of_birth).toBeUndefined();
    expect(from('I was born in Ohio').date_of_birth).toBeUndefined();
    expect(from('The deadline is 05/01/2026').date_of_birth).toBeUndefined();
  });
});

describe('opt-ins', () => {
  it('reads yes and no only as replies to the opt-in question', () => {
    expect(from('Yes please!', { question: 'Would you like to receive updates from us by e-mail?' })).toEqual({ opt_in_email: true });
    expect(from('no thanks', { question: 'Is it okay if we send you text message updates?' })).toEqual({ opt_in_sms: false });
    expect(from('sure', { question: 'Is it okay if an admissions counsellor calls you with updates?' })).toEqual({ opt_in_phone: true });
    expect(from('nope', { question: 'Is it okay if an admissions counsellor calls you with updates?' })).toEqual({ opt_in_phone: false });
    expect(from('yes')).toEqual({});
    expect(from('Yes', { question: 'Do you want to hear about campus tours?' })).toEqual({});
  });
});

describe('extractLeadData', () => {
  it('only returns the fields asked for', () => {
    const text = 'My name is Jordan Smith, email jordan@example.com, cell 503-555-0123, class of 2027';
    expect(from(text, { fields: ['email'] })).toEqual({ email: 'jordan@example.com' });
    expect(from(text, { fields: [] })).toEqual({});
    expect(from(text)).toEqual({
      first_name: 'Jordan',
      last_name: 'Smith',
      email: 'jordan@example.com',
      phone: '+15035550123',
      phone_type: 'mobile',
      graduation_year: 2027,
    });
  });

  it('reads only visitor messages', () => {
    const data = extractLeadData([bot("I'm Lantern, the admissions assistant. Email admissions@school.edu or jane@school.edu."), user('hi')], { fields: [...ALL] });
    expect(data).toEqual({});
  });

  it('walks a whole conversation, later answers winning', () => {
    const data = extractLeadData(
      [
        user("Hi, I'm interested in nursing"),
        bot("Nursing is a great choice! By the way, what's your first name?"),
        user('Jordan Smith'),
        bot("Thanks, Jordan! What's the best e-mail address to send you more information?"),
        user('jordan@example.com'),
        bot('Is there a phone number where an admissions counsellor can reach you?'),
        user('(503) 555-0123'),
        bot('What year do you (or will you) graduate from high school?'),
        user('2026'),
        bot('Which state or province do you live in?'),
        user('Ohio'),
        user('oops, I meant my email is jordan.smith@example.com'),
      ],
      { fields: [...ALL], programs: PROGRAMS, now: NOW },
    );
    expect(data).toEqual({
      intended_major: ['Nursing (BSN)'],
      first_name: 'Jordan',
      last_name: 'Smith',
      email: 'jordan.smith@example.com',
      phone: '+15035550123',
      graduation_year: 2026,
      state_province: 'Ohio',
    });
  });

  it('survives odd input', () => {
    const odd = [{ role: 'user', content: null }, null, { role: 'system', content: 'my name is Root' }] as unknown as ChatMessage[];
    expect(extractLeadData(odd, { fields: [...ALL] })).toEqual({});
    expect(extractLeadData([user('x'.repeat(100_000))], { fields: [...ALL] })).toEqual({});
    expect(extractLeadData([user('my number is 503-555-0123')], { fields: ['phone'], defaultCountry: 'nowhere' }).phone).toBe('+15035550123');
  });
});
