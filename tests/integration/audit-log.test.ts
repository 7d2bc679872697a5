import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as userRoute from '@/app/(rest)/auth/users/[id]/route';
import * as auditRoute from '@/app/(rest)/audit-log/route';
import * as auditExportRoute from '@/app/(rest)/audit-log/export/route';
import * as leadRoute from '@/app/(rest)/leads/[id]/route';
import * as leadExportRoute from '@/app/(rest)/leads/export/route';
import * as conversationExportRoute from '@/app/(rest)/conversations/export/route';
import * as prospectRoute from '@/app/(rest)/api/prospects/my-school/[id]/route';
import * as keyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as crmRoute from '@/app/(rest)/api/crm-integration/route';
import * as setupRoute from '@/app/(rest)/setup/settings/route';
import * as cleanupRoute from '@/app/(rest)/setup/cleanup-old-data/route';
import * as mySchoolRoute from '@/app/(rest)/schools/my-school/route';
import * as joinRoute from '@/app/(rest)/live/conversations/[id]/join/route';
import { getDb } from '@/db/client';
import { auditLog, conversations, leads, prospects, schools } from '@/db/schema';
import { auditFilterChoices, purgeAuditLog } from '@/lib/audit/service';
import { findUserById } from '@/lib/users/queries';
import { recordAudit } from '@/lib/audit/record';
import { call, STRONG_PASSWORD, unique } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// The audit log: each recorded action leaves one entry with its actor, school and target and no
// visitor's details; who reads which entries; the table is append-only in the database itself.

// A visitor's details that must never reach an entry.
const VISITOR = { first: 'Zephyrine', email: 'zephyrine.marker@visitor.test', phone: '+15550104242' };

let su: string;
let suId: number;
let a: StaffSchool & { email: string; userId: number };
let b: StaffSchool & { email: string; userId: number };
let member: string;

const login = async (email: string, password = STRONG_PASSWORD, headers: Record<string, string> = {}) =>
  call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password }, headers, ip: '203.0.113.77' });

async function school(label: string) {
  const email = `${unique(label)}@lantern.test`;
  const s = await staffWithSchool(su, email, unique(`${label} Audit College `));
  const me = await call(usersRoute.GET, 'GET', '/auth/users', { token: su, query: { limit: 500 } });
  const userId = (me.json.data as { id: number; email: string }[]).find((u) => u.email === email)!.id;
  return { ...s, email, userId };
}

/** The newest entries of an action in a school, straight from the table. */
async function entries(action: string, schoolId: number | null) {
  const db = await getDb();
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), schoolId === null ? sql`true` : eq(auditLog.schoolId, schoolId)))
    .orderBy(sql`${auditLog.id} desc`);
}

const list = (token: string, query: Record<string, string | number> = {}) => call(auditRoute.GET, 'GET', '/audit-log', { token, query });

async function download(token: string, query: Record<string, string>) {
  const url = new URL('http://localhost:3000/audit-log/export');
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const res = await auditExportRoute.GET(new Request(url, { headers: { authorization: `Bearer ${token}` } }), { params: Promise.resolve({}) });
  return { status: res.status, headers: res.headers, text: new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer()) };
}

beforeAll(async () => {
  const reg = await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'audit-root@lantern.test', password: STRONG_PASSWORD, username: 'auditroot', first_name: 'A', last_name: 'R' } });
  su = reg.json.access_token;
  suId = (await call(usersRoute.GET, 'GET', '/auth/users', { token: su })).json.data.find((u: { email: string }) => u.email === 'audit-root@lantern.test').id;
  a = await school('alder');
  b = await school('birch');
  const memberEmail = `${unique('member')}@lantern.test`;
  expect((await call(usersRoute.POST, 'POST', '/auth/users', { token: a.token, body: { email: memberEmail, username: unique('m'), password: STRONG_PASSWORD, first_name: 'M', last_name: 'U', role: 'user', school_id: a.id } })).status).toBe(201);
  member = (await login(memberEmail)).json.access_token;
});

