import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as personaRoute from '@/app/(rest)/ai-settings/persona/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as internalKeyRoute from '@/app/(rest)/chatbot/current-key/internal/route';
import * as contactRoute from '@/app/(rest)/schools/my-school/contact/route';
import * as factSheetRoute from '@/app/(rest)/schools/my-school/fact-sheet/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as eventsRoute from '@/app/(rest)/api/widget/events/route';
import type { AuthContext } from '@/lib/auth/accounts';
import { setupChecklist } from '@/lib/schools/checklist';
import { call, STRONG_PASSWORD } from './http';

// The dashboard's setup checklist: each step ticked from what the school really did, one school's
// steps never ticking another's.

let su: string;

async function school(email: string, name: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'S', last_name: 'C' } });
  const token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
  const id = (await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name } })).json.id as number;
  return { token, ctx: { schoolId: id, role: 'admin' } as unknown as AuthContext };
}

const ticked = async (ctx: AuthContext) => Object.fromEntries((await setupChecklist(ctx))!.map((s) => [s.key, s.done]));

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'sc@lantern.test', password: STRONG_PASSWORD, username: 'scroot', first_name: 'S', last_name: 'C' } })).json.access_token;
});

describe('the setup checklist', () => {
  it('ticks each step from real state, for this school only', async () => {
    const a = await school('alder@lantern.test', 'Alder College');
    const b = await school('beech@lantern.test', 'Beech College');
    const none = { profile: false, knowledge: false, assistant: false, widget: false, test_chat: false };
    expect(await ticked(a.ctx)).toEqual(none);
    expect(await setupChecklist({ schoolId: null, role: 'admin' } as unknown as AuthContext)).toBeNull();

    // Profile: a website and a way to reach admissions, both.
    await call(contactRoute.PATCH, 'PATCH', '/schools/my-school/contact', { token: a.token, body: { contact_points: [{ name: 'Admissions', email: 'admissions@alder.example.edu' }] } });
    expect((await ticked(a.ctx)).profile).toBe(false);
    const basic = await import('@/app/(rest)/schools/my-school/basic/route');
    expect((await call(basic.PATCH, 'PATCH', '/schools/my-school/basic', { token: a.token, body: { name: 'Alder College', website_url: 'https://alder.example.edu' } })).status).toBe(200);
    // Knowledge: the fact sheet counts (the profile's own passages do not).
    await call(factSheetRoute.PUT, 'PUT', '/schools/my-school/fact-sheet', { token: a.token, body: { programs: ['Forestry'] } });
    // Assistant: a saved persona.
    await call(personaRoute.PUT, 'PUT', '/ai-settings/persona', { token: a.token, body: { ai_name: 'Ada' } });
    expect(await ticked(a.ctx)).toEqual({ profile: true, knowledge: true, assistant: true, widget: false, test_chat: false });

    // The widget loading on the school's site (its public key), and a test chat (the internal key).
    const key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: a.token })).json.api_key;
    await call(eventsRoute.POST, 'POST', '/api/widget/events', { headers: { 'x-api-key': key }, body: { session_id: 'on-site', event_type: 'widget_loaded' } });
    expect((await ticked(a.ctx)).widget).toBe(true);
    expect((await ticked(a.ctx)).test_chat).toBe(false);
    const internal = (await call(internalKeyRoute.GET, 'GET', '/chatbot/current-key/internal', { token: a.token })).json.api_key;
    expect((await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': internal }, body: { message: 'Do you offer forestry?', session_id: 'test-1' } })).status).toBe(200);
    expect(Object.values(await ticked(a.ctx)).every(Boolean)).toBe(true);

    // Beech did none of it.
    expect(await ticked(b.ctx)).toEqual(none);
  });

  it('counts a real chat on the site as the first chat, and never a chat only loaded (issue 48 item 10)', async () => {
    const c = await school('cedar@lantern.test', 'Cedar College');
    const key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: c.token })).json.api_key;
    await call(eventsRoute.POST, 'POST', '/api/widget/events', { headers: { 'x-api-key': key }, body: { session_id: 'loaded-only', event_type: 'widget_loaded' } });
    await call(eventsRoute.POST, 'POST', '/api/widget/events', { headers: { 'x-api-key': key }, body: { session_id: 'loaded-only', event_type: 'widget_opened' } });
    expect(await ticked(c.ctx)).toMatchObject({ widget: true, test_chat: false });
    // A family writes on the site; no test chat ever.
    expect((await call(chatRoute.POST, 'POST', '/api/widget/chat', { headers: { 'x-api-key': key }, body: { message: 'When is the application deadline?', session_id: 'family-1' } })).status).toBe(200);
    expect(await ticked(c.ctx)).toMatchObject({ widget: true, test_chat: true });
  });
});
