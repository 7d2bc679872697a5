import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as generateRoute from '@/app/(rest)/files/[id]/generate-insights/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as filesRoute from '@/app/(rest)/files/route';
import * as vocabularyRoute from '@/app/(rest)/ai-settings/vocabulary/route';
import * as actionPromptsRoute from '@/app/(rest)/action-prompts/route';
import * as contactRoute from '@/app/(rest)/schools/my-school/contact/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import { drainJobs } from '@/lib/jobs/runner';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { call, STRONG_PASSWORD } from './http';
import { background } from '@/background';

// Item 2 (part): retrieval that understands visitors, through the public widget API.

let token: string;
let key: string;
let otherToken: string;

const GUIDE = [
  '# Student life at Larch College',
  '',
  '## Greek life',
  '',
  'Larch College has four fraternities and three sororities, and about one student in six joins one.',
  '',
  '## Residence halls',
  '',
  'First-year students live in Birch Hall or Cedar Hall, and every room has air conditioning.',
  '',
  '## Visit days',
  '',
  'Campus visit days run every Saturday in October from 10am to 2pm.',
  '',
  '## Getting here',
  '',
  'Visitors park free in Lot C beside the Harbor Street entrance.',
  '',
  '## Scholarships',
  '',
  'Merit scholarships of up to $12,000 a year are awarded at admission.',
  '',
  '## Costs for 2026-27',
  '',
  '| Item | Cost |',
  '| --- | --- |',
  '| Tuition | $38,400 |',
  '| Room (double) | $7,900 |',
  '| Meal plan | $5,100 |',
  '',
  '## Offices',
  '',
  '| Office | Contact | Phone |',
  '| --- | --- | --- |',
  '| Admission | Rosa Delgado, Dean of Admission | (503) 555-0101 |',
  '| Financial Aid | Owen Pike, Director | (503) 555-0102 |',
  '',
  '## Move-in',
  '',
  'Heron Start runs from August 20 to August 23. Move-in is on August 20 by last name:',
  '',
  '- A to K: 8 am to 11 am',
  '- L to Z: 12 noon to 3 pm',
  '',
  '## The Quad Shuttle',
  '',
  'The Quad Shuttle runs from the train station to campus on arrival day. Seats cost $15 each way.',
].join('\n');

const ask = async (message: string, conversation_history: { role: string; content: string }[] = []) =>
  (await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message, conversation_history } })).json.response as string;

beforeAll(async () => {
  token = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'cu@lantern.test', password: STRONG_PASSWORD, username: 'curoot', first_name: 'C', last_name: 'U' } })).json.access_token;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Larch College' } });
  const form = new FormData();
  form.append('file', new Blob([GUIDE]), 'student-life.md');
  const res = await filesRoute.POST(new Request('http://localhost:3000/files/', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }), { params: Promise.resolve({}) });
  const id = String((await res.json()).id);
  await call(generateRoute.POST, 'POST', `/files/${id}/generate-insights`, { token, params: { id } });
  // The analysis is a queued job: run it now.
  await drainJobs(background);
  await call(contactRoute.PATCH, 'PATCH', '/schools/my-school/contact', { token, body: { contact_points: [{ name: 'Office of Admission', email: 'admission@larch.edu', phone: '(503) 555-0101' }] } });
  await call(actionPromptsRoute.POST, 'POST', '/action-prompts/', {
    token,
    body: { name: 'Call Admission', target_audience: 'Anyone with a question', action_description: 'Offer this to visitors who seem unsure', action_type: 'phone', action_data: '(503) 555-0101', priority: 50 },
  });
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key;
  await call(usersRoute.POST, 'POST', '/auth/users', { token, body: { email: 'other@lantern.test', username: 'otherstaff', password: STRONG_PASSWORD, first_name: 'O', last_name: 'S' } });
  otherToken = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'other@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: otherToken, body: { name: 'Other College' } });
});

afterEach(() => resetMemoryLimits());

describe('the built-in model understands visitors', () => {
  it('knows a visitor’s words for what the school calls otherwise (frats, dorms)', async () => {
    expect(await ask('Are there frats?')).toContain('four fraternities and three sororities');
    expect(await ask('what are the dorms like')).toContain('Birch Hall or Cedar Hall');
  });

  it('finds words the visitor misspelled', async () => {
    expect(await ask('are there merit scholarhsips?')).toContain('$12,000');
    expect(await ask('Tell me about the fraternites')).toContain('four fraternities');
  });

  it('reads a follow-up with the question before it', async () => {
    const history = [
      { role: 'user', content: 'When are the campus visit days?' },
      { role: 'assistant', content: 'Campus visit days run every Saturday in October from 10am to 2pm.' },
    ];
    expect(await ask('where do we park when we come for it?', history)).toContain('Lot C');
  });
});

