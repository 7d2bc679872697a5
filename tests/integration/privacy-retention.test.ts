import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as retentionRoute from '@/app/(rest)/privacy/retention/route';
import { getDb, resultRows } from '@/db/client';
import { conversations, crmDeliveries, leads, mailOutbox, prospects } from '@/db/schema';
import { applyPrivacyRetention, DROPPED_BODY } from '@/lib/privacy/retention';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// How long personal data is kept besides conversations: the school's windows for leads and
// prospects (off by default), and 30 days for sent mail bodies and finished CRM payloads; the
// Privacy page's figures say what the next run deletes, and the run deletes exactly that.

let su: string;
let a: StaffSchool;
let b: StaffSchool;

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'retention-root@lantern.test', password: STRONG_PASSWORD, username: 'retroot', first_name: 'R', last_name: 'R' } })).json.access_token;
  a = await staffWithSchool(su, 'keeper@alder.test', 'Alder Retention College');
  b = await staffWithSchool(su, 'keeper@birch.test', 'Birch Retention College');
});

const get = (s: StaffSchool) => call(retentionRoute.GET, 'GET', '/privacy/retention', { token: s.token });
const put = (s: StaffSchool, body: unknown) => call(retentionRoute.PUT, 'PUT', '/privacy/retention', { token: s.token, body });
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const window = (view: { windows: { key: string; days: number | null; next_run: number }[] }, key: string) => view.windows.find((w) => w.key === key)!;

async function lead(schoolId: number, email: string, lastSeenDaysAgo: number) {
  const db = await getDb();
  const session = `retention-${email}`;
  const [l] = await db.insert(leads).values({ schoolId, email, firstName: 'Kept', source: 'chatbot_conversation', sessionId: session, lastInteractionAt: daysAgo(lastSeenDaysAgo) }).returning({ id: leads.id });
  await db.insert(conversations).values({ schoolId, sessionId: session, leadId: l!.id, leadData: { email } });
  return l!.id;
}

