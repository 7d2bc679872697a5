import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as crmRoute from '@/app/(rest)/api/crm-integration/route';
import * as replayRoute from '@/app/(rest)/api/crm-integration/deliveries/[id]/replay/route';
import * as deliveriesRoute from '@/app/(rest)/api/crm-integration/deliveries/route';
import * as existingRoute from '@/app/(rest)/api/crm-integration/existing-leads/route';
import * as rotateRoute from '@/app/(rest)/api/crm-integration/secret/rotate/route';
import * as testRoute from '@/app/(rest)/api/crm-integration/test/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, crmDeliveries, crmIntegrations, jobs, mailOutbox } from '@/db/schema';
import { conversationReference } from '@/lib/conversations/reference';
import { crmRetryDelayMs } from '@/lib/crm/retry';
import { drainJobs } from '@/lib/jobs/runner';
import { saveLead } from '@/lib/leads/save';
import { leadTranscript } from '@/lib/leads/transcript';
import { startCrmReceiver, type CrmReceiver } from '../fixtures/crm-receiver';
import { call, STRONG_PASSWORD, unique } from './http';
import { staffWithSchool, type StaffSchool } from './staff';
import { background } from '@/background';

// The CRM integration API, and signed, mapped, retried lead delivery to a local receiver
// that verifies every signature with the Standard Webhooks reference library.

