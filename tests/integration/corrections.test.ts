import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as correctionRoute from '@/app/(rest)/corrections/[id]/route';
import * as correctionsRoute from '@/app/(rest)/corrections/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as generateRoute from '@/app/(rest)/files/[id]/generate-insights/route';
import * as filesRoute from '@/app/(rest)/files/route';
import * as insightsRoute from '@/app/(rest)/insights/all/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as openapiRoute from '@/app/openapi.json/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import { getDb } from '@/db/client';
import { conversationRatings, conversations, corrections } from '@/db/schema';
import { drainJobs } from '@/lib/jobs/runner';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { call, STRONG_PASSWORD } from './http';
import { background } from '@/background';

// Staff corrections of answers, a question-and-answer knowledge item the chat
// prefers for the same and similar questions, in both model modes.

const GUIDE = [
  '# Admissions at Quill College',
  '',
  '## Application deadline',
  '',
  'Applications for fall 2027 are due on February 1, 2027.',
  '',
  '## Tuition',
  '',
  'Tuition for 2026-27 is $31,000 a year.',
].join('\n');

const FIX = { question: 'What is the application deadline?', answer: 'The fall 2027 application deadline moved to January 15, 2027. Apply at apply.quill.edu.' };

let tokenA: string;
let tokenB: string;
let noSchool: string;
let key: string;
let schoolA: number;
let schoolB: number;

const ask = async (message: string, conversation_history: { role: 'user' | 'assistant'; content: string }[] = []) => {
  const res = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message, conversation_history } });
  expect(res.status).toBe(200);
  return res.json.response as string;
};
const list = async (token: string) => (await call(correctionsRoute.GET, 'GET', '/corrections/', { token })).json as { id: number; question: string; answer: string; rating_id: number | null }[];
const create = (token: string, body: unknown) => call(correctionsRoute.POST, 'POST', '/corrections/', { token, body });
const update = (token: string, id: number, body: unknown) => call(correctionRoute.PUT, 'PUT', `/corrections/${id}`, { token, params: { id: String(id) }, body });
const remove = (token: string, id: number) => call(correctionRoute.DELETE, 'DELETE', `/corrections/${id}`, { token, params: { id: String(id) } });

async function account(su: string, email: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'C', last_name: 'O' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

/** A poor rating of the school's latest assistant answer (ratings have their own API; here only the row matters). */
async function ratingOf(schoolId: number): Promise<number> {
  const db = await getDb();
  const [conversation] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.schoolId, schoolId)).limit(1);
  const [row] = await db
    .insert(conversationRatings)
    .values({ schoolId, conversationId: conversation!.id, messageIndex: 1, rating: 'poor', adminNotes: 'The deadline moved' })
    .returning({ id: conversationRatings.id });
  return row!.id;
}

beforeAll(async () => {
  const su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'co@lantern.test', password: STRONG_PASSWORD, username: 'coroot', first_name: 'C', last_name: 'R' } })).json.access_token;
  tokenA = await account(su, 'quill@lantern.test');
  tokenB = await account(su, 'rowan@lantern.test');
  noSchool = await account(su, 'nobody@lantern.test');
  schoolA = (await call(schoolsRoute.POST, 'POST', '/schools/', { token: tokenA, body: { name: 'Quill College' } })).json.id;
  schoolB = (await call(schoolsRoute.POST, 'POST', '/schools/', { token: tokenB, body: { name: 'Rowan College' } })).json.id;
  const form = new FormData();
  form.append('file', new Blob([GUIDE]), 'admissions.md');
  const res = await filesRoute.POST(new Request('http://localhost:3000/files/', { method: 'POST', headers: { authorization: `Bearer ${tokenA}` }, body: form }), { params: Promise.resolve({}) });
  const id = String((await res.json()).id);
  await call(generateRoute.POST, 'POST', `/files/${id}/generate-insights`, { token: tokenA, params: { id } });
  await drainJobs(background);
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: tokenA })).json.api_key;
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await resetMemoryLimits();
});