describe('privacy retention', () => {
  it('is off for leads and prospects by default, refuses what is not a window, and a user role', async () => {
    const view = await get(a);
    expect(view.status).toBe(200);
    expect(view.json).toMatchObject({ lead_retention_days: null, prospect_retention_days: null });
    expect(view.json.windows.map((w: { key: string }) => w.key)).toEqual(['conversations', 'leads', 'prospects', 'crm_payloads', 'mail_bodies']);
    expect(window(view.json, 'mail_bodies').days).toBe(30);
    for (const [body, field] of [
      [{ lead_retention_days: 0, prospect_retention_days: null }, 'lead_retention_days'],
      [{ lead_retention_days: 3651, prospect_retention_days: null }, 'lead_retention_days'],
      [{ lead_retention_days: null, prospect_retention_days: 'soon' }, 'prospect_retention_days'],
      [{ lead_retention_days: 1.5, prospect_retention_days: null }, 'lead_retention_days'],
    ] as const) {
      const res = await put(a, body);
      expect([field, res.status, res.json.detail[0].loc]).toEqual([field, 422, ['body', field]]);
    }
    expect((await put(a, { lead_retention_days: null })).status).toBe(422);
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'clerk@alder.test', username: 'alderclerk', password: STRONG_PASSWORD, first_name: 'C', last_name: 'L', role: 'user', school_id: a.id } });
    const clerk = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'clerk@alder.test', password: STRONG_PASSWORD } })).json.access_token as string;
    expect((await call(retentionRoute.GET, 'GET', '/privacy/retention', { token: clerk })).status).toBe(403);
    expect((await call(retentionRoute.PUT, 'PUT', '/privacy/retention', { token: clerk, body: { lead_retention_days: 30, prospect_retention_days: null } })).status).toBe(403);
  });

  it('deletes what its figures said, in this school only, and drops old copies', async () => {
    const db = await getDb();
    const stale = await lead(a.id, 'stale@example.org', 45);
    const fresh = await lead(a.id, 'fresh@example.org', 3);
    const elsewhere = await lead(b.id, 'stale-birch@example.org', 45);
    await db.insert(prospects).values([
      { schoolId: a.id, firstName: 'Old', lastName: 'Prospect', email: 'old-prospect@example.org', updatedAt: daysAgo(400) },
      { schoolId: a.id, firstName: 'New', lastName: 'Prospect', email: 'new-prospect@example.org' },
    ]);
    const [oldMail] = await db.insert(mailOutbox).values({ schoolId: a.id, toAddress: 'office@alder.example.edu', subject: 'A visitor asked: Stale Person', textBody: 'stale@example.org asked about fees', kind: 'handoff', status: 'sent', sentAt: daysAgo(31) }).returning({ id: mailOutbox.id });
    const [newMail] = await db.insert(mailOutbox).values({ schoolId: a.id, toAddress: 'office@alder.example.edu', subject: 'A visitor asked: Fresh Person', textBody: 'fresh@example.org asked about fees', kind: 'handoff', status: 'sent', sentAt: daysAgo(2) }).returning({ id: mailOutbox.id });
    const [oldDelivery] = await db.insert(crmDeliveries).values({ schoolId: a.id, leadId: fresh, event: 'lead.created', webhookId: `msg_old_${Date.now()}`, status: 'succeeded', body: '{"email":"fresh@example.org"}', finishedAt: daysAgo(31) }).returning({ id: crmDeliveries.id });

    const saved = await put(a, { lead_retention_days: 30, prospect_retention_days: 365 });
    expect(saved.status).toBe(200);
    expect(window(saved.json, 'leads')).toMatchObject({ days: 30, next_run: 1 });
    expect(window(saved.json, 'prospects')).toMatchObject({ days: 365, next_run: 1 });
    expect(window(saved.json, 'crm_payloads').next_run).toBe(1);
    expect(window(saved.json, 'mail_bodies').next_run).toBeGreaterThanOrEqual(1);
    // Birch keeps its leads: its window is off.
    expect(window((await get(b)).json, 'leads')).toMatchObject({ days: null, next_run: 0 });

    const run = await applyPrivacyRetention();
    expect(run).toMatchObject({ leads: 1, prospects: 1, crm_payloads: 1 });
    const left = (await db.select({ id: leads.id }).from(leads)).map((l) => l.id);
    expect(left).not.toContain(stale);
    expect(left).toEqual(expect.arrayContaining([fresh, elsewhere]));
    const staleConversation = resultRows<{ lead_data: unknown }>(await db.execute(sql`select lead_data from conversations where session_id = 'retention-stale@example.org'`));
    expect(staleConversation).toEqual([{ lead_data: {} }]);
    expect((await db.select({ email: prospects.email }).from(prospects).where(eq(prospects.schoolId, a.id))).map((p) => p.email)).toEqual(['new-prospect@example.org']);
    const mails = await db.select({ id: mailOutbox.id, subject: mailOutbox.subject, text: mailOutbox.textBody }).from(mailOutbox);
    expect(mails.find((m) => m.id === oldMail!.id)).toMatchObject({ subject: 'handoff', text: DROPPED_BODY });
    expect(mails.find((m) => m.id === newMail!.id)!.text).toContain('fresh@example.org');
    expect((await db.select({ body: crmDeliveries.body }).from(crmDeliveries).where(eq(crmDeliveries.id, oldDelivery!.id)))[0]!.body).toBeNull();

    // The figures now say nothing is due, and the change is in the audit log.
    const after = (await get(a)).json;
    expect([window(after, 'leads').next_run, window(after, 'prospects').next_run, window(after, 'crm_payloads').next_run]).toEqual([0, 0, 0]);
    const audit = resultRows<{ details: Record<string, unknown> }>(await db.execute(sql`select details from audit_log where school_id = ${a.id} and action = 'settings.retention_changed'`));
    expect(audit.at(-1)!.details).toEqual({ lead_retention_days: { from: null, to: 30 }, prospect_retention_days: { from: null, to: 365 } });
  });
});
