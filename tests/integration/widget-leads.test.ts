import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as allInstructionsRoute from '@/app/(rest)/ai-settings/all-instructions/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as conversationRoute from '@/app/(rest)/conversations/[id]/route';
import * as conversationsRoute from '@/app/(rest)/conversations/route';
import * as fieldsRoute from '@/app/(rest)/lead-gen/field-definitions/route';
import * as settingsRoute from '@/app/(rest)/lead-gen/settings/route';
import * as factSheetRoute from '@/app/(rest)/schools/my-school/fact-sheet/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as configRoute from '@/app/(rest)/api/widget/config/route';
import * as leadsRoute from '@/app/(rest)/api/widget/leads/route';
import { getDb } from '@/db/client';
import { leads } from '@/db/schema';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { conversationReference as ref } from '@/lib/conversations/reference';
import { call, STRONG_PASSWORD, visitorCall } from './http';

let su: string;
let token: string;
let otherToken: string;
let key: string;

async function newAccount(su: string, email: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'A', last_name: 'S' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

const put = (body: Record<string, unknown>, as = token) => call(settingsRoute.PUT, 'PUT', '/lead-gen/settings', { token: as, body });
const chat = (message: string, session_id: string, conversation_history: { role: string; content: string }[] = []) =>
  visitorCall(chatRoute.POST, 'POST', '/api/widget/chat', key, { body: { message, session_id, conversation_history } });
const card = (body: Record<string, unknown>) => visitorCall(leadsRoute.POST, 'POST', '/api/widget/leads', key, { body });
const leadOf = async (session: string) => (await (await getDb()).select().from(leads).where(eq(leads.sessionId, session)))[0];

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'lg@lantern.test', password: STRONG_PASSWORD, username: 'lgroot', first_name: 'L', last_name: 'G' } })).json.access_token;
  token = await newAccount(su, 'lena@lantern.test');
  otherToken = await newAccount(su, 'olaf@lantern.test');
  await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Riverside College' } });
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: otherToken, body: { name: 'Other College' } });
  await call(factSheetRoute.PUT, 'PUT', '/schools/my-school/fact-sheet', { token, body: { programs: ['Nursing (BSN)', 'Computer Science'], athletic_teams: [], student_clubs: [], important_deadlines: [] } });
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key;
});

afterEach(() => resetMemoryLimits());

describe('lead generation settings', () => {
  it('answers the defaults until saved, and the field definitions', async () => {
    // A school of its own: the other tests save Riverside's settings.
    const token = await newAccount(su, 'nina@lantern.test');
    await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Newcomb College' } });
    const res = await call(settingsRoute.GET, 'GET', '/lead-gen/settings', { token });
    // On from the start, with the short quick info card: first name, e-mail or phone, graduation year.
    expect(res.json).toMatchObject({ enabled: true, collection_mode: 'smart_card', minimum_requirements: 'first_name AND (email OR phone)' });
    expect(res.json.field_order).toEqual(['first_name', 'email', 'phone', 'graduation_year']);
    expect(res.json.field_settings).toMatchObject({ first_name: 'ask_once', email: 'ask_once', phone: 'ask_once', graduation_year: 'ask_once', last_name: 'never', intended_major: 'never' });
    const defs = await call(fieldsRoute.GET, 'GET', '/lead-gen/field-definitions', { token });
    expect(defs.json.fields.email).toEqual({ label: 'Email', description: expect.any(String) });
    expect(Object.keys(defs.json.fields)).toHaveLength(17);
  });

  it('refuses an invalid minimum-requirements expression with 422, and accepts nested parentheses', async () => {
    for (const bad of ['first_name AND', 'first_name AND (email OR phone', 'nmae OR email', 'constructor', '', 'first_name; DROP TABLE leads']) {
      const res = await put({ minimum_requirements: bad });
      expect(res.status, bad).toBe(422);
      expect(res.json.detail[0].loc, bad).toEqual(['body', 'minimum_requirements']);
    }
    const ok = await put({ enabled: true, minimum_requirements: '((first_name AND last_name) OR preferred_name) AND (email OR (phone AND phone_type))' });
    expect(ok.status).toBe(200);
    expect(ok.json.minimum_requirements).toBe('((first_name AND last_name) OR preferred_name) AND (email OR (phone AND phone_type))');
  });

  it('never asks a field left out of the order and asks a new one once', async () => {
    const res = await put({ field_order: ['email', 'first_name'], field_settings: { email: 'critical', last_name: 'ask_twice' } });
    expect(res.json.field_order).toEqual(['email', 'first_name']);
    expect(res.json.field_settings).toMatchObject({ email: 'critical', first_name: 'ask_once', last_name: 'never', phone: 'never' });
    expect((await put({ field_settings: { email: 'sometimes' } })).status).toBe(422);
    expect((await put({ collection_mode: 'popup' })).status).toBe(422);
    expect((await put({ field_order: ['shoe_size'] })).status).toBe(422);
  });

  it("keeps each school's settings to itself", async () => {
    await put({ enabled: true, collection_mode: 'conversational' });
    await put({ enabled: true, collection_mode: 'smart_card' }, otherToken);
    expect((await call(settingsRoute.GET, 'GET', '/lead-gen/settings', { token })).json.collection_mode).toBe('conversational');
  });
});