describe('recorded actions', () => {
  it('a sign-in and a failed sign-in, with the client address and the request id, never the password', async () => {
    expect((await login(a.email, STRONG_PASSWORD, { 'x-request-id': 'req-audit-1' })).status).toBe(200);
    const [ok] = await entries('auth.sign_in', a.id);
    expect(ok).toMatchObject({ actorId: a.userId, actorEmail: a.email, schoolId: a.id, targetType: 'user', targetId: String(a.userId), clientAddress: '203.0.113.77', requestId: 'req-audit-1' });

    expect((await login(a.email, 'Wrong-Password-123')).status).toBe(401);
    const [failed] = await entries('auth.sign_in_failed', null);
    expect(failed).toMatchObject({ actorId: null, actorEmail: a.email, schoolId: null, clientAddress: '203.0.113.77' });
    expect(failed!.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(failed)).not.toContain('Wrong-Password-123');
  });

  it('a user created, changed, its role changed and deleted', async () => {
    const email = `${unique('temp')}@lantern.test`;
    const created = await call(usersRoute.POST, 'POST', '/auth/users', { token: a.token, body: { email, username: unique('t'), password: STRONG_PASSWORD, first_name: 'T', last_name: 'P', role: 'user', school_id: a.id } });
    expect(created.status).toBe(201);
    const id = String(created.json.id);
    const params = { id };
    expect((await call(userRoute.PUT, 'PUT', `/auth/users/${id}`, { token: a.token, params, body: { first_name: 'Renamed', role: 'admin' } })).status).toBe(200);
    expect((await call(userRoute.DELETE, 'DELETE', `/auth/users/${id}`, { token: a.token, params })).status).toBe(200);
    const actor = { actorId: a.userId, actorEmail: a.email, schoolId: a.id, targetType: 'user', targetId: id };
    expect((await entries('user.created', a.id))[0]).toMatchObject({ ...actor, details: { role: 'user' } });
    expect((await entries('user.role_changed', a.id))[0]).toMatchObject({ ...actor, details: { from: 'user', to: 'admin' } });
    expect((await entries('user.updated', a.id))[0]).toMatchObject({ ...actor, details: { fields: ['first_name'] } });
    expect((await entries('user.deleted', a.id))[0]).toMatchObject(actor);
  });

  it('leads and conversations exported, a lead and a prospect deleted: no visitor details in any entry', async () => {
    const db = await getDb();
    const [lead] = await db.insert(leads).values({ schoolId: a.id, source: 'chatbot_conversation', firstName: VISITOR.first, email: VISITOR.email, phone: VISITOR.phone }).returning({ id: leads.id });
    await db.insert(conversations).values({ schoolId: a.id, sessionId: unique('s'), status: 'engaged' });
    await db.update(schools).set({ prospectsEnabled: true }).where(eq(schools.id, a.id));
    const [prospect] = await db.insert(prospects).values({ schoolId: a.id, firstName: VISITOR.first, lastName: 'Q', email: VISITOR.email }).returning({ id: prospects.id });

    const exported = await leadExportRoute.GET(new Request(`http://localhost:3000/leads/export?format=csv&search=${VISITOR.first}`, { headers: { authorization: `Bearer ${a.token}` } }), { params: Promise.resolve({}) });
    expect(exported.status).toBe(200);
    expect(await exported.text()).toContain(VISITOR.email);
    const convs = await conversationExportRoute.GET(new Request(`http://localhost:3000/conversations/export?format=jsonl&q=${VISITOR.first}`, { headers: { authorization: `Bearer ${a.token}` } }), { params: Promise.resolve({}) });
    expect(convs.status).toBe(200);
    await convs.text();
    expect((await call(leadRoute.DELETE, 'DELETE', `/leads/${lead!.id}`, { token: a.token, params: { id: String(lead!.id) } })).status).toBe(200);
    expect((await call(prospectRoute.DELETE, 'DELETE', `/api/prospects/my-school/${prospect!.id}`, { token: a.token, params: { id: String(prospect!.id) } })).status).toBe(200);

    const actor = { actorId: a.userId, actorEmail: a.email, schoolId: a.id };
    expect((await entries('leads.exported', a.id))[0]).toMatchObject({ ...actor, details: { format: 'csv', lead_count: 1, filters: { search: true } } });
    expect((await entries('conversations.exported', a.id))[0]).toMatchObject({ ...actor, details: { format: 'jsonl', filters: { search: true } } });
    expect((await entries('lead.deleted', a.id))[0]).toMatchObject({ ...actor, targetType: 'lead', targetId: String(lead!.id) });
    expect((await entries('prospect.deleted', a.id))[0]).toMatchObject({ ...actor, targetType: 'prospect', targetId: String(prospect!.id) });

    const everything = JSON.stringify(await db.select().from(auditLog));
    for (const marker of [VISITOR.first, VISITOR.email, VISITOR.phone]) expect(everything).not.toContain(marker);
  });

  it('the widget key regenerated, the CRM integration changed, logging and retention settings changed', async () => {
    expect((await call(keyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: a.token })).status).toBe(200);
    expect((await call(crmRoute.POST, 'POST', '/api/crm-integration', { token: a.token, body: { integration_name: 'Slate', webhook_url: 'https://crm.example.com/hook', auth_type: 'bearer', auth_value: 'secret-token-value' } })).status).toBe(201);
    expect((await call(crmRoute.PUT, 'PUT', '/api/crm-integration', { token: a.token, body: { enabled: false } })).status).toBe(200);
    expect((await call(crmRoute.DELETE, 'DELETE', '/api/crm-integration', { token: a.token })).status).toBe(200);
    expect((await call(setupRoute.PUT, 'PUT', '/setup/settings', { token: a.token, body: { enable_widget_logging: false, retention_days: 30 } })).status).toBe(200);

    const actor = { actorId: a.userId, actorEmail: a.email, schoolId: a.id };
    expect((await entries('widget.key_regenerated', a.id))[0]).toMatchObject({ ...actor, targetType: 'school', targetId: String(a.id) });
    const crm = await entries('crm.integration_changed', a.id);
    expect(crm.map((e) => (e.details as { change: string }).change)).toEqual(['deleted', 'updated', 'created']);
    expect(crm[2]).toMatchObject({ ...actor, targetType: 'crm_integration', details: { fields: ['auth_type', 'auth_value', 'integration_name', 'webhook_url'] } });
    expect(JSON.stringify(crm)).not.toContain('secret-token-value');
    expect((await entries('settings.logging_changed', a.id))[0]).toMatchObject({ ...actor, details: { enable_widget_logging: { from: true, to: false } } });
    expect((await entries('settings.retention_changed', a.id))[0]).toMatchObject({ ...actor, details: { retention_days: { from: 90, to: 30 }, auto_delete_enabled: { from: false, to: true } } });
  });

  it("old conversations deleted now, and a school deleted: who did it, and what went", async () => {
    const c = await school('cedar');
    const cleaned = await call(cleanupRoute.POST, 'POST', '/setup/cleanup-old-data', { token: c.token });
    expect(cleaned.status).toBe(200);
    expect((await entries('conversations.deleted', c.id))[0]).toMatchObject({ actorEmail: c.email, targetType: 'school', details: { deleted_conversations: 0, deleted_messages: 0, retention_days: 90 } });
    expect((await call(mySchoolRoute.DELETE, 'DELETE', '/schools/my-school', { token: c.token })).status).toBe(200);
    // The entry outlives the school it names (the table has no foreign keys).
    expect((await entries('school.deleted', c.id))[0]).toMatchObject({ actorEmail: c.email, targetType: 'school', targetId: String(c.id) });
  });

  it('a staff member joining a live conversation (once: joining again is not a new entry)', async () => {
    const db = await getDb();
    const [c] = await db.insert(conversations).values({ schoolId: a.id, sessionId: unique('live'), status: 'engaged', liveStatus: 'waiting', liveWaitingSince: new Date() }).returning({ id: conversations.id });
    const join = () => call(joinRoute.POST, 'POST', `/live/conversations/${c!.id}/join`, { token: a.token, params: { id: String(c!.id) } });
    expect((await join()).status).toBe(200);
    expect((await join()).status).toBe(200);
    const joined = (await entries('live.joined', a.id)).filter((e) => e.targetId === String(c!.id));
    expect(joined).toHaveLength(1);
    expect(joined[0]).toMatchObject({ actorId: a.userId, targetType: 'conversation' });
  });

  it('an action that fails records nothing: the entry is written in its transaction', async () => {
    const before = (await entries('lead.deleted', a.id)).length;
    expect((await call(leadRoute.DELETE, 'DELETE', '/leads/999999', { token: a.token, params: { id: '999999' } })).status).toBe(404);
    expect((await entries('lead.deleted', a.id)).length).toBe(before);
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await recordAudit({ action: 'lead.deleted', actor: null, schoolId: a.id, target: { type: 'lead', id: 424242 } }, tx);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await entries('lead.deleted', a.id)).some((e) => e.targetId === '424242')).toBe(false);
  });
});

