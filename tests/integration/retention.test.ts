import { eq, inArray, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as cleanupRoute from '@/app/(rest)/setup/cleanup-old-data/route';
import * as setupRoute from '@/app/(rest)/setup/settings/route';
import * as statsRoute from '@/app/(rest)/setup/storage-stats/route';
import { getDb } from '@/db/client';
import { blobs, chatbotSettings, conversationMessages, conversationRatings, conversations, leads } from '@/db/schema';
import { deleteExpiredConversations } from '@/lib/conversations/retention';
import { staffWithSchool, type StaffSchool } from './staff';
import { call, STRONG_PASSWORD } from './http';

// The daily retention task and 'Delete old data now' delete exactly the
// conversations (with their messages) started before the school's retention period, batch by batch,
// only where the school asked for it; leads stay and lose their link.

type School = StaffSchool;
let su: string;

const schoolNamed = (email: string, name: string) => staffWithSchool(su, email, name);

/** A conversation started `age` ago (a Postgres interval, e.g. '90 days 1 second') with `messages` messages. */
async function conversation(school: School, session: string, age: string, messages = 3, lead = false) {
  const db = await getDb();
  const [c] = await db
    .insert(conversations)
    .values({ schoolId: school.id, sessionId: session, status: 'engaged', startedAt: sql`now() - ${age}::interval`, endedAt: sql`now() - ${age}::interval`, messageCount: messages })
    .returning({ id: conversations.id });
  if (messages) {
    await db.insert(conversationMessages).values(
      Array.from({ length: messages }, (_, i) => ({ conversationId: c!.id, schoolId: school.id, position: i, role: i % 2 ? ('assistant' as const) : ('user' as const), content: `message ${i} of ${session}`, userFeedbackRating: i % 2 ? 1 : null })),
    );
  }
  if (lead) await db.insert(leads).values({ schoolId: school.id, sessionId: session, firstName: 'Lead', email: `${session}@example.com`, source: 'chatbot_conversation' });
  return c!.id;
}

const sessionsOf = async (school: School) => (await (await getDb()).select({ s: conversations.sessionId }).from(conversations).where(eq(conversations.schoolId, school.id))).map((r) => r.s).sort();
const messagesOf = async (school: School) => (await (await getDb()).select({ id: conversationMessages.id }).from(conversationMessages).where(eq(conversationMessages.schoolId, school.id))).length;
const leadsOf = async (school: School) => (await (await getDb()).select({ email: leads.email, session: leads.sessionId }).from(leads).where(eq(leads.schoolId, school.id))).sort((a, b) => a.email!.localeCompare(b.email!));
const stats = (school: School) => call(statsRoute.GET, 'GET', '/setup/storage-stats', { token: school.token });
const save = (school: School, body: unknown) => call(setupRoute.PUT, 'PUT', '/setup/settings', { token: school.token, body });

let ninety: School; // auto-delete on, 90 days
let thirty: School; // auto-delete on, 30 days
let keeper: School; // never saved its settings: auto-delete off

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'ret@lantern.test', password: STRONG_PASSWORD, username: 'retroot', first_name: 'R', last_name: 'T' } })).json.access_token;
  ninety = await schoolNamed('nora@lantern.test', 'Ninety College');
  thirty = await schoolNamed('theo@lantern.test', 'Thirty College');
  keeper = await schoolNamed('kim@lantern.test', 'Keeper College');
  expect((await save(ninety, { enable_widget_logging: true, retention_days: 90 })).json.data.settings).toEqual({ enable_widget_logging: true, retention_days: 90, auto_delete_enabled: true, session_timeout_minutes: 30 });
  expect((await save(thirty, { enable_widget_logging: false, retention_days: 30 })).json.data.settings).toEqual({ enable_widget_logging: false, retention_days: 30, auto_delete_enabled: true, session_timeout_minutes: 30 });
});

describe('storage stats', () => {
  it('answers every figure, zero for a school with nothing stored', async () => {
    const res = await stats(keeper);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ total_conversations: 0, total_messages: 0, total_leads: 0, oldest_conversation_at: null, upload_bytes: 0, retention_days: 90, expired_conversations: 0 });
  });

  it("counts the school's own conversations, messages, leads and uploads, and what is past retention", async () => {
    const school = await schoolNamed('sam@lantern.test', 'Stats College');
    await save(school, { enable_widget_logging: true, retention_days: 30 });
    await conversation(school, 'st-new', '1 day', 2, true);
    await conversation(school, 'st-old', '45 days', 4);
    await conversation(school, 'st-older', '400 days', 1);
    const db = await getDb();
    await db.insert(blobs).values([
      { schoolId: school.id, contentType: 'image/png', filename: 'logo.png', size: 1500, data: new Uint8Array(1500), isPublic: true },
      { schoolId: school.id, contentType: 'application/pdf', filename: 'catalog.pdf', size: 2500, data: new Uint8Array(2500) },
      // Another school's upload is not counted.
      { schoolId: keeper.id, contentType: 'image/png', filename: 'other.png', size: 999, data: new Uint8Array(999), isPublic: true },
    ]);
    const res = await stats(school);
    expect(res.json).toMatchObject({ total_conversations: 3, total_messages: 7, total_leads: 1, upload_bytes: 4000, retention_days: 30, expired_conversations: 2 });
    const oldest = new Date(res.json.oldest_conversation_at).getTime();
    expect(Math.abs(oldest - (Date.now() - 400 * 86_400_000))).toBeLessThan(60_000);
    // The keeper's own figures did not move with the stats school's rows.
    expect((await stats(keeper)).json).toMatchObject({ total_conversations: 0, upload_bytes: 999 });
    await db.delete(blobs).where(eq(blobs.schoolId, keeper.id));
  });
});