describe('the built-in model answers the question that was asked', () => {
  it('answers "how much" with the amount, keeping table labels, and every part of a two-part question', async () => {
    const tuition = await ask('How much is tuition?');
    // A table row as a small table with its labels (issue 48 item 8), never crushed into one line.
    expect(tuition).toContain('| Item | Cost |');
    expect(tuition).toContain('| Tuition | $38,400 |');
    expect(tuition).not.toContain('$7,900');
    const both = await ask('How much are the room and the meal plan?');
    expect(both).toContain('$7,900');
    expect(both).toContain('$5,100');
  });

  it('answers "who" with the name and a follow-up about "his phone" from the previous answer', async () => {
    expect(await ask('Who is the Dean of Admission?')).toContain('Rosa Delgado');
    const history = [
      { role: 'user', content: 'Who runs the financial aid office?' },
      { role: 'assistant', content: 'Owen Pike is the Director of Financial Aid.' },
    ];
    expect(await ask("What's his phone number?", history)).toContain('(503) 555-0102');
  });

  it('brings the list a sentence introduces, and the next sentence when it holds the answer', async () => {
    const movein = await ask('What time is move-in?');
    expect(movein).toContain('- A to K: 8 am to 11 am');
    expect(movein).toContain('- L to Z: 12 noon to 3 pm');
    expect(await ask('How much is the Quad Shuttle from the train station?')).toContain('Seats cost $15 each way.');
  });

  it('says "I don\'t know" below the relevance threshold, with the contact action as an action and never its staff description', async () => {
    const answer = await ask('Do you have an ROTC program?');
    expect(answer).toContain("I don't have that information");
    expect(answer).toContain('[(503) 555-0101](tel:5035550101)');
    expect(answer).not.toContain('Offer this to visitors');
    expect(answer).not.toMatch(/\$\d/);
  });

  it('answers a question in Spanish, saying in Spanish that it answers in English', async () => {
    const answer = await ask('¿Cuánto cuesta la matrícula?');
    expect(answer).toMatch(/^Solo puedo responder en inglés/);
    expect(answer).toContain('$38,400');
  });
});

describe("the school's own vocabulary", () => {
  const vocabulary = (t: string | undefined, method: 'GET' | 'PUT', body?: unknown) =>
    call(method === 'GET' ? vocabularyRoute.GET : vocabularyRoute.PUT, method, '/ai-settings/vocabulary', { token: t, body });

  it('is empty until staff add groups, and the built-in groups are listed', async () => {
    const res = await vocabulary(otherToken, 'GET');
    expect(res.status).toBe(200);
    expect(res.json.groups).toEqual([]);
    expect(res.json.built_in).toContainEqual(expect.arrayContaining(['dorm', 'residence hall']));
  });

  it("makes the assistant match the school's own words at once, for that school only", async () => {
    expect(await ask('how much is the Heron Express?')).toContain("I don't have that information");
    const saved = await vocabulary(token, 'PUT', { groups: [['Heron Express', ' Quad  Shuttle ', 'quad shuttle']] });
    expect(saved.status).toBe(200);
    expect(saved.json.groups).toEqual([['heron express', 'quad shuttle']]);
    expect(await ask('how much is the Heron Express?')).toContain('$15');
    expect((await vocabulary(otherToken, 'GET')).json.groups).toEqual([]);
    expect((await vocabulary(token, 'GET')).json.groups).toEqual([['heron express', 'quad shuttle']]);
  });

  it('refuses bad groups with 422 and keeps what was saved; needs a signed-in school account', async () => {
    for (const groups of [[['only one']], [['a', '']], 'dorm, residence hall', [['a', 'x'.repeat(61)]], [['\u0000', 'b']]]) {
      const res = await vocabulary(otherToken, 'PUT', { groups });
      expect(res.status, JSON.stringify(groups)).toBe(422);
      expect(res.json.detail, JSON.stringify(groups)).toBeTruthy();
    }
    expect((await vocabulary(otherToken, 'GET')).json.groups).toEqual([]);
    expect((await vocabulary(undefined, 'GET')).status).toBe(401);
    expect((await vocabulary(undefined, 'PUT', { groups: [] })).status).toBe(401);
  });
});