describe('reading the log', () => {
  it('a user role gets 403 on every audit call', async () => {
    expect((await list(member)).status).toBe(403);
    expect((await download(member, { format: 'csv' })).status).toBe(403);
    expect((await list(member)).json).toEqual({ detail: expect.any(String), code: 'forbidden' });
  });

  it("a school admin reads their own school's entries only; another school's id is 403", async () => {
    await login(b.email);
    const own = await list(a.token, { page_size: 500 });
    expect(own.status).toBe(200);
    expect(own.json.total).toBeGreaterThan(5);
    expect(new Set(own.json.entries.map((e: { school_id: number }) => e.school_id))).toEqual(new Set([a.id]));
    expect((await list(a.token, { school_id: b.id })).status).toBe(403);
    expect((await list(b.token, { page_size: 500 })).json.entries.every((e: { school_id: number }) => e.school_id === b.id)).toBe(true);
  });

  it('a superuser reads every school and narrows by school, action, actor and dates; pages', async () => {
    const all = await list(su, { page_size: 500 });
    const schoolsSeen = new Set(all.json.entries.map((e: { school_id: number | null }) => e.school_id));
    expect(schoolsSeen.has(a.id) && schoolsSeen.has(b.id) && schoolsSeen.has(null)).toBe(true);
    const onlyB = await list(su, { school_id: b.id });
    expect(onlyB.json.entries.length).toBeGreaterThan(0);
    expect(onlyB.json.entries.every((e: { school_id: number }) => e.school_id === b.id)).toBe(true);

    const signIns = await list(su, { action: 'auth.sign_in', actor_id: a.userId });
    expect(signIns.json.entries.length).toBeGreaterThan(0);
    expect(signIns.json.entries.every((e: { action: string; actor_id: number }) => e.action === 'auth.sign_in' && e.actor_id === a.userId)).toBe(true);

    const today = new Date().toISOString().slice(0, 10);
    expect((await list(su, { from: today, to: today })).json.total).toBe(all.json.total);
    expect((await list(su, { to: '2000-01-01' })).json.total).toBe(0);

    const page1 = await list(su, { page_size: 2, page: 1 });
    const page2 = await list(su, { page_size: 2, page: 2 });
    expect(page1.json.entries).toHaveLength(2);
    expect(page2.json.entries[0].id).toBeLessThan(page1.json.entries[1].id);
    expect(page1.json.total).toBe(all.json.total);
    expect(suId).toBeGreaterThan(0);
  });

  it("the screen's filter choices: the actors of the caller's entries; every school for a superuser only", async () => {
    const admin = (await findUserById(a.userId))!;
    const own = await auditFilterChoices({ user: admin, role: 'admin', schoolId: a.id });
    expect(own.actors.map((x) => x.email)).toContain(a.email);
    expect(own.actors.map((x) => x.email)).not.toContain(b.email);
    expect(own.schools).toEqual([]);
    const root = (await findUserById(suId))!;
    const all = await auditFilterChoices({ user: root, role: 'superuser', schoolId: null });
    expect(all.actors.map((x) => x.email)).toEqual(expect.arrayContaining([a.email, b.email]));
    expect(all.schools.map((x) => x.id)).toEqual(expect.arrayContaining([a.id, b.id]));
  });

  it('exports as CSV and JSON Lines, with the filters, and records the export', async () => {
    const csv = await download(a.token, { format: 'csv', action: 'user.created' });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toMatch(/audit-log-\d{4}-\d{2}-\d{2}\.csv/);
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('id,at,actor_id,actor_email,school_id,action,target_type,target_id,client_address,request_id,details');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(',user.created,'))).toBe(true);

    const jsonl = await download(su, { format: 'jsonl', school_id: String(b.id) });
    const rows = jsonl.text.trim().split('\n').map((l) => JSON.parse(l));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.school_id === b.id)).toBe(true);
    expect((await entries('audit_log.exported', a.id))[0]).toMatchObject({ actorId: a.userId, details: { format: 'csv' } });
  });

  it('bad query parameters answer 422 in the FastAPI shape', async () => {
    const bad: Record<string, string | number>[] = [{ action: 'nope' }, { actor_id: 'x' }, { from: '2026-13-40' }, { from: '2026-02-02', to: '2026-02-01' }, { page: 0 }, { page_size: 100000 }, { school_id: '-1' }];
    for (const query of bad) {
      const res = await list(a.token, query);
      expect(res.status, JSON.stringify(query)).toBe(422);
      expect(res.json.detail[0]).toMatchObject({ loc: expect.arrayContaining(['query']), msg: expect.any(String) });
    }
    expect((await download(a.token, { format: 'xml' })).status).toBe(422);
  });
});

