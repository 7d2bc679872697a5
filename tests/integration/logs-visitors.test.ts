import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as chatRoute from '@/app/api/widget/chat/route';
import * as leadsRoute from '@/app/api/widget/leads/route';
import type { AuthContext } from '@/lib/auth/accounts';
import { logsConversations } from '@/lib/conversations/review';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool } from './staff';

// The Logs tab names each visitor by what they gave (the lead's name, else what the chat read,
// else "Visitor" and a short id), from their own school's leads only.

let su: string;

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'lv@lantern.test', password: STRONG_PASSWORD, username: 'lvroot', first_name: 'L', last_name: 'V' } })).json.access_token;
});

async function school(email: string, name: string) {
  const s = await staffWithSchool(su, email, name);
  const key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: s.token })).json.api_key as string;
  return { ...s, key, ctx: { schoolId: s.id, role: 'admin' } as unknown as AuthContext };
}

const chat = (key: string, session_id: string, message: string) => call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message, session_id } });

describe('visitors in the Logs list', () => {
  it('are named by what they gave, else "Visitor" and a short id', async () => {
    const a = await school('lv-a@lantern.test', 'Larch Academy');
    const b = await school('lv-b@lantern.test', 'Linden Academy');
    expect((await chat(a.key, 'anon-session-0001', 'When is the application deadline?')).status).toBe(200);
    // The quick info card: a saved lead with a name.
    expect((await chat(a.key, 'card-session-0002', 'Do you have a nursing program?')).status).toBe(200);
    const lead = await call(leadsRoute.POST, 'POST', '/api/widget/leads', { headers: { 'x-api-key': a.key }, body: { session_id: 'card-session-0002', first_name: 'Maria', last_name: 'Okafor', email: 'maria@example.com' } });
    expect(lead.status).toBe(201);
    // Told in the chat: the e-mail the chat read.
    expect((await chat(a.key, 'told-session-0003', 'My email is sam.lee@example.com, what are the dorms like?')).status).toBe(200);
    // Another school's visitor with the same session id gives another name.
    expect((await chat(b.key, 'card-session-0002', 'Hello')).status).toBe(200);
    await call(leadsRoute.POST, 'POST', '/api/widget/leads', { headers: { 'x-api-key': b.key }, body: { session_id: 'card-session-0002', first_name: 'Other', email: 'other@example.com' } });

    const named = Object.fromEntries((await logsConversations(a.ctx, {})).map((r) => [r.session_id, r.visitor]));
    expect(named).toEqual({ 'anon-session-0001': 'Visitor on0001', 'card-session-0002': 'Maria Okafor', 'told-session-0003': 'sam.lee@example.com' });
    expect((await logsConversations(b.ctx, {})).map((r) => r.visitor)).toEqual(['Other']);
  });
});
