import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as contactRoute from '@/app/(rest)/contact/route';
import * as filesRoute from '@/app/(rest)/files/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as webLinksRoute from '@/app/(rest)/web-links/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as leadsRoute from '@/app/(rest)/api/widget/leads/route';
import { getDb } from '@/db/client';
import { blobs, conversationMessages, leads } from '@/db/schema';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { call, STRONG_PASSWORD } from './http';

// Bad input found by fuzzing: each answers 4xx before anything is stored.

let token: string;
let key: string;

const deepJson = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const json = { 'content-type': 'application/json' };

beforeAll(async () => {
  token = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'fuzz@lantern.test', password: STRONG_PASSWORD, username: 'fuzzroot', first_name: 'F', last_name: 'Z' } })).json.access_token;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Harbor College' } });
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key;
});

afterEach(() => resetMemoryLimits());

describe('deeply nested JSON', () => {
  it('answers 422 without a session on sign-in, registration and contact, and for signed-in calls', async () => {
    const body = deepJson(400_000);
    for (const [handler, path] of [
      [loginRoute.POST, '/auth/login'],
      [registerRoute.POST, '/auth/register'],
      [contactRoute.POST, '/contact'],
    ] as const) {
      const res = await call(handler, 'POST', path, { rawBody: body, headers: json });
      expect(res.status, path).toBe(422);
      expect(res.json.detail[0]).toMatchObject({ loc: ['body'], type: 'json_too_deep' });
    }
    const signedIn = await call(webLinksRoute.POST, 'POST', '/web-links/', { token, rawBody: `{"name": ${deepJson(100)}}`, headers: json });
    expect(signedIn.status).toBe(422);
    expect(signedIn.json.detail[0].type).toBe('json_too_deep');
  });

  it('answers 422 on the widget API too', async () => {
    const res = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key, 'content-type': 'text/plain' }, rawBody: `{"message": ${deepJson(50_000)}}` });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].type).toBe('json_too_deep');
  });

  it('still reads documented bodies, brackets inside strings included', async () => {
    const res = await call(webLinksRoute.POST, 'POST', '/web-links/', { token, body: { name: '[[[[ '.repeat(10) + '{{{{', url: 'https://harbor.example.edu/', drill_into_subpages: false } });
    expect(res.status).toBe(201);
  });

  it('answers 413 for a body over 1 MiB sent without a length (chunked)', async () => {
    const big = new TextEncoder().encode(JSON.stringify({ message: 'x'.repeat(1_200_000) }));
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < big.length; at += 64 * 1024) controller.enqueue(big.subarray(at, at + 64 * 1024));
        controller.close();
      },
    });
    const req = new Request('http://localhost:3000/auth/login', { method: 'POST', headers: json, body: stream, duplex: 'half' } as RequestInit);
    const res = await loginRoute.POST(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(413);
  });
});

describe('NUL bytes and broken Unicode', () => {
  it('refuse a widget chat message and a quick info card field with 422, storing nothing', async () => {
    const db = await getDb();
    const messagesBefore = (await db.select({ id: conversationMessages.id }).from(conversationMessages)).length;
    const chat = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message: 'Hello\u0000there', session_id: 'nul-session' } });
    expect(chat.status).toBe(422);
    expect(chat.json.detail[0]).toMatchObject({ loc: ['body', 'message'], type: 'string_unicode' });
    const card = await call(leadsRoute.POST, 'POST', '/api/widget/leads', { headers: { 'x-api-key': key }, body: { session_id: 'nul-session', first_name: 'Ana\u0000', email: 'ana@example.com' } });
    expect(card.status).toBe(422);
    expect(card.json.detail[0].loc).toEqual(['body', 'first_name']);
    const lone = await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key, 'content-type': 'application/json' }, rawBody: '{"message": "\\udc00"}' });
    expect(lone.status).toBe(422);
    expect((await db.select({ id: conversationMessages.id }).from(conversationMessages)).length).toBe(messagesBefore);
    expect(await db.select({ id: leads.id }).from(leads)).toHaveLength(0);
  });

  it('refuse a file upload whose name field or file name holds a NUL, leaving no blob behind', async () => {
    const db = await getDb();
    const before = (await db.select({ id: blobs.id }).from(blobs)).length;
    for (const [name, filename] of [
      ['Guide\u0000', 'guide.txt'],
      [undefined, 'gu\u0000ide.txt'],
    ]) {
      const form = new FormData();
      if (name !== undefined) form.append('name', name);
      form.append('file', new Blob(['Harbor College admissions guide. Apply by March 1.']), filename);
      const res = await filesRoute.POST(new Request('http://localhost:3000/files/', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }), { params: Promise.resolve({}) });
      expect(res.status).toBe(422);
      // A NUL inside the part's header is refused by the multipart parser itself.
      expect(['string_unicode', 'multipart_invalid']).toContain((await res.json()).detail[0].type);
    }
    // The name sent after the file: judged when it arrives, and the streamed blob removed.
    const late = new FormData();
    late.append('file', new Blob(['Harbor College admissions guide.']), 'guide.txt');
    late.append('name', 'Late\u0000name');
    const res = await filesRoute.POST(new Request('http://localhost:3000/files/', { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: late }), { params: Promise.resolve({}) });
    expect(res.status).toBe(422);
    expect((await res.json()).detail[0]).toMatchObject({ loc: ['body', 'name'], type: 'string_unicode' });
    expect((await db.select({ id: blobs.id }).from(blobs)).length).toBe(before);
  });
});