describe('append-only', () => {
  it('the database refuses UPDATE and DELETE on the table', async () => {
    const db = await getDb();
    await expect(db.execute(sql`update audit_log set action = 'tampered'`)).rejects.toThrow();
    await expect(db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(db.delete(auditLog).where(eq(auditLog.schoolId, a.id))).rejects.toThrow();
    expect((await entries('tampered', null)).length).toBe(0);
    expect((await entries('auth.sign_in', a.id)).length).toBeGreaterThan(0);
  });

  it('the retention purge deletes only entries older than the period', async () => {
    const db = await getDb();
    const [old] = await db.insert(auditLog).values({ action: 'lead.deleted', schoolId: a.id, at: sql`now() - interval '401 days'` }).returning({ id: auditLog.id });
    const [recent] = await db.insert(auditLog).values({ action: 'lead.deleted', schoolId: a.id, at: sql`now() - interval '399 days'` }).returning({ id: auditLog.id });
    const result = await purgeAuditLog(400);
    expect(result).toEqual({ deleted: 1, retention_days: 400 });
    const left = await db.select({ id: auditLog.id }).from(auditLog).where(sql`${auditLog.id} in (${old!.id}, ${recent!.id})`);
    expect(left.map((r) => r.id)).toEqual([recent!.id]);
    // The purge's setting lasts for its own transaction only.
    await expect(db.execute(sql`delete from audit_log where id = ${recent!.id}`)).rejects.toThrow();
  });

  it('no route changes or deletes an entry', async () => {
    const routes = [auditRoute, auditExportRoute] as Record<string, unknown>[];
    for (const r of routes) for (const m of ['POST', 'PUT', 'PATCH', 'DELETE']) expect(r[m]).toBeUndefined();
  });
});