describe('the retention task', () => {
  it('deletes exactly the expired conversations with their messages, only where auto-delete is on, batch by batch', async () => {
    // Ninety: one second either side of the cutoff, and six more past it (so several batches of 2).
    const inside = await conversation(ninety, 'n-inside', '90 days -1 second', 3, true);
    const outside = await conversation(ninety, 'n-outside', '90 days 1 second', 3, true);
    // Staff ratings of their answers go with their conversation.
    await (await getDb()).insert(conversationRatings).values([inside, outside].map((conversationId) => ({ schoolId: ninety.id, conversationId, messageIndex: 1, rating: 'poor' as const, adminNotes: 'Too vague' })));
    for (let i = 0; i < 6; i++) await conversation(ninety, `n-old-${i}`, `${100 + i * 30} days`, 2);
    // Thirty: a shorter period.
    await conversation(thirty, 't-inside', '29 days', 2);
    await conversation(thirty, 't-outside', '31 days', 5, true);
    // Keeper: auto-delete off; even a year-old conversation stays.
    await conversation(keeper, 'k-ancient', '400 days', 2, true);
    const keeperBefore = await messagesOf(keeper);

    const summary = await deleteExpiredConversations({ batchSize: 2 });
    // Every school with auto-delete on is processed (other tests' schools too); the keeper is not among them.
    const autoDelete = await (await getDb()).select({ id: chatbotSettings.schoolId }).from(chatbotSettings).where(eq(chatbotSettings.autoDeleteEnabled, true));
    expect(summary.schools_processed).toBe(autoDelete.length);
    expect(autoDelete.map((s) => s.id)).not.toContain(keeper.id);
    const mine = [ninety.id, thirty.id, keeper.id];
    expect(summary.schools.filter((s) => mine.includes(s.school_id))).toEqual([
      { school_id: ninety.id, deleted_conversations: 7, deleted_messages: 15 },
      { school_id: thirty.id, deleted_conversations: 1, deleted_messages: 5 },
    ]);
    expect(summary.deleted_conversations).toBe(summary.schools.reduce((n, s) => n + s.deleted_conversations, 0));
    expect(summary.deleted_messages).toBe(summary.schools.reduce((n, s) => n + s.deleted_messages, 0));

    expect(await sessionsOf(ninety)).toEqual(['n-inside']);
    expect(await messagesOf(ninety)).toBe(3);
    expect((await (await getDb()).select({ id: conversationRatings.conversationId }).from(conversationRatings)).map((r) => r.id)).toEqual([inside]);
    expect(await sessionsOf(thirty)).toEqual(['t-inside']);
    expect(await messagesOf(thirty)).toBe(2);
    expect(await sessionsOf(keeper)).toEqual(['k-ancient']);
    expect(await messagesOf(keeper)).toBe(keeperBefore);
    // No message is left without its conversation.
    const orphans = await (await getDb()).execute(sql`select count(*)::int as n from conversation_messages m where not exists (select 1 from conversations c where c.id = m.conversation_id)`);
    expect(Number((Array.isArray(orphans) ? orphans : (orphans as { rows: { n: number }[] }).rows)[0]!.n)).toBe(0);

    // Leads stay; the deleted conversation's lead loses its link, the kept one keeps it.
    expect(await leadsOf(ninety)).toEqual([
      { email: 'n-inside@example.com', session: 'n-inside' },
      { email: 'n-outside@example.com', session: null },
    ]);
    expect(await leadsOf(thirty)).toEqual([{ email: 't-outside@example.com', session: null }]);
    expect(await leadsOf(keeper)).toEqual([{ email: 'k-ancient@example.com', session: 'k-ancient' }]);

    // A second run finds nothing left to do.
    expect(await deleteExpiredConversations()).toEqual({ schools_processed: autoDelete.length, deleted_conversations: 0, deleted_messages: 0, schools: [] });
  });
});

