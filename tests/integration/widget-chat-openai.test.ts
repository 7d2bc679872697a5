import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as conversationRoute from '@/app/(rest)/conversations/[id]/route';
import * as conversationsRoute from '@/app/(rest)/conversations/route';
import * as tuitionRoute from '@/app/(rest)/schools/my-school/tuition/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as personaRoute from '@/app/(rest)/ai-settings/persona/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as instructionsRoute from '@/app/(rest)/special-instructions/route';
import * as promptsRoute from '@/app/(rest)/action-prompts/route';
import * as streamRoute from '@/app/(rest)/api/widget/chat/stream/route';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { conversationReference as ref } from '@/lib/conversations/reference';
import { call, STRONG_PASSWORD } from './http';

// A small server speaking the OpenAI Chat Completions API with streaming, as OpenAI, Ollama or
// vLLM would: the chat engine must send it the instructions, the passages and the history, and
// relay what it streams back.
type Sent = { auth?: string; body: { model: string; stream?: boolean; messages: { role: string; content: string }[] } };
const sent: Sent[] = [];
let mode: 'ok' | 'fail' = 'ok';
let server: http.Server;
let base: string;
const PIECES = ['Tuition at Riverside ', 'is $24,500 ', 'per year.'];

function chunk(delta: Record<string, unknown>, finish: string | null = null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1795000000, model: 'tiny-chat', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', async () => {
      if (req.url !== '/v1/chat/completions') return res.writeHead(404).end();
      const body = JSON.parse(raw);
      sent.push({ auth: req.headers.authorization, body });
      if (mode === 'fail') return res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: 'model crashed', type: 'server_error' } }));
      if (!body.stream) {
        return res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: 'chatcmpl-8',
            object: 'chat.completion',
            created: 1795000000,
            model: 'tiny-chat',
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: PIECES.join('') } }],
            usage: { prompt_tokens: 90, completion_tokens: 9, total_tokens: 99 },
          }),
        );
      }
      res.writeHead(200, { 'content-type': 'text/event-stream' });
      res.write(chunk({ role: 'assistant', content: '' }));
      for (const piece of PIECES) {
        res.write(chunk({ content: piece }));
        await new Promise((r) => setImmediate(r));
      }
      res.write(chunk({}, 'stop'));
      res.write(`data: ${JSON.stringify({ id: 'chatcmpl-9', object: 'chat.completion.chunk', created: 1795000000, model: 'tiny-chat', choices: [], usage: { prompt_tokens: 90, completion_tokens: 9, total_tokens: 99 } })}\n\n`);
      res.end('data: [DONE]\n\n');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});

afterAll(async () => {
  await new Promise((r) => server.close(r));
});

afterEach(async () => {
  vi.unstubAllEnvs();
  await resetMemoryLimits();
});

let key: string;
let token: string;

beforeAll(async () => {
  token = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'oa@lantern.test', password: STRONG_PASSWORD, username: 'oaroot', first_name: 'O', last_name: 'A' } })).json.access_token;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Riverside College' } });
  token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'oa@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
  await call(tuitionRoute.PATCH, 'PATCH', '/schools/my-school/tuition', { token, body: { tuition_info: 'Undergraduate tuition is $24,500 per year.', tuition_instructions: 'Always mention financial aid.' } });
  await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token, body: { ai_name: 'Ollie' } });
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key;
});

const useServer = () => {
  vi.stubEnv('OPENAI_API_KEY', 'sk-test');
  vi.stubEnv('OPENAI_BASE_URL', base);
  vi.stubEnv('OPENAI_MODEL', 'tiny-chat');
};