describe('corrections CRUD', () => {
  it('creates (trimmed), lists newest first, updates and deletes', async () => {
    const first = await create(tokenA, { question: '  Do you have a nursing program? ', answer: ' Yes: a four-year BSN. ' });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ question: 'Do you have a nursing program?', answer: 'Yes: a four-year BSN.', rating_id: null });
    expect(first.json.created_at).toBeTruthy();
    const second = await create(tokenA, { question: 'Is there a dress code?', answer: 'No, there is no dress code.' });
    expect((await list(tokenA)).map((c) => c.id)).toEqual([second.json.id, first.json.id]);

    const changed = await update(tokenA, first.json.id, { question: 'Do you offer nursing?', answer: 'Yes: the four-year BSN.' });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ id: first.json.id, question: 'Do you offer nursing?', answer: 'Yes: the four-year BSN.' });

    for (const c of [first, second]) {
      const gone = await remove(tokenA, c.json.id);
      expect(gone.status).toBe(200);
      expect(gone.json).toEqual({ message: 'Correction deleted successfully' });
    }
    expect(await list(tokenA)).toEqual([]);
    expect((await remove(tokenA, first.json.id)).status).toBe(404);
  });

  it('links one of the school’s ratings, keeps it on an update without rating_id and unlinks it with null', async () => {
    await ask('Hello');
    const ratingId = await ratingOf(schoolA);
    const made = await create(tokenA, { ...FIX, question: 'Is parking free?', rating_id: ratingId });
    expect(made.status).toBe(201);
    expect(made.json.rating_id).toBe(ratingId);
    expect((await update(tokenA, made.json.id, { question: 'Is parking free?', answer: 'Yes, in Lot B.' })).json.rating_id).toBe(ratingId);
    expect((await update(tokenA, made.json.id, { question: 'Is parking free?', answer: 'Yes, in Lot B.', rating_id: null })).json.rating_id).toBeNull();
    expect((await update(tokenA, made.json.id, { question: 'Is parking free?', answer: 'Yes, in Lot B.', rating_id: 2147480000 })).status).toBe(404);
    // Deleting the rating keeps the correction.
    const db = await getDb();
    await update(tokenA, made.json.id, { question: 'Is parking free?', answer: 'Yes, in Lot B.', rating_id: ratingId });
    await db.delete(conversationRatings).where(and(eq(conversationRatings.id, ratingId), eq(conversationRatings.schoolId, schoolA)));
    expect((await list(tokenA)).find((c) => c.id === made.json.id)).toMatchObject({ rating_id: null, answer: 'Yes, in Lot B.' });
    await remove(tokenA, made.json.id);
  });

  it('refuses an empty or oversized correction and a bad rating id with 422, an unknown rating with 404, storing nothing', async () => {
    const cases: [unknown, string | null][] = [
      [{ question: '   ', answer: 'Something' }, 'Question is required'],
      [{ question: 'Something?', answer: '' }, 'Answer is required'],
      [{ answer: 'Something' }, 'Field required'],
      [{ question: 'Something?' }, 'Field required'],
      [{ question: 'x'.repeat(1001), answer: 'Something' }, 'At most 1000 characters'],
      [{ question: 'Something?', answer: 'x'.repeat(5001) }, 'At most 5000 characters'],
      [{ question: 'Something?', answer: 'Something', rating_id: 'abc' }, null],
      [{ question: 'Something?', answer: 'Something', rating_id: -1 }, null],
      [{}, null],
    ];
    for (const [body, msg] of cases) {
      const res = await create(tokenA, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json.detail[0]).toHaveProperty('loc');
      if (msg) expect(res.json.detail.map((d: { msg: string }) => d.msg)).toContain(msg);
    }
    expect((await create(tokenA, { question: 'Something?', answer: 'Something', rating_id: 2147480000 })).status).toBe(404);
    const made = (await create(tokenA, { question: 'Kept?', answer: 'Kept.' })).json;
    expect((await update(tokenA, made.id, { question: ' ', answer: 'Changed.' })).status).toBe(422);
    expect((await list(tokenA)).map((c) => [c.question, c.answer])).toEqual([['Kept?', 'Kept.']]);
    await remove(tokenA, made.id);
  });

  it('keeps schools apart on every route: another school’s correction and rating are not found', async () => {
    const mine = (await create(tokenA, { question: 'Is there a pool?', answer: 'Yes, an indoor pool.' })).json;
    try {
      expect(await list(tokenB)).toEqual([]);
      expect((await update(tokenB, mine.id, { question: 'Hacked?', answer: 'Hacked.' })).status).toBe(404);
      expect((await remove(tokenB, mine.id)).status).toBe(404);
      const ratingA = await ratingOf(schoolA);
      const res = await create(tokenB, { question: 'Linked?', answer: 'To a rating of another school.', rating_id: ratingA });
      expect(res.status).toBe(404);
      const own = (await create(tokenB, { question: 'Own?', answer: 'Own.' })).json;
      expect((await update(tokenB, own.id, { question: 'Own?', answer: 'Own.', rating_id: ratingA })).status).toBe(404);
      expect((await list(tokenA)).find((c) => c.id === mine.id)).toMatchObject({ question: 'Is there a pool?', answer: 'Yes, an indoor pool.' });
      expect((await list(tokenB)).map((c) => c.question)).toEqual(['Own?']);
      const db = await getDb();
      expect((await db.select().from(corrections).where(eq(corrections.schoolId, schoolB))).length).toBe(1);
      await remove(tokenB, own.id);
    } finally {
      await remove(tokenA, mine.id);
    }
    // No school yet: the school-scoped answer.
    const res = await call(correctionsRoute.GET, 'GET', '/corrections/', { token: noSchool });
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain('No school associated');
  });

  it('answers 401 without a token on every route', async () => {
    expect((await call(correctionsRoute.GET, 'GET', '/corrections/')).status).toBe(401);
    expect((await call(correctionsRoute.POST, 'POST', '/corrections/', { body: FIX })).status).toBe(401);
    expect((await call(correctionRoute.PUT, 'PUT', '/corrections/1', { params: { id: '1' }, body: FIX })).status).toBe(401);
    expect((await call(correctionRoute.DELETE, 'DELETE', '/corrections/1', { params: { id: '1' } })).status).toBe(401);
  });

  it('is documented in /openapi.json and listed in /insights/all', async () => {
    const doc = (await call(openapiRoute.GET, 'GET', '/openapi.json')).json;
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/corrections/', '/corrections/{id}']));
    expect(Object.keys(doc.paths['/corrections/'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(Object.keys(doc.paths['/corrections/{id}'])).toEqual(expect.arrayContaining(['put', 'delete']));
    const made = (await create(tokenA, { question: 'Is there a pool?', answer: 'Yes, an indoor pool.' })).json;
    const all = (await call(insightsRoute.GET, 'GET', '/insights/all', { token: tokenA })).json;
    expect(all.corrections).toEqual([{ id: made.id, question: 'Is there a pool?', answer: 'Yes, an indoor pool.', rating_id: null, updated_at: made.updated_at }]);
    expect((await call(insightsRoute.GET, 'GET', '/insights/all', { token: tokenB })).json.corrections).toEqual([]);
    await remove(tokenA, made.id);
    expect((await call(insightsRoute.GET, 'GET', '/insights/all', { token: tokenA })).json.corrections).toEqual([]);
  });
});

describe('the assistant prefers a correction (built-in model)', () => {
  it('answers the same question and a close paraphrase with it, other questions as before, and forgets it when deleted', async () => {
    expect(await ask('What is the application deadline?')).toContain('February 1, 2027');
    expect(await ask('When do applications close?')).toContain('February 1, 2027');

    const made = (await create(tokenA, FIX)).json;
    expect(await ask('What is the application deadline?')).toBe(FIX.answer);
    expect(await ask('what is the aplication deadline')).toBe(FIX.answer);
    expect(await ask('When do applications close?')).toBe(FIX.answer);
    expect(await ask('By when do I have to apply?')).toBe(FIX.answer);
    // Other questions, even on the same topic, are answered from the school's passages.
    expect(await ask('How much is tuition?')).toContain('$31,000');
    expect(await ask('What is the application fee?')).not.toContain('January 15');

    // An edit is used at once.
    await update(tokenA, made.id, { ...FIX, answer: 'Apply by January 10, 2027.' });
    expect(await ask('When do applications close?')).toBe('Apply by January 10, 2027.');

    await remove(tokenA, made.id);
    const after = await ask('What is the application deadline?');
    expect(after).toContain('February 1, 2027');
    expect(after).not.toContain('January');
    expect(await ask('When do applications close?')).not.toContain('January');
  });

  it('is the school’s own: another school’s correction does not change this school’s answers', async () => {
    const theirs = (await create(tokenB, FIX)).json;
    try {
      expect(await ask('What is the application deadline?')).toContain('February 1, 2027');
    } finally {
      await remove(tokenB, theirs.id);
    }
  });
});

describe('the assistant prefers a correction (configured OpenAI-compatible model)', () => {
  const sent: { messages: { role: string; content: string }[] }[] = [];
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let raw = '';
      req.on('data', (c) => (raw += c));
      req.on('end', () => {
        sent.push(JSON.parse(raw));
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1795000000,
            model: 'tiny-chat',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'From the model.' } }],
            usage: { prompt_tokens: 9, completion_tokens: 3, total_tokens: 12 },
          }),
        );
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  });

  afterAll(async () => {
    await new Promise((r) => server.close(r));
  });

  it("sends the correction first, marked as the school's verified answer, for the question and a paraphrase; not after it is deleted", async () => {
    const made = (await create(tokenA, FIX)).json;
    vi.stubEnv('OPENAI_API_KEY', 'sk-test');
    vi.stubEnv('OPENAI_BASE_URL', base);
    vi.stubEnv('OPENAI_MODEL', 'tiny-chat');
    const systemFor = async (question: string) => {
      expect(await ask(question)).toBe('From the model.');
      return sent.at(-1)!.messages[0]!.content;
    };
    for (const question of ['What is the application deadline?', 'When do applications close?']) {
      const system = await systemFor(question);
      expect(system).toContain("Passage [1] is the school's verified answer to this question");
      expect(system).toContain(`[1] The school's verified answer to the question "${FIX.question}"\n${FIX.answer}`);
      // The school's other passages still follow it.
      expect(system.indexOf('January 15')).toBeLessThan(system.indexOf('February 1, 2027'));
    }
    // A follow-up reaches the model read with the topic it leans on.
    expect(await ask('and when is it for transfers?', [
      { role: 'user', content: 'Tell me about the application essay' },
      { role: 'assistant', content: 'The essay is 650 words.' },
    ])).toBe('From the model.');
    const followUp = sent.at(-1)!.messages[0]!.content;
    expect(followUp).toContain('The visitor\'s last message follows up on their previous question ("Tell me about the application essay"); read it as: and when is it for transfers? (');
    expect(followUp).toMatch(/read it as: and when is it for transfers\? \(.*\)/);
    await remove(tokenA, made.id);
    const system = await systemFor('What is the application deadline?');
    expect(system).not.toContain('verified answer');
    expect(system).not.toContain('January 15');
    expect(system).toContain('February 1, 2027');
  });
});