describe('POST /setup/cleanup-old-data', () => {
  it("deletes the school's expired conversations now, as many as storage-stats announced, and never another school's", async () => {
    const school = await schoolNamed('cleo@lantern.test', 'Cleanup College');
    await conversation(school, 'c-keep', '89 days', 2);
    await conversation(school, 'c-go-1', '91 days', 3, true);
    await conversation(school, 'c-go-2', '200 days', 4);
    // Another school's equally old conversation: never touched by this school's cleanup.
    await conversation(keeper, 'k-old-2', '200 days', 2);
    const keeperSessions = await sessionsOf(keeper);
    const keeperMessages = await messagesOf(keeper);

    const before = await stats(school);
    expect(before.json).toMatchObject({ total_conversations: 3, total_messages: 9, expired_conversations: 2, retention_days: 90 });
    // Auto-delete is off for this school (never saved): cleaning up now still works.
    const res = await call(cleanupRoute.POST, 'POST', '/setup/cleanup-old-data', { token: school.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ deleted_conversations: 2, deleted_messages: 7, retention_days: 90 });
    expect(Math.abs(new Date(res.json.cutoff).getTime() - (Date.now() - 90 * 86_400_000))).toBeLessThan(60_000);
    expect(await sessionsOf(school)).toEqual(['c-keep']);
    expect(await leadsOf(school)).toEqual([{ email: 'c-go-1@example.com', session: null }]);
    expect((await stats(school)).json).toMatchObject({ total_conversations: 1, total_messages: 2, total_leads: 1, expired_conversations: 0 });

    expect(await sessionsOf(keeper)).toEqual(keeperSessions);
    expect(await messagesOf(keeper)).toBe(keeperMessages);
    // Running it again deletes nothing.
    expect((await call(cleanupRoute.POST, 'POST', '/setup/cleanup-old-data', { token: school.token })).json).toMatchObject({ deleted_conversations: 0, deleted_messages: 0 });
  });

  it('follows the saved retention period', async () => {
    const school = await schoolNamed('cara@lantern.test', 'Short College');
    await conversation(school, 's-40', '40 days', 1);
    expect((await stats(school)).json.expired_conversations).toBe(0);
    await save(school, { enable_widget_logging: true, retention_days: 30 });
    expect((await stats(school)).json).toMatchObject({ retention_days: 30, expired_conversations: 1 });
    expect((await call(cleanupRoute.POST, 'POST', '/setup/cleanup-old-data', { token: school.token })).json).toMatchObject({ deleted_conversations: 1, deleted_messages: 1, retention_days: 30 });
  });
});

describe('access and bad input', () => {
  it('answers 401 without a valid token', async () => {
    for (const [handler, method, path] of [
      [statsRoute.GET, 'GET', '/setup/storage-stats'],
      [cleanupRoute.POST, 'POST', '/setup/cleanup-old-data'],
      [setupRoute.GET, 'GET', '/setup/settings'],
      [setupRoute.PUT, 'PUT', '/setup/settings'],
    ] as const) {
      expect((await call(handler, method, path, { body: method === 'PUT' ? { retention_days: 30 } : undefined })).status).toBe(401);
      expect((await call(handler, method, path, { token: 'not-a-token' })).status).toBe(401);
    }
    // Nothing was deleted by the refused calls.
    expect((await sessionsOf(ninety)).length).toBe(1);
  });

  it('refuses retention periods outside the list and wrong types with 422, saving nothing', async () => {
    const school = await schoolNamed('bea@lantern.test', 'Bad Input College');
    await save(school, { enable_widget_logging: true, retention_days: 180 });
    for (const body of [
      { enable_widget_logging: true, retention_days: 45 },
      { enable_widget_logging: true, retention_days: 0 },
      { enable_widget_logging: true, retention_days: -30 },
      { enable_widget_logging: true, retention_days: 90.5 },
      { enable_widget_logging: true, retention_days: '90' },
      { enable_widget_logging: true, retention_days: null },
      { enable_widget_logging: 'yes', retention_days: 90 },
      { enable_widget_logging: 1, retention_days: 90 },
    ]) {
      const res = await save(school, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.detail[0]).toMatchObject({ loc: ['body', 'enable_widget_logging' in body && typeof body.enable_widget_logging !== 'boolean' ? 'enable_widget_logging' : 'retention_days'], msg: expect.any(String), type: expect.any(String) });
    }
    for (const body of ['not json', '[1,2]', '"text"']) {
      const res = await call(setupRoute.PUT, 'PUT', '/setup/settings', { token: school.token, rawBody: body, headers: { 'content-type': 'application/json' } });
      expect(res.status, body).toBeGreaterThanOrEqual(400);
      expect(res.status, body).toBeLessThan(500);
      expect(res.json.detail).toBeDefined();
    }
    expect((await call(setupRoute.GET, 'GET', '/setup/settings', { token: school.token })).json.data.settings).toEqual({ enable_widget_logging: true, retention_days: 180, auto_delete_enabled: true, session_timeout_minutes: 30 });
  });

  it('a school cannot see or clean another school', async () => {
    // Each answer is the caller's own: the thirty-day school sees only its row.
    const ids = [ninety.id, thirty.id];
    const db = await getDb();
    const rows = await db.select({ schoolId: conversations.schoolId }).from(conversations).where(inArray(conversations.schoolId, ids));
    const thirtyOwn = rows.filter((r) => r.schoolId === thirty.id).length;
    expect((await stats(thirty)).json.total_conversations).toBe(thirtyOwn);
    await call(cleanupRoute.POST, 'POST', '/setup/cleanup-old-data', { token: thirty.token });
    expect(await sessionsOf(ninety)).toEqual(['n-inside']);
  });
});
