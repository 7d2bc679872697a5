import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as unansweredRoute from '@/app/(rest)/conversation-analytics/unanswered/route';
import * as correctionsRoute from '@/app/(rest)/corrections/route';
import * as openapiRoute from '@/app/openapi.json/route';
import * as tuitionRoute from '@/app/(rest)/schools/my-school/tuition/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversationRatings } from '@/db/schema';
import { and, desc, eq } from 'drizzle-orm';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// The questions the assistant could not answer, grouped by wording.

let a: StaffSchool;
let b: StaffSchool;
let keyA: string;
let keyB: string;
/** The platform's first account, which creates the schools. */
let su: string;

type Group = { question: string; count: number; last_asked_at: string; examples: string[]; rating_id: number | null };

const ask = async (key: string, message: string) => {
  const res = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message } });
  expect(res.status).toBe(200);
  return res.json.response as string;
};
const unanswered = (token: string | undefined, query = '') => call(unansweredRoute.GET, 'GET', `/conversation-analytics/unanswered${query}`, { token });
const groups = async (token: string) => {
  const res = await unanswered(token, '?days=30');
  expect(res.status).toBe(200);
  return res.json as Group[];
};

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'un@lantern.test', password: STRONG_PASSWORD, username: 'unroot', first_name: 'U', last_name: 'N' } })).json.access_token;
  a = await staffWithSchool(su, 'alder@lantern.test', 'Alder College');
  b = await staffWithSchool(su, 'birch@lantern.test', 'Birch College');
  keyA = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: a.token })).json.api_key;
  keyB = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: b.token })).json.api_key;
  // Alder has no knowledge yet: the assistant answers these honestly that it does not know.
  for (const q of ['Is there a dress code?', 'Do you have a dress code?', 'is there a DRESS CODE', 'Do you have a hockey team?']) {
    expect(await ask(keyA, q)).toContain("I don't have that information");
  }
  await ask(keyB, 'Do you have a rowing club?');
});

afterEach(() => resetMemoryLimits());

describe('GET /conversation-analytics/unanswered', () => {
  it('groups paraphrases together, most asked first, with the count, last date and examples', async () => {
    const list = await groups(a.token);
    expect(list).toHaveLength(2);
    const [dress, hockey] = list;
    expect(dress).toMatchObject({ count: 3, rating_id: null });
    expect(dress!.question).toBe('is there a DRESS CODE');
    // The same words in another case or punctuation are one example.
    expect(dress!.examples).toEqual(['is there a DRESS CODE', 'Do you have a dress code?']);
    expect(Date.now() - Date.parse(dress!.last_asked_at)).toBeLessThan(60_000);
    expect(hockey).toMatchObject({ question: 'Do you have a hockey team?', count: 1, examples: ['Do you have a hockey team?'] });
  });

  it('includes answers staff rated poor, with the rating to link a correction to', async () => {
    const answer = await ask(keyA, 'Hello');
    expect(answer).not.toContain("I don't have that information");
    expect((await groups(a.token)).some((g) => g.question === 'Hello')).toBe(false);
    const db = await getDb();
    const [last] = await db
      .select({ conversationId: conversationMessages.conversationId, position: conversationMessages.position })
      .from(conversationMessages)
      .where(and(eq(conversationMessages.schoolId, a.id), eq(conversationMessages.role, 'assistant')))
      .orderBy(desc(conversationMessages.id))
      .limit(1);
    const [rating] = await db
      .insert(conversationRatings)
      .values({ schoolId: a.id, conversationId: last!.conversationId, messageIndex: last!.position, rating: 'poor', adminNotes: 'Too curt' })
      .returning({ id: conversationRatings.id });
    expect((await groups(a.token)).find((g) => g.question === 'Hello')).toMatchObject({ count: 1, rating_id: rating!.id });
  });

  it('drops a group once a staff correction answers it, and the assistant then gives that answer', async () => {
    const made = await call(correctionsRoute.POST, 'POST', '/corrections/', { token: a.token, body: { question: 'Is there a dress code?', answer: 'There is no dress code at Alder.' } });
    expect(made.status).toBe(201);
    const list = await groups(a.token);
    expect(list.some((g) => g.question.toLowerCase().includes('dress'))).toBe(false);
    expect(list.some((g) => g.question === 'Do you have a hockey team?')).toBe(true);
    expect(await ask(keyA, 'Do you have a dress code?')).toContain('There is no dress code at Alder.');
  });

  it('keeps schools apart', async () => {
    const list = await groups(b.token);
    expect(list.map((g) => g.question)).toEqual(['Do you have a rowing club?']);
    expect(list.some((g) => g.question.includes('hockey'))).toBe(false);
  });

  it('answers 401 without a token and 422 for days out of 1–365', async () => {
    expect((await unanswered(undefined)).status).toBe(401);
    for (const days of ['0', '400', 'x', '1.5']) {
      const res = await unanswered(a.token, `?days=${days}`);
      expect(res.status).toBe(422);
      expect(res.json.detail[0].loc).toEqual(['query', 'days']);
    }
    expect((await unanswered(a.token, '?days=365')).status).toBe(200);
  });

  it('is documented in /openapi.json', async () => {
    const doc = (await call(openapiRoute.GET, 'GET', '/openapi.json')).json;
    expect(doc.paths['/conversation-analytics/unanswered'].get).toBeTruthy();
  });
});

describe('every refusal is in Unanswered Questions (issue 48 item 8)', () => {
  it("lists each question the built-in model could not answer, a part of a message it could not answer too, and adds no tuition note to them", async () => {
    const cedar = await staffWithSchool(su, 'cedar@lantern.test', 'Cedar College');
    await call(tuitionRoute.PATCH, 'PATCH', '/schools/my-school/tuition', {
      token: cedar.token,
      body: { tuition_info: 'Tuition at Cedar College is $31,000 a year for undergraduates.', tuition_instructions: 'Always mention that most students receive aid and point families to the net price calculator.' },
    });
    const key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: cedar.token })).json.api_key as string;
    const absent = ['Do you have a marching band?', 'Is there an equestrian team?', 'Does Cedar have a planetarium?', 'What is the average SAT score of admitted students?'];
    for (const q of absent) {
      const answer = await ask(key, q);
      expect(answer).toContain("I don't have that information");
      expect(answer).not.toMatch(/receive aid|net price|point families/);
    }
    const both = await ask(key, 'How much is tuition, and is there a rugby club?');
    expect(both).toContain('$31,000');
    expect(both).toContain('Most students receive aid; see the net price calculator.');
    expect(both).toContain("I don't have the answer to");
    const listed = (await groups(cedar.token)).flatMap((g) => [g.question, ...g.examples]);
    for (const q of [...absent, 'How much is tuition, and is there a rugby club?']) expect(listed).toContain(q);
  });
});
