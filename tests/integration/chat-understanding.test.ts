import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as generateRoute from '@/app/(rest)/files/[id]/generate-insights/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as chatRoute from '@/app/api/widget/chat/route';
import * as filesRoute from '@/app/(rest)/files/route';
import { analyzeFile } from '@/lib/knowledge/files';
import { resetMemoryLimits } from '@/lib/security/memory-rate-limit';
import { call, STRONG_PASSWORD } from './http';

// Issue 15, item 2 (part): retrieval that understands visitors, through the public widget API.

let token: string;
let key: string;

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
  await analyzeFile(Number(id));
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key;
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