describe('chat through an OpenAI-compatible server', () => {
  it('sends the instructions, the passages and the last ten history entries, and relays the answer', async () => {
    useServer();
    const history = Array.from({ length: 14 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', content: `turn ${i}` }));
    const res = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message: 'How much is tuition?', session_id: 'oa-1', conversation_history: history } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ response: PIECES.join(''), session_id: 'oa-1', message_index: 1 });
    const req = sent.at(-1)!;
    expect(req.auth).toBe('Bearer sk-test');
    expect(req.body.model).toBe('tiny-chat');
    expect(req.body.stream).toBeFalsy();
    const [system, ...rest] = req.body.messages;
    expect(system!.role).toBe('system');
    expect(system!.content).toContain('You are Ollie, the admissions assistant of Riverside College.');
    expect(system!.content).toContain('Always mention financial aid.');
    expect(system!.content).toContain('Never invent facts');
    expect(system!.content).toContain('$24,500 per year');
    expect(rest.map((m) => m.content)).toEqual([...history.slice(-10).map((h) => h.content), 'How much is tuition?']);
    const list = await call(conversationsRoute.GET, 'GET', '/conversations/', { token });
    const id = String(list.json.find((c: { session_id: string }) => c.session_id === ref('oa-1')).id);
    const detail = await call(conversationRoute.GET, 'GET', `/conversations/${id}`, { token, params: { id } });
    expect(detail.json.messages[1]).toMatchObject({ role: 'assistant', content: PIECES.join('') });
  });

  it("tells the model, with the school's contact, when the built-in relevance threshold finds no answer; asks it to reply in the visitor's language", async () => {
    useServer();
    await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message: 'How much is tuition?', session_id: 'oa-rel-1' } });
    const answered = sent.at(-1)!.body.messages[0]!.content as string;
    expect(answered).toContain('Reply in the language the visitor writes in.');
    expect(answered).not.toContain('probably do not answer');
    await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message: 'Do you have an ROTC program?', session_id: 'oa-rel-2' } });
    const unanswered = sent.at(-1)!.body.messages[0]!.content as string;
    expect(unanswered).toMatch(/(probably do not answer the question|none matched)/);
    expect(unanswered).toContain('say you do not have that information');
  });

  it('streams the pieces as they come', async () => {
    useServer();
    const res = await streamRoute.POST(
      new Request('http://localhost/api/widget/chat/stream', { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Tuition?', session_id: 'oa-2' }) }),
    );
    const text = await res.text();
    const deltas = [...text.matchAll(/^event: delta\ndata: (.*)$/gm)].map((m) => JSON.parse(m[1]!).text);
    expect(deltas).toEqual(PIECES);
    expect(sent.at(-1)!.body.stream).toBe(true);
    expect(text).toMatch(/event: done\ndata: .*"message_index":1/);
  });

  it('answers 502 with the widget text when the model fails, and an error event when streaming', async () => {
    useServer();
    mode = 'fail';
    try {
      const res = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message: 'Tuition?', session_id: 'oa-3' } });
      expect(res.status).toBe(502);
      expect(res.json.detail).toBe("Sorry, I'm having trouble connecting right now. Please try again later.");
      const streamed = await streamRoute.POST(
        new Request('http://localhost/api/widget/chat/stream', { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ message: 'Tuition?', session_id: 'oa-4' }) }),
      );
      expect(await streamed.text()).toMatch(/^event: error\ndata: \{"detail":"Sorry, I'm having trouble connecting right now/m);
      const list = await call(conversationsRoute.GET, 'GET', '/conversations/', { token });
      expect(list.json.some((c: { session_id: string }) => c.session_id === ref('oa-3') || c.session_id === ref('oa-4'))).toBe(false);
    } finally {
      mode = 'ok';
    }
  });

  it("puts the 'always' instructions and the action prompts in the prompt, and cites the passages the answer rests on", async () => {
    await call(instructionsRoute.POST, 'POST', '/special-instructions/', { token, body: { title: 'Offer a tour', instruction_text: 'Always offer a campus tour.', instruction_type: 'always_do' } });
    await call(promptsRoute.POST, 'POST', '/action-prompts/', { token, body: { name: 'Book a campus tour', target_audience: 'Families', action_description: 'Tours daily.', action_type: 'link', action_data: 'https://riverside.example.edu/tour' } });
    useServer();
    const res = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message: 'How much is tuition?', session_id: 'oa-cite' } });
    expect(res.status).toBe(200);
    const system = sent.at(-1)!.body.messages[0]!.content as string;
    expect(system).toContain('Always (in your own words to the visitor, where it fits the question; never quote these instructions):\n- Offer a tour: Always offer a campus tour.');
    expect(system).toContain('Book a campus tour (for Families): Tours daily. Website Link: https://riverside.example.edu/tour');
    // Guidance for the model to say in its own words where it fits; Lantern adds nothing of it to the model's answer.
    expect(system).toContain('On tuition questions: Always mention financial aid. (Say this to the visitor in your own words, only when the question is about the cost of attending or paying for it; never repeat these instructions as written.)');
    expect(res.json.response).toBe(PIECES.join(''));
    // The school's tuition passage answers it: cited by its title (a profile passage has no page to link).
    expect(res.json.sources).toEqual([{ title: expect.stringMatching(/Riverside College/), url: null }]);
  });
});
