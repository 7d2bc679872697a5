import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as conversationRoute from '@/app/(rest)/conversations/[id]/route';
import * as conversationsRoute from '@/app/(rest)/conversations/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as leadsRoute from '@/app/(rest)/api/widget/leads/route';
import type { AuthContext } from '@/lib/auth/accounts';
import { conversationReference as ref } from '@/lib/conversations/reference';
import { getConversation, logsConversations } from '@/lib/conversations/review';
import { shortVisitor } from '@/lib/conversations/visitor-name';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool } from './staff';

// The Logs tab names each visitor by what they gave (the lead's name, else what the chat read,
// else "Visitor" and the end of the conversation's reference), from their own school's leads only.
// The list and the detail carry that reference as `session_id`, never the widget's session id.

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
/** The widget's headers for a later call on a session: the key, and the visitor token its first answer handed out (if any). */
const visitorHeaders = (key: string, first: { json: { visitor_token?: string } }): Record<string, string> => ({ 'x-api-key': key, ...(first.json.visitor_token ? { 'x-visitor-token': first.json.visitor_token } : {}) });

describe('visitors in the Logs list', () => {
  it("are named by what they gave, else \"Visitor\" and the end of the conversation's reference", async () => {
    const a = await school('lv-a@lantern.test', 'Larch Academy');
    const b = await school('lv-b@lantern.test', 'Linden Academy');
    expect((await chat(a.key, 'anon-session-0001', 'When is the application deadline?')).status).toBe(200);
    // The quick info card: a saved lead with a name.
    const card = await chat(a.key, 'card-session-0002', 'Do you have a nursing program?');
    expect(card.status).toBe(200);
    const lead = await call(leadsRoute.POST, 'POST', '/api/widget/leads', { headers: visitorHeaders(a.key, card), body: { session_id: 'card-session-0002', first_name: 'Maria', last_name: 'Okafor', email: 'maria@example.com' } });
    expect(lead.status).toBe(201);
    // Told in the chat: the e-mail the chat read.
    expect((await chat(a.key, 'told-session-0003', 'My email is sam.lee@example.com, what are the dorms like?')).status).toBe(200);
    // Another school's visitor with the same session id gives another name.
    const other = await chat(b.key, 'card-session-0002', 'Hello');
    expect(other.status).toBe(200);
    await call(leadsRoute.POST, 'POST', '/api/widget/leads', { headers: visitorHeaders(b.key, other), body: { session_id: 'card-session-0002', first_name: 'Other', email: 'other@example.com' } });

    const named = Object.fromEntries((await logsConversations(a.ctx, {})).map((r) => [r.session_id, r.visitor]));
    expect(named).toEqual({
      [ref('anon-session-0001')]: shortVisitor(ref('anon-session-0001')),
      [ref('card-session-0002')]: 'Maria Okafor',
      [ref('told-session-0003')]: 'sam.lee@example.com',
    });
    expect(shortVisitor(ref('anon-session-0001'))).toBe(`Visitor ${ref('anon-session-0001').slice(-6)}`);
    expect((await logsConversations(b.ctx, {})).map((r) => r.visitor)).toEqual(['Other']);
  });

  it("carry the conversation's reference in the list and the detail, never the session id", async () => {
    const s = await school('lv-c@lantern.test', 'Laurel Academy');
    const sessions = ['ref-session-0004', 'ref-session-0005'];
    for (const session of sessions) expect((await chat(s.key, session, 'What does a semester of tuition cost?')).status).toBe(200);
    const logs = await logsConversations(s.ctx, {});
    const list = await call(conversationsRoute.GET, 'GET', '/conversations/', { token: s.token, query: { limit: 100 } });
    expect(list.status).toBe(200);
    expect(list.json.map((c: { session_id: string }) => c.session_id).sort()).toEqual(sessions.map(ref).sort());
    const details = await Promise.all(
      list.json.map(async (c: { id: number }) => {
        const res = await call(conversationRoute.GET, 'GET', `/conversations/${c.id}`, { token: s.token, params: { id: String(c.id) } });
        expect(res.status).toBe(200);
        return res.json;
      }),
    );
    expect(details.map((d) => d.session_id).sort()).toEqual(sessions.map(ref).sort());
    // The screens' own reads (the Logs tab's list, the conversation's dialog) say the same.
    const dialog = await getConversation(s.ctx, list.json[0].id);
    for (const answer of [logs, list.json, details, dialog]) {
      const text = JSON.stringify(answer);
      for (const session of sessions) {
        expect(text).not.toContain(session);
        // Nor the end of it, as the short visitor name once carried.
        expect(text).not.toContain(session.replace(/[^A-Za-z0-9]/g, '').slice(-6));
      }
    }
  });
});