describe('conversational lead capture', () => {
  beforeAll(async () => {
    await put({ enabled: true, collection_mode: 'conversational', field_order: ['first_name', 'last_name', 'email', 'phone', 'intended_major'], field_settings: { first_name: 'ask_twice', email: 'ask_twice', phone: 'ask_once', last_name: 'ask_once', intended_major: 'natural' } });
  });

  it('asks for details in order, extracts them and creates the lead once the minimum is met', async () => {
    const first = await chat('Hi! I want to study nursing. Which programs do you offer?', 'lead-1');
    expect(first.json.response).toContain("what's your first name?");
    const history = [
      { role: 'user', content: 'Hi! I want to study nursing. Which programs do you offer?' },
      { role: 'assistant', content: first.json.response },
    ];
    const second = await chat('Jordan Rivera', 'lead-1', history);
    expect(second.json.response).toContain('e-mail address');
    expect(await leadOf('lead-1')).toBeUndefined();
    history.push({ role: 'user', content: 'Jordan Rivera' }, { role: 'assistant', content: second.json.response });
    await chat('Sure, it is jordan.rivera@example.com', 'lead-1', history);
    const lead = await leadOf('lead-1');
    expect(lead).toMatchObject({ source: 'chatbot_conversation', firstName: 'Jordan', lastName: 'Rivera', email: 'jordan.rivera@example.com', intendedMajor: ['Nursing (BSN)'], conversationCount: 1, isTest: false });
    const list = await call(conversationsRoute.GET, 'GET', '/conversations/', { token });
    const id = String(list.json.find((c: { session_id: string }) => c.session_id === ref('lead-1')).id);
    expect((await call(conversationRoute.GET, 'GET', `/conversations/${id}`, { token, params: { id } })).json).toMatchObject({ lead_id: lead!.id, lead_submitted: true });
  });

  it('takes a bare reply to its name question as the answer, and answers a question that comes with contact details', async () => {
    const first = await chat('Which programs do you offer?', 'lead-ack');
    expect(first.json.response).toContain("what's your first name?");
    const reply = await chat('Maria', 'lead-ack', [
      { role: 'user', content: 'Which programs do you offer?' },
      { role: 'assistant', content: first.json.response },
    ]);
    expect(reply.json.response).toMatch(/^Thank you, Maria!/);
    expect(reply.json.response).not.toContain("I don't have that information");
    const both = await chat('Hi, I am Ana Lopez, ana.lopez@example.com. Do you offer computer science?', 'lead-both');
    expect(both.json.response).toContain('Computer Science');
  });

  it('recognises the same person in a new session as the same lead', async () => {
    // Someone of this test's own, first met in one session, then back in another.
    await chat('My name is Robin Hale and my email is robin.hale@example.com', 'return-1');
    expect(await leadOf('return-1')).toMatchObject({ email: 'robin.hale@example.com', conversationCount: 1 });
    await chat('My name is Robin and my email is Robin.Hale@example.com', 'return-2');
    const again = await leadOf('return-2');
    expect(again).toMatchObject({ email: 'robin.hale@example.com', conversationCount: 2 });
    expect(await leadOf('return-1')).toBeUndefined();
  });

  it('makes no lead below the minimum', async () => {
    await chat("I'm Casey, just browsing", 'lead-3');
    expect(await leadOf('lead-3')).toBeUndefined();
  });

  it('puts the lead-generation instructions into the system prompt', async () => {
    const res = await call(allInstructionsRoute.GET, 'GET', '/ai-settings/all-instructions', { token });
    expect(res.json.parts.lead_generation).toMatch(/first name/i);
    expect(res.json.system_prompt).toContain(res.json.parts.lead_generation);
  });
});

describe('the quick info card', () => {
  it('shows its fields in the config and creates the lead from the card', async () => {
    await put({ enabled: true, collection_mode: 'smart_card', field_order: ['first_name', 'email', 'phone', 'graduation_year'], minimum_requirements: 'first_name AND (email OR phone)' });
    const config = await call(configRoute.GET, 'GET', '/api/widget/config', { headers: { 'x-api-key': key } });
    expect(config.json.lead_generation).toMatchObject({ enabled: true, collection_mode: 'smart_card' });
    expect(config.json.lead_generation.fields.map((f: { key: string; type: string }) => `${f.key}:${f.type}`)).toEqual(['first_name:text', 'email:email', 'phone:tel', 'graduation_year:number']);

    const short = await card({ session_id: 'card-1', first_name: 'Avery' });
    expect(short.status).toBe(422);
    expect(short.json.detail[0].msg).toBe('Please provide: Email');
    const bad = await card({ session_id: 'card-1', first_name: 'Avery', email: 'not-an-email', graduation_year: 1800 });
    expect(bad.status).toBe(422);
    expect(bad.json.detail.map((d: { loc: string[] }) => d.loc.at(-1))).toEqual(['email', 'graduation_year']);
    expect((await card({ session_id: 'card-1', first_name: 'Avery', shoe_size: 9 })).status).toBe(422);

    const ok = await card({ session_id: 'card-1', first_name: ' Avery ', phone: '(503) 555-0199', graduation_year: '2027', email: '' });
    expect(ok.status).toBe(201);
    expect(ok.json).toEqual({ lead_id: expect.any(Number), created: true });
    expect(await leadOf('card-1')).toMatchObject({ source: 'chatbot_quickinfocard', firstName: 'Avery', phone: '+15035550199', graduationYear: 2027, email: null });
    const again = await card({ session_id: 'card-1', first_name: 'Avery', email: 'avery@example.com' });
    expect(again.json).toEqual({ lead_id: ok.json.lead_id, created: false });
    expect((await leadOf('card-1'))!.email).toBe('avery@example.com');
  });

  it('answers 409 while lead collection is off', async () => {
    await put({ enabled: false });
    const res = await card({ session_id: 'card-2', first_name: 'Avery', email: 'a@example.com' });
    expect(res.status).toBe(409);
  });
});
