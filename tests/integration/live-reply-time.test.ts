import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as availabilityRoute from '@/app/(rest)/live/availability/route';
import * as joinRoute from '@/app/(rest)/live/conversations/[id]/join/route';
import * as settingsRoute from '@/app/(rest)/live/settings/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as configRoute from '@/app/(rest)/api/widget/config/route';
import * as requestRoute from '@/app/(rest)/api/widget/live/request/route';
import { getDb } from '@/db/client';
import { conversations } from '@/db/schema';
import { ICONS } from '@/lib/widget/icons';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { call, STRONG_PASSWORD } from './http';

// "Usually replies within N minutes" (issue 48 item 4): GET /api/widget/config's
// live_reply_minutes read from the school's own live chats in the database: the median wait from a
// visitor's request for a person to a staff member joining over the last 30 days, only while a
// visitor asking now could get a person. Another school's chats, test chats and older ones count
// for nothing.

afterEach(() => resetMemoryLimits());

type School = { token: string; key: string };
let su: string;
let quick: School;
let few: School;

async function school(name: string, email: string): Promise<School> {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'Rita', last_name: 'Staff', role: 'admin' } });
  const token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name } })).status).toBe(201);
  const key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key as string;
  expect((await call(settingsRoute.PUT, 'PUT', '/live/settings', { token, body: { enabled: true, office_hours: [], wait_minutes: 3 } })).status).toBe(200);
  expect((await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token, body: { available: true } })).status).toBe(200);
  return { token, key };
}

let visitors = 0;
/**
 * One live chat as the widget and the Live view make it (a visitor asks, a staff member joins),
 * then dated: asked `waitSeconds` before the join, `daysAgo` days ago.
 */
async function liveChat(s: School, waitSeconds: number, daysAgo = 1, internal = false) {
  visitors += 1;
  const session = `reply-${visitors}`;
  const asked = await call(requestRoute.POST, 'POST', '/api/widget/live/request', { headers: { 'x-api-key': s.key }, body: { session_id: session, message: 'Can I talk to a person?' }, ip: `198.51.100.${visitors}` });
  expect(asked.json.status).toBe('waiting');
  const db = await getDb();
  const [row] = await db.select({ id: conversations.id }).from(conversations).where(eq(conversations.sessionId, session));
  expect((await call(joinRoute.POST, 'POST', `/live/conversations/${row!.id}/join`, { token: s.token, params: { id: String(row!.id) } })).status).toBe(200);
  const joined = sql`now() - make_interval(days => ${daysAgo})`;
  await db
    .update(conversations)
    .set({ liveJoinedAt: joined, handoffAt: sql`${joined} - make_interval(secs => ${waitSeconds})`, ...(internal ? { source: 'test_chat' as const } : {}) })
    .where(eq(conversations.id, row!.id));
}

const replyMinutes = async (s: School) => {
  const res = await call(configRoute.GET, 'GET', '/api/widget/config', { headers: { 'x-api-key': s.key } });
  expect(res.status).toBe(200);
  return res.json.live_reply_minutes as number | null;
};

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'reply-root@lantern.test', password: STRONG_PASSWORD, username: 'replyroot', first_name: 'R', last_name: 'R' } })).json.access_token;
  quick = await school('Quick Reply College', 'rita@quick.test');
  few = await school('Few Chats College', 'fran@few.test');
});

describe('live_reply_minutes in the widget config', () => {
  it('is the median wait of the school’s own live chats of the last 30 days, rounded up to whole minutes', async () => {
    // Waits of 1, 2, 2.5, 4 and 40 minutes: the median is 2.5 minutes, read as 3.
    for (const wait of [60, 120, 150, 240, 2400]) await liveChat(quick, wait);
    // Neither a month-old chat nor a staff test chat, however slow, counts.
    await liveChat(quick, 3600, 31);
    await liveChat(quick, 3600, 1, true);
    await liveChat(quick, 3600, 1, true);
    // Another school's slow chats are not this school's.
    for (const wait of [1800, 1800, 1800, 1800]) await liveChat(few, wait);
    expect(await replyMinutes(quick)).toBe(3);
  });

  it('is null from fewer than five chats', async () => {
    expect(await replyMinutes(few)).toBeNull();
  });

  it('is null while nobody could reply now: nobody available, outside office hours, live chat off', async () => {
    await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token: quick.token, body: { available: false } });
    expect(await replyMinutes(quick)).toBeNull();
    await call(availabilityRoute.PUT, 'PUT', '/live/availability', { token: quick.token, body: { available: true } });
    expect(await replyMinutes(quick)).toBe(3);

    // Open only on a day that is not today on the school's clock (UTC).
    const closedToday = [{ day: (new Date().getUTCDay() + 2) % 7, start: '09:00', end: '17:00' }];
    await call(settingsRoute.PUT, 'PUT', '/live/settings', { token: quick.token, body: { enabled: true, office_hours: closedToday, wait_minutes: 3 } });
    expect(await replyMinutes(quick)).toBeNull();
    await call(settingsRoute.PUT, 'PUT', '/live/settings', { token: quick.token, body: { enabled: false, office_hours: [], wait_minutes: 3 } });
    expect(await replyMinutes(quick)).toBeNull();
    await call(settingsRoute.PUT, 'PUT', '/live/settings', { token: quick.token, body: { enabled: true, office_hours: [], wait_minutes: 3 } });
    expect(await replyMinutes(quick)).toBe(3);
  });

  it("carries the launcher's one icon, so the embed script needs no icon set", async () => {
    const res = await call(configRoute.GET, 'GET', '/api/widget/config', { headers: { 'x-api-key': quick.key } });
    expect(res.json.launcher_icon).toBe(ICONS['chat-bubble']);
  });
});