let su: string;
let receiver: CrmReceiver;
const AUTH_SECRET_VALUE = 'sk-live-very-secret-token-4242';

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'crmroot@lantern.test', password: STRONG_PASSWORD, username: 'crmroot', first_name: 'C', last_name: 'R' } })).json.access_token;
  receiver = await startCrmReceiver();
  process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${receiver.port}`;
  process.env.CRM_RETRY_BASE_MS = '20';
});

afterEach(() => {
  receiver.received.length = 0;
  receiver.script.length = 0;
  receiver.fallback = { status: 200, body: '{"ok":true}' };
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  delete process.env.CRM_RETRY_BASE_MS;
  await receiver.close();
});

const school = () => staffWithSchool(su, `${unique('crm')}@lantern.test`, unique('CRM College '));
const get = (s: StaffSchool) => call(crmRoute.GET, 'GET', '/api/crm-integration', { token: s.token });
const create = (s: StaffSchool, body: unknown) => call(crmRoute.POST, 'POST', '/api/crm-integration', { token: s.token, body });
const put = (s: StaffSchool, body: unknown) => call(crmRoute.PUT, 'PUT', '/api/crm-integration', { token: s.token, body });
const deliveries = (s: StaffSchool) => call(deliveriesRoute.GET, 'GET', '/api/crm-integration/deliveries', { token: s.token });
const replay = (s: StaffSchool, id: number) => call(replayRoute.POST, 'POST', `/api/crm-integration/deliveries/${id}/replay`, { token: s.token, params: { id: String(id) } });

/** A school with a working integration pointed at the receiver (whose secret is set to verify it). */
async function connected(extra: Record<string, unknown> = {}) {
  const s = await school();
  const res = await create(s, { integration_name: 'Slate', webhook_url: receiver.url, ...extra });
  expect(res.status).toBe(201);
  receiver.secret = res.json.signing_secret;
  return s;
}

let sessions = 0;
const lead = (schoolId: number, data: Record<string, unknown> = { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', gpa: 3.9 }, sessionId = `crm-session-${++sessions}`) =>
  saveLead({ schoolId, sessionId, source: 'chatbot_conversation', data, isTest: false });

/** Runs every queued job, whatever its due time (the retry waits are minutes long at full scale). */
const runAll = () => drainJobs(background, { now: new Date(Date.now() + 24 * 3600_000) });

describe('the integration API', () => {
  it('creates with the defaults, masks the auth value, updates partially and labels the status', async () => {
    const s = await school();
    expect((await get(s)).status).toBe(404);
    const created = await create(s, { integration_name: 'HubSpot', webhook_url: 'https://crm.example.com/hook', auth_type: 'bearer', auth_value: AUTH_SECRET_VALUE });
    expect(created.status).toBe(201);
    expect(created.json).toMatchObject({
      integration_name: 'HubSpot', enabled: true, http_method: 'POST', retry_failed: true, max_retry_attempts: 3, test_mode: false,
      auth_type: 'bearer', auth_value: '********', status: 'Ready', field_mapping: {}, last_test_success: null,
    });
    expect(created.json.signing_secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    expect(JSON.stringify(created.json)).not.toContain(AUTH_SECRET_VALUE);
    expect((await create(s, { integration_name: 'Again' })).status).toBe(409);

    const mapped = await put(s, { field_mapping: { FirstName: '{{first_name}}', Score: '{{gpa}}', Channel: 'Website chat', '': 'dropped', Empty: '' } });
    expect(mapped.status).toBe(200);
    expect(mapped.json.field_mapping).toEqual({ FirstName: '{{first_name}}', Score: '{{gpa}}', Channel: 'Website chat' });
    expect(mapped.json.integration_name).toBe('HubSpot');
    // The masked value sent back keeps the stored one.
    await put(s, { auth_value: '********' });
    const [row] = await (await getDb()).select().from(crmIntegrations).where(eq(crmIntegrations.schoolId, s.id));
    expect(row!.authValueSealed).toBeTruthy();
    expect(row!.authValueSealed).not.toContain(AUTH_SECRET_VALUE);

    expect((await put(s, { webhook_url: null })).json.status).toBe('Incomplete setup');
    expect((await put(s, { enabled: false })).json.status).toBe('Disabled');
    const rotated = await call(rotateRoute.POST, 'POST', '/api/crm-integration/secret/rotate', { token: s.token });
    expect(rotated.json.signing_secret).not.toBe(created.json.signing_secret);
    expect((await call(crmRoute.DELETE, 'DELETE', '/api/crm-integration', { token: s.token })).status).toBe(200);
    expect((await get(s)).status).toBe(404);
  });

  it('refuses bad input with 422 naming the field, and saves nothing', async () => {
    const s = await school();
    expect((await create(s, { integration_name: 'Base', webhook_url: 'https://crm.example.com/hook' })).status).toBe(201);
    const cases: [Record<string, unknown>, (string | number)[]][] = [
      [{ webhook_url: 'ftp://crm.example.com/hook' }, ['body', 'webhook_url']],
      [{ webhook_url: 'http://10.1.2.3/hook' }, ['body', 'webhook_url']],
      [{ webhook_url: 'http://localhost:8080/hook' }, ['body', 'webhook_url']],
      [{ webhook_url: 'https://user:pw@crm.example.com/hook' }, ['body', 'webhook_url']],
      [{ max_retry_attempts: 0 }, ['body', 'max_retry_attempts']],
      [{ max_retry_attempts: 6 }, ['body', 'max_retry_attempts']],
      [{ auth_type: 'oauth' }, ['body', 'auth_type']],
      [{ field_mapping: { Name: '{{favourite_colour}}' } }, ['body', 'field_mapping', 'Name']],
      [{ custom_headers: { 'Bad Header': 'x' } }, ['body', 'custom_headers', 'Bad Header']],
      [{ custom_headers: { Host: 'evil.example' } }, ['body', 'custom_headers', 'Host']],
      [{ custom_headers: { 'Content-Length': '5' } }, ['body', 'custom_headers', 'Content-Length']],
      [{ auth_type: 'basic', auth_value: 'no-colon' }, ['body', 'auth_value']],
      [{ error_notification_email: 'not-an-email' }, ['body', 'error_notification_email']],
      [{ surprise: true }, ['body']],
    ];
    for (const [body, loc] of cases) {
      const res = await put(s, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(res.json.detail.map((d: { loc: unknown[] }) => d.loc), JSON.stringify(body)).toContainEqual(loc);
    }
    expect((await get(s)).json).toMatchObject({ webhook_url: 'https://crm.example.com/hook', max_retry_attempts: 3, auth_type: 'none', field_mapping: {}, custom_headers: {} });
  });

  it("never shows or changes another school's integration or deliveries (404)", async () => {
    const a = await connected();
    const b = await school();
    await lead(a.id);
    await runAll();
    const [d] = (await deliveries(a)).json.items;
    expect(d).toBeTruthy();
    expect((await get(b)).status).toBe(404);
    expect((await put(b, { integration_name: 'Mine' })).status).toBe(404);
    expect((await call(testRoute.POST, 'POST', '/api/crm-integration/test', { token: b.token })).status).toBe(404);
    expect((await deliveries(b)).json).toMatchObject({ items: [], total: 0 });
    expect((await replay(b, d.id)).status).toBe(404);
    expect((await get(a)).json.integration_name).toBe('Slate');
  });

  it('answers 401 without a token', async () => {
    expect((await call(crmRoute.GET, 'GET', '/api/crm-integration')).status).toBe(401);
    expect((await call(deliveriesRoute.GET, 'GET', '/api/crm-integration/deliveries')).status).toBe(401);
  });
});

describe('Test Connection', () => {
  it('sends a signed sample built from the mapping and records the outcome', async () => {
    const s = await connected({ auth_type: 'bearer', auth_value: AUTH_SECRET_VALUE, field_mapping: { email: '{{email}}', year: '{{graduation_year}}', note: 'Lead of {{first_name}} {{last_name}}' } });
    const ok = await call(testRoute.POST, 'POST', '/api/crm-integration/test', { token: s.token });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ success: true, status_code: 200, response_body: '{"ok":true}', error_details: null });
    expect(ok.json.sent_data).toEqual({ email: 'jane.doe@example.com', year: expect.any(Number), note: 'Lead of Jane Doe' });
    expect(ok.json.sent_headers.Authorization).toBe('********');
    expect(JSON.stringify(ok.json)).not.toContain(AUTH_SECRET_VALUE);
    expect(receiver.received[0]!.verifyError).toBeNull();
    expect(receiver.received[0]!.headers['x-lantern-event']).toBe('test');
    expect((await get(s)).json.status).toBe('Working');

    receiver.fallback = { status: 500, body: 'x'.repeat(5000) };
    const failed = await call(testRoute.POST, 'POST', '/api/crm-integration/test', { token: s.token });
    expect(failed.json).toMatchObject({ success: false, message: 'Test failed', status_code: 500, error_details: 'The CRM answered HTTP 500' });
    expect(failed.json.response_body).toHaveLength(2048);
    expect((await get(s)).json.status).toBe('Connection failed');
  });
});

describe('lead delivery', () => {
  it('sends one signed, mapped delivery per lead, type-preserving, then lead.updated on a change', async () => {
    const s = await connected({ field_mapping: { FirstName: '{{first_name}}', GPA: '{{gpa}}', Source: 'Lantern', History: '{{chat_history}}', Conversation: '{{conversation_id}}' } });
    const sessionId = unique('sess-');
    const db = await getDb();
    const [conv] = await db.insert(conversations).values({ schoolId: s.id, sessionId }).returning();
    await db.insert(conversationMessages).values([
      { conversationId: conv!.id, schoolId: s.id, position: 0, role: 'user', content: 'Do you have nursing?' },
      { conversationId: conv!.id, schoolId: s.id, position: 1, role: 'assistant', content: 'Yes, a BSN.' },
    ]);
    const saved = await lead(s.id, { first_name: 'Ana', email: 'ana@example.com', gpa: 3.9 }, sessionId);
    // The delivery and its job were written with the lead.
    expect(await db.select().from(crmDeliveries).where(eq(crmDeliveries.leadId, saved.id))).toHaveLength(1);
    await runAll();
    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0]!;
    expect(got.verifyError).toBeNull();
    expect(got.headers['x-lantern-event']).toBe('lead.created');
    // chat_history is the Leads page's plain-text transcript of the lead's conversation.
    expect(got.verified).toEqual({ FirstName: 'Ana', GPA: 3.9, Source: 'Lantern', History: await leadTranscript(s.id, saved.id), Conversation: conv!.id });
    expect((got.verified as { History: string }).History).toMatch(/Visitor: Do you have nursing\?\n+Assistant: Yes, a BSN\./);

    await lead(s.id, { last_name: 'Lopez' }, sessionId);
    await runAll();
    expect(receiver.received).toHaveLength(2);
    expect(receiver.received[1]!.headers['x-lantern-event']).toBe('lead.updated');
    expect(receiver.received[1]!.headers['webhook-id']).not.toBe(got.headers['webhook-id']);
    const list = (await deliveries(s)).json;
    expect(list.total).toBe(2);
    expect(list.items[0]).toMatchObject({ status: 'succeeded', attempts: 1, last_status_code: 200, lead_id: saved.id, event: 'lead.updated' });
  });

  it('offers the leads saved before the CRM was connected, and sends them once; deliveries name each lead', async () => {
    const s = await school();
    const unsent = (as: StaffSchool = s) => call(existingRoute.GET, 'GET', '/api/crm-integration/existing-leads', { token: as.token });
    const sendExisting = (as: StaffSchool = s) => call(existingRoute.POST, 'POST', '/api/crm-integration/existing-leads', { token: as.token });
    const before = [await lead(s.id, { first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com' }), await lead(s.id, { email: 'kim@example.com' })];
    await saveLead({ schoolId: s.id, sessionId: unique('t-'), source: 'chatbot_conversation', data: { email: 'staff@example.com' }, isTest: true });
    // Nothing to send to yet.
    expect((await unsent()).json).toEqual({ unsent: 2 });
    expect((await sendExisting()).status).toBe(404);
    const created = await create(s, { integration_name: 'Slate', webhook_url: receiver.url, enabled: false });
    receiver.secret = created.json.signing_secret;
    expect((await sendExisting()).status).toBe(409);
    expect((await put(s, { enabled: true })).status).toBe(200);

    // Another school sees none of these and sends none of them.
    const other = await connected();
    expect((await unsent(other)).json).toEqual({ unsent: 0 });
    expect((await sendExisting(other)).json).toMatchObject({ queued: 0 });

    receiver.secret = created.json.signing_secret;
    const sent = await sendExisting();
    expect(sent.status).toBe(200);
    expect(sent.json).toEqual({ queued: 2, message: '2 existing leads queued for the CRM' });
    expect((await unsent()).json).toEqual({ unsent: 0 });
    // Once: asking again queues nothing.
    expect((await sendExisting()).json).toMatchObject({ queued: 0 });
    await runAll();
    expect(receiver.received.map((r) => (r.verified as { id: number }).id).sort()).toEqual(before.map((l) => l.id).sort());
    expect(receiver.received.every((r) => r.verifyError === null && r.headers['x-lantern-event'] === 'lead.created')).toBe(true);
    const names = (await deliveries(s)).json.items.map((d: { lead_name: string }) => d.lead_name).sort();
    expect(names).toEqual(['Ana Lopez', 'kim@example.com']);
  });

  it('sends the whole lead when the mapping is empty, and nothing for test leads', async () => {
    const s = await connected();
    await saveLead({ schoolId: s.id, sessionId: unique('t-'), source: 'chatbot_conversation', data: { email: 'staff@example.com' }, isTest: true });
    const saved = await lead(s.id);
    await runAll();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toMatchObject({ id: saved.id, first_name: 'Ana', last_name: 'Lopez', email: 'ana@example.com', gpa: 3.9, source: 'chatbot_conversation' });
  });

  it("carries the conversation's reference as session_id, never the visitor's session id", async () => {
    const s = await connected();
    const sessionId = unique('crm-visitor-');
    const db = await getDb();
    const [conv] = await db.insert(conversations).values({ schoolId: s.id, sessionId }).returning();
    await db.insert(conversationMessages).values({ conversationId: conv!.id, schoolId: s.id, position: 0, role: 'user', content: 'Can I visit campus?' });
    const saved = await lead(s.id, { first_name: 'Ana', email: 'ana@example.com' }, sessionId);
    await lead(s.id, { last_name: 'Lopez' }, sessionId);
    await runAll();
    // lead.created (carrying the change made before its first attempt), or created then updated.
    expect(receiver.received.length).toBeGreaterThanOrEqual(1);
    for (const got of receiver.received) {
      expect(got.verifyError).toBeNull();
      expect(got.verified).toMatchObject({ id: saved.id, session_id: conversationReference(sessionId), conversation_id: conv!.id });
      expect(got.body).not.toContain(sessionId);
      expect(JSON.stringify(got.headers)).not.toContain(sessionId);
    }
    // Test Connection's sample has a reference of the same form.
    const sample = await call(testRoute.POST, 'POST', '/api/crm-integration/test', { token: s.token });
    expect(sample.json.sent_data.session_id).toMatch(/^c-[0-9a-f]{20}$/);
  });

  it('retries a failing CRM: failing twice then succeeding is one lead delivered in three attempts under one webhook-id', async () => {
    const s = await connected();
    receiver.script = [{ status: 500 }, { status: 503 }];
    await lead(s.id);
    await runAll();
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(receiver.received.every((r) => r.verifyError === null)).toBe(true);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const [d] = (await deliveries(s)).json.items;
    expect(d).toMatchObject({ status: 'succeeded', attempts: 3, last_status_code: 200 });
    expect(d.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 503, 200]);
  });

  it('loses nothing while the CRM is down: one failure e-mail, and a replay delivers later', async () => {
    const s = await connected({ max_retry_attempts: 5, error_notification_email: 'ops@alder.test' });
    receiver.fallback = { status: 502, body: 'bad gateway' };
    await lead(s.id);
    await runAll();
    expect(receiver.received).toHaveLength(5);
    const [d] = (await deliveries(s)).json.items;
    expect(d).toMatchObject({ status: 'failed', attempts: 5, last_status_code: 502, next_attempt_at: null });
    const mails = await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ops@alder.test'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain('CRM delivery failed');

    receiver.fallback = { status: 200, body: '{"ok":true}' };
    expect((await replay(s, d.id)).status).toBe(200);
    await runAll();
    expect(receiver.received).toHaveLength(6);
    expect(receiver.received[5]!.headers['webhook-id']).toBe(receiver.received[0]!.headers['webhook-id']);
    expect((await deliveries(s)).json.items[0]).toMatchObject({ status: 'succeeded', attempts: 6 });
  });

  it('follows the Standard Webhooks schedule scaled by CRM_RETRY_BASE_MS, and honours Retry-After', async () => {
    expect([1, 2, 3, 4].map((n) => crmRetryDelayMs(n, () => 0.5))).toEqual([20, 1200, 7200, 28800]);
    expect(crmRetryDelayMs(1, () => 0)).toBe(18);
    expect(crmRetryDelayMs(1, () => 1)).toBe(22);
    const s = await connected();
    receiver.script = [{ status: 429, headers: { 'Retry-After': '120' } }];
    await lead(s.id);
    const before = Date.now();
    await drainJobs(background);
    const [d] = (await deliveries(s)).json.items;
    expect(d.status).toBe('pending');
    const wait = new Date(d.next_attempt_at).getTime() - before;
    expect(wait).toBeGreaterThan(115_000);
    expect(wait).toBeLessThan(125_000);
    await runAll();
    expect((await deliveries(s)).json.items[0]).toMatchObject({ status: 'succeeded', attempts: 2 });
  });

  it('switches the integration off when the CRM answers 410 Gone', async () => {
    const s = await connected();
    receiver.script = [{ status: 410 }];
    await lead(s.id);
    await runAll();
    expect(receiver.received).toHaveLength(1);
    const integration = (await get(s)).json;
    expect(integration).toMatchObject({ enabled: false, status: 'Disabled' });
    expect(integration.disabled_reason).toContain('410');
    expect((await deliveries(s)).json.items[0]).toMatchObject({ status: 'failed', attempts: 1, last_status_code: 410 });
    // No more deliveries are queued while it is off.
    await lead(s.id);
    await runAll();
    expect(receiver.received).toHaveLength(1);
    expect((await replay(s, (await deliveries(s)).json.items[0].id)).status).toBe(409);
  });

  it('sends each kind of authentication and the custom headers', async () => {
    const kinds: [string, string, (h: Record<string, unknown>) => void][] = [
      ['bearer', 'tok-123', (h) => expect(h.authorization).toBe('Bearer tok-123')],
      ['api_key', 'key-456', (h) => expect(h['x-api-key']).toBe('key-456')],
      ['basic', 'alice:pa:ss', (h) => expect(h.authorization).toBe(`Basic ${Buffer.from('alice:pa:ss').toString('base64')}`)],
    ];
    for (const [auth_type, auth_value, check] of kinds) {
      const s = await connected({ auth_type, auth_value, http_method: 'PUT', custom_headers: { 'X-Tenant': 'alder', '': 'dropped' } });
      await lead(s.id);
      await runAll();
      const got = receiver.received.at(-1)!;
      check(got.headers);
      expect(got.method).toBe('PUT');
      expect(got.headers['x-tenant']).toBe('alder');
      expect(got.verifyError).toBeNull();
    }
  });

  it('in test mode sends the event as test', async () => {
    const s = await connected({ test_mode: true });
    await lead(s.id);
    await runAll();
    expect(receiver.received[0]!.headers['x-lantern-event']).toBe('test');
    expect((await deliveries(s)).json.items[0]).toMatchObject({ status: 'succeeded', test_mode: true });
  });

  it('carries a change made before the first attempt in the same delivery', async () => {
    const s = await connected();
    const sessionId = unique('quick-');
    await lead(s.id, { first_name: 'Bo', email: 'bo@example.com' }, sessionId);
    await lead(s.id, { phone: '+1 555 0199' }, sessionId);
    await runAll();
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toMatchObject({ first_name: 'Bo', phone: '+1 555 0199' });
  });

  it('writes no secret to the logs or the API answers', async () => {
    const lines: string[] = [];
    const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((m) => vi.spyOn(console, m).mockImplementation((...args: unknown[]) => void lines.push(args.map(String).join(' '))));
    try {
      const s = await connected({ auth_type: 'bearer', auth_value: AUTH_SECRET_VALUE, error_notification_email: 'ops@birch.test', max_retry_attempts: 1 });
      receiver.fallback = { status: 500 };
      await lead(s.id);
      await runAll();
      const answers = [await get(s), await deliveries(s), await call(testRoute.POST, 'POST', '/api/crm-integration/test', { token: s.token }), await put(s, { integration_name: 'Renamed' })];
      for (const a of answers) expect(JSON.stringify(a.json)).not.toContain(AUTH_SECRET_VALUE);
      expect(receiver.received[0]!.headers.authorization).toBe(`Bearer ${AUTH_SECRET_VALUE}`);
      const stored = await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.toAddress, 'ops@birch.test'));
      expect(stored[0]!.textBody).not.toContain(AUTH_SECRET_VALUE);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(lines.join('\n')).not.toContain(AUTH_SECRET_VALUE);
  });

  it('leaves no job behind once deliveries settle', async () => {
    const db = await getDb();
    await runAll();
    expect(await db.select().from(jobs).where(and(eq(jobs.name, 'crm_delivery'), eq(jobs.status, 'pending')))).toEqual([]);
  });
});
