import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as crmRoute from '@/app/(rest)/api/crm-integration/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as generateKeyRoute from '@/app/(rest)/chatbot/generate-api-key/route';
import * as analyticsRoute from '@/app/(rest)/conversations/analytics/route';
import * as conversationsRoute from '@/app/(rest)/conversations/route';
import * as contactRoute from '@/app/(rest)/schools/my-school/contact/route';
import * as tuitionRoute from '@/app/(rest)/schools/my-school/tuition/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import * as streamRoute from '@/app/(rest)/api/widget/chat/stream/route';
import * as configRoute from '@/app/(rest)/api/widget/config/route';
import * as handoffRoute from '@/app/(rest)/api/widget/handoff/route';
import * as personaInfoRoute from '@/app/(rest)/api/widget/persona-info/route';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, leads, mailOutbox } from '@/db/schema';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import type { AuthContext } from '@/lib/auth/accounts';
import { recentHandoffRequests } from '@/lib/chat/handoff';
import { mailState } from '@/lib/mail/health';
import { conversationReference as ref } from '@/lib/conversations/reference';
import { call, STRONG_PASSWORD, visitorCall } from './http';

// Visitors' languages (the model is asked for the visitor's language; the built-in model
// says in it that answers come in English) and reaching a person (lead, flag, outbox mail).

type Sent = { messages: { role: string; content: string }[] };
const sent: Sent[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  // A small OpenAI-compatible server (as OpenAI, Ollama or vLLM would answer), non-streaming.
  server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw);
      sent.push({ messages: body.messages });
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion',
          created: 1795000000,
          model: 'tiny-chat',
          choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: 'La matrícula es de $24,500 al año.' } }],
          usage: { prompt_tokens: 9, completion_tokens: 9, total_tokens: 18 },
        }),
      );
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  await new Promise((r) => server.close(r));
});
afterEach(() => {
  vi.unstubAllEnvs();
  resetMemoryLimits();
});

let token: string;
let otherToken: string;
let key: string;
let otherKey: string;
let schoolId: number;

async function account(su: string, email: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'A', last_name: 'S' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

beforeAll(async () => {
  const su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'vis@lantern.test', password: STRONG_PASSWORD, username: 'visroot', first_name: 'V', last_name: 'R' } })).json.access_token;
  token = await account(su, 'vera@lantern.test');
  otherToken = await account(su, 'otto@lantern.test');
  schoolId = (await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Riverside College' } })).json.id;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: otherToken, body: { name: 'Other College' } });
  await call(tuitionRoute.PATCH, 'PATCH', '/schools/my-school/tuition', { token, body: { tuition_info: 'Undergraduate tuition is $24,500 per year.' } });
  await call(contactRoute.PATCH, 'PATCH', '/schools/my-school/contact', { token, body: { contact_points: [{ name: 'Office of Admissions', email: 'admissions@riverside.example.edu', phone: '+1 555 010 0100' }] } });
  key = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token })).json.api_key;
  otherKey = (await call(generateKeyRoute.POST, 'POST', '/chatbot/generate-api-key', { token: otherToken })).json.api_key;
});

const chat = (body: Record<string, unknown>, k = key) => visitorCall(chatRoute.POST, 'POST', '/api/widget/chat', k, { body });
const handoff = (body: Record<string, unknown>, k = key) => visitorCall(handoffRoute.POST, 'POST', '/api/widget/handoff', k, { body });
const listed = async (session: string, as = token) => (await call(conversationsRoute.GET, 'GET', '/conversations/', { token: as })).json.find((c: { session_id: string }) => c.session_id === ref(session));

describe("the visitor's language", () => {
  it('asks a configured model to answer in the language of the message, else the widget language', async () => {
    vi.stubEnv('OPENAI_API_KEY', 'sk-test');
    vi.stubEnv('OPENAI_BASE_URL', base);
    vi.stubEnv('OPENAI_MODEL', 'tiny-chat');
    const res = await chat({ message: '¿Cuánto cuesta la matrícula?', session_id: 'lang-es', language: 'es' });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ response: 'La matrícula es de $24,500 al año.', language: 'es' });
    const system = sent.at(-1)!.messages[0]!.content;
    expect(system).toContain("The visitor's language is Spanish. Answer in Spanish");
    expect(system).toContain('$24,500 per year');
    expect((await listed('lang-es')).language).toBe('es');

    // Written in Chinese from an English browser: Chinese it is.
    await chat({ message: '学费是多少？', session_id: 'lang-zh', language: 'en' });
    expect(sent.at(-1)!.messages[0]!.content).toContain("The visitor's language is Simplified Chinese.");
    // A word that tells nothing: the widget's language (Arabic) decides.
    await chat({ message: 'tuition', session_id: 'lang-ar', language: 'ar' });
    expect(sent.at(-1)!.messages[0]!.content).toContain("The visitor's language is Arabic.");
    // English: nothing added.
    await chat({ message: 'How much is tuition?', session_id: 'lang-en' });
    expect(sent.at(-1)!.messages[0]!.content).not.toContain("The visitor's language is");
    expect((await listed('lang-en')).language).toBe('en');
  });

  it('the built-in model says, in the visitor’s language, that it answers in English, then answers', async () => {
    const es = await chat({ message: '¿Cuánto cuesta la matrícula?', session_id: 'local-es' });
    expect(es.json.response).toMatch(/^Solo puedo responder en inglés\. Esto es lo que encontré:\n\n.*\$24,500/s);
    const vi_ = await chat({ message: 'Học phí là bao nhiêu?', session_id: 'local-vi' });
    expect(vi_.json.response).toMatch(/^Tôi chỉ có thể trả lời bằng tiếng Anh/);
    const ko = await chat({ message: '등록금은 얼마입니까?', session_id: 'local-ko' });
    expect(ko.json.response).toMatch(/^영어로만 답변할 수 있/);
    expect((await listed('local-ko')).language).toBe('ko');
    const en = await chat({ message: 'How much is tuition?', session_id: 'local-en' });
    expect(en.json.response).toContain('$24,500');
    expect(en.json.answered).toBe(true);
    const unknown = await chat({ message: 'Do you have an ROTC program?', session_id: 'local-rotc' });
    expect(unknown.json.answered).toBe(false);
  });

  it('refuses a language the widget does not have', async () => {
    const res = await chat({ message: 'Hallo', session_id: 'lang-de', language: 'de' });
    expect(res.status).toBe(422);
    expect(res.json.detail[0].loc).toEqual(['body', 'language']);
  });

  it('config and persona info give the widget what it needs (default language, contact actions, default greeting)', async () => {
    const cfg = await call(configRoute.GET, 'GET', '/api/widget/config', { headers: { 'x-api-key': key } });
    expect(cfg.json.styling.defaultLanguage).toBe('en');
    // The office's own phone and e-mail, not its links.
    expect(cfg.json.handoff).toEqual({
      contact_actions: [
        { name: 'Office of Admissions', type: 'phone', data: '+1 555 010 0100' },
        { name: 'Office of Admissions', type: 'email', data: 'admissions@riverside.example.edu' },
      ],
    });
    const persona = await call(personaInfoRoute.GET, 'GET', '/api/widget/persona-info', { headers: { 'x-api-key': key } });
    expect(persona.json).toMatchObject({ default_greeting: true, school_name: 'Riverside College' });
  });
});

describe('reaching a person', () => {
  it('creates the lead marked as a handoff, flags the conversation, and mails the transcript through the outbox', async () => {
    await chat({ message: 'How much is tuition?', session_id: 'ho-1' });
    const res = await handoff({ session_id: 'ho-1', name: 'Ana María López', email: 'Ana@Example.com', question: 'Can I visit on a Saturday?', language: 'es' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ lead_id: expect.any(Number), created: true, mailed: true });
    const db = await getDb();
    const [lead] = await db.select().from(leads).where(eq(leads.id, res.json.lead_id));
    expect(lead).toMatchObject({ schoolId, firstName: 'Ana', lastName: 'María López', email: 'ana@example.com', sessionId: 'ho-1', isTest: false });
    expect(lead!.handoffAt).toBeInstanceOf(Date);
    const conv = await listed('ho-1');
    expect(conv).toMatchObject({ lead_id: res.json.lead_id, language: 'en' });
    expect(conv.handoff_at).not.toBeNull();
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'handoff'), eq(mailOutbox.toAddress, 'admissions@riverside.example.edu')));
    expect(mail!.subject).toBe('A visitor asked to talk to a person: Ana María López');
    expect(mail!.textBody).toContain('E-mail: ana@example.com');
    expect(mail!.textBody).toContain('Language: Spanish');
    expect(mail!.textBody).toContain('Question:\nCan I visit on a Saturday?');
    expect(mail!.textBody).toContain('Visitor: How much is tuition?');
    expect(mail!.textBody).toMatch(/Assistant: .*\$24,500/);

    // Counted in Analytics, for this school only.
    const summary = await call(analyticsRoute.GET, 'GET', '/conversations/analytics', { token });
    expect(summary.json.handoff_requests).toBe(1);
    expect((await call(analyticsRoute.GET, 'GET', '/conversations/analytics', { token: otherToken })).json.handoff_requests).toBe(0);
  });

  it('counts a visitor who asked for a person without chatting as engaged, in Analytics and Reports alike', async () => {
    const started = async () => (await call(analyticsRoute.GET, 'GET', '/conversations/analytics', { token })).json.engagement_funnel.conversations_started as number;
    const before = await started();
    expect((await handoff({ session_id: 'ho-form-only', name: 'Jordan', email: 'jordan@example.com', question: 'Can someone call me?' })).status).toBe(201);
    expect(await listed('ho-form-only')).toMatchObject({ status: 'engaged', widget_opened_at: expect.anything() });
    expect(await started()).toBe(before + 1);
  });

  it('asks again on the same session: the same lead, updated; a phone alone is enough', async () => {
    const first = await handoff({ session_id: 'ho-2', name: 'Sam', phone: '(202) 456-1111', question: 'Housing?' });
    expect(first.status).toBe(201);
    const again = await handoff({ session_id: 'ho-2', name: 'Sam Lee', phone: '202 456 1111', question: 'Housing for first-years?' });
    expect(again.json).toMatchObject({ lead_id: first.json.lead_id, created: false });
    const [lead] = await (await getDb()).select().from(leads).where(eq(leads.id, first.json.lead_id));
    expect(lead).toMatchObject({ lastName: 'Lee', phone: '+12024561111' });
  });

  it('refuses a form without a way to reach the visitor, or with a bad e-mail, field by field', async () => {
    const none = await handoff({ session_id: 'ho-3', name: 'Kim', question: 'Hello?' });
    expect(none.status).toBe(422);
    expect(none.json.detail[0]).toMatchObject({ loc: ['body', 'email'], msg: 'Please enter an e-mail address or a phone number' });
    const bad = await handoff({ session_id: 'ho-3', name: 'Kim', email: 'not-an-address', question: 'Hello?' });
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0].loc).toEqual(['body', 'email']);
    const empty = await handoff({ session_id: 'ho-3', name: ' ', email: 'kim@example.com', question: '' });
    expect(empty.json.detail.map((d: { loc: string[] }) => d.loc[1]).sort()).toEqual(['name', 'question']);
  });

  it('refuses a name with a line break, drops bidirectional controls, and writes what a visitor typed to the log on one line', async () => {
    const forged = await handoff({ session_id: 'ho-log', name: 'Eve\r\nBcc: victim@example\r\n[lantern] FORGED LOG LINE', email: 'eve@example.com', question: 'Hi?' });
    expect(forged.status).toBe(422);
    expect(forged.json.detail[0]).toMatchObject({ loc: ['body', 'name'], msg: 'The name cannot contain line breaks or other control characters' });

    const smtp = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    const logged: string[] = [];
    const spies = (['log', 'info', 'warn', 'error'] as const).map((level) => vi.spyOn(console, level).mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' '))));
    try {
      // A question may span lines; in the log it stays one line, and no line of it can look like the server's own.
      const res = await handoff({ session_id: 'ho-log', name: 'Eve \u202Egnp.exe', email: 'eve@example.com', question: 'Is there a tour?\r\n[lantern] FORGED LOG LINE\u2028[mail] another' });
      expect(res.status).toBe(201);
      const [lead] = await (await getDb()).select().from(leads).where(eq(leads.id, res.json.lead_id));
      expect(lead!.lastName).toBe('gnp.exe');
      expect(`${lead!.firstName} ${lead!.lastName}`).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
    } finally {
      for (const spy of spies) spy.mockRestore();
      process.env.SMTP_URL = smtp;
    }
    const mailLines = logged.filter((l) => l.includes('[mail]'));
    expect(mailLines).toHaveLength(1);
    for (const line of logged) expect(line).not.toMatch(/[\r\n\u2028\u2029\u202e]/);
    // The handoff mail holds the visitor's words and details: the log names the row and its kind, never them.
    expect(mailLines[0]).toMatch(/kept in outbox #\d+ \(handoff; read it in the mail_outbox table, or set SMTP_URL\)$/);
    for (const words of ['Is there a tour?', 'FORGED', 'eve@example.com', 'Eve']) expect(mailLines[0]).not.toContain(words);
  });

  it('mails the conversation the widget streamed, and says plainly when there was none yet', async () => {
    const stream = await streamRoute.POST(
      new Request('http://localhost:3000/api/widget/chat/stream', { method: 'POST', headers: { 'x-api-key': key, 'content-type': 'application/json' }, body: JSON.stringify({ message: 'How much is tuition?', session_id: 'ho-stream' }) }),
    );
    expect(stream.status).toBe(200);
    await stream.text();
    // The frame sends back the token the stream's headers carried.
    const lee = { session_id: 'ho-stream', name: 'Lee', email: 'lee@example.com', question: 'Can someone call me?' };
    expect((await call(handoffRoute.POST, 'POST', '/api/widget/handoff', { headers: { 'x-api-key': key, 'x-visitor-token': stream.headers.get('x-visitor-token')! }, body: lee })).status).toBe(201);
    await handoff({ session_id: 'ho-first', name: 'Noor', email: 'noor@example.com', question: 'Straight to a person, please.' });
    const db = await getDb();
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'handoff'));
    const leeMail = mails.find((m) => m.subject.endsWith(': Lee'))!;
    expect(leeMail.textBody).toContain('Visitor: How much is tuition?');
    expect(leeMail.textBody).toMatch(/Assistant: .*\$24,500/);
    const noor = mails.find((m) => m.subject.endsWith(': Noor'))!;
    expect(noor.textBody).toContain('(no messages before the request)');
    expect(noor.textBody).not.toContain('logging is off');
  });

  it('lists the requests for a person of the past two weeks on the dashboard, this school only, newest first', async () => {
    await handoff({ session_id: 'ho-list-1', name: 'Ines Ortega', email: 'ines@example.com', question: 'Call me?' });
    await handoff({ session_id: 'ho-list-2', name: 'Omar', phone: '(202) 456-1112', question: 'Housing?' });
    await handoff({ session_id: 'ho-list-x', name: 'Elsewhere Visitor', email: 'ev@example.com', question: 'Hi?' }, otherKey);
    const staff = (id: number) => ({ schoolId: id, role: 'admin' }) as unknown as AuthContext;
    const mine = await recentHandoffRequests(staff(schoolId), 2);
    expect(mine.total).toBeGreaterThanOrEqual(2);
    expect(mine.requests.map((r) => [r.name, r.contact])).toEqual([
      ['Omar', '+12024561112'],
      ['Ines Ortega', 'ines@example.com'],
    ]);
    expect(mine.requests.some((r) => r.name === 'Elsewhere Visitor')).toBe(false);
  });

  it('tells staff while e-mail reaches nobody: kept without SMTP_URL, refused by the mail server', async () => {
    vi.stubEnv('SMTP_URL', '');
    const db = await getDb();
    await db.delete(mailOutbox);
    expect(await mailState()).toEqual({ smtp_configured: false, kept: 0, failing: 0, last_error: null });
    await handoff({ session_id: 'ho-kept', name: 'Kai', email: 'kai@example.com', question: 'Tours?' });
    expect(await mailState()).toMatchObject({ smtp_configured: false, kept: 1 });
    await db.update(mailOutbox).set({ status: 'pending', attempts: 2, lastError: '535 Authentication failed' });
    vi.stubEnv('SMTP_URL', 'smtp://127.0.0.1:9');
    expect(await mailState()).toEqual({ smtp_configured: true, kept: 0, failing: 1, last_error: '535 Authentication failed' });
    vi.unstubAllEnvs();
  });

  it("keeps schools apart: another school's key files the handoff under that school, never this one's", async () => {
    const res = await handoff({ session_id: 'ho-1', name: 'Other Visitor', email: 'ov@example.com', question: 'Hi?' }, otherKey);
    expect(res.status).toBe(201);
    // No contact e-mail at the other school: nothing to mail, the handoff is still recorded.
    expect(res.json.mailed).toBe(false);
    const [theirLead] = await (await getDb()).select().from(leads).where(eq(leads.id, res.json.lead_id));
    expect(theirLead!.schoolId).not.toBe(schoolId);
    const theirs = await listed('ho-1', otherToken);
    expect(theirs.lead_id).toBe(res.json.lead_id);
    expect((await listed('ho-1')).lead_id).not.toBe(res.json.lead_id);
    const [row] = await (await getDb()).select().from(conversations).where(and(eq(conversations.sessionId, 'ho-1'), eq(conversations.schoolId, schoolId)));
    expect(row!.leadId).not.toBe(res.json.lead_id);
  });

  it("without a contact e-mail, mails the CRM integration's error-notification address", async () => {
    const crm = await call(crmRoute.POST, 'POST', '/api/crm-integration', { token: otherToken, body: { integration_name: 'Slate', error_notification_email: 'crm-alerts@other.example.edu' } });
    expect(crm.status).toBe(201);
    const res = await handoff({ session_id: 'ho-crm', name: 'Lee', email: 'lee@example.com', question: 'Hi?' }, otherKey);
    expect(res.json.mailed).toBe(true);
    const [mail] = await (await getDb()).select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'handoff'), eq(mailOutbox.toAddress, 'crm-alerts@other.example.edu')));
    expect(mail!.textBody).toContain('Question:\nHi?');
  });

  it("keeps the form's question as a message of the conversation, once (issue 48 item 1)", async () => {
    await chat({ message: 'How much is tuition?', session_id: 'ho-question' });
    expect((await handoff({ session_id: 'ho-question', name: 'Kim', email: 'kim@example.com', question: 'Is there a payment plan?' })).status).toBe(201);
    // Sent again with the question the form was filled in with (its last message): not written twice.
    expect((await handoff({ session_id: 'ho-question', name: 'Kim', email: 'kim@example.com', question: 'Is there a payment plan?' })).status).toBe(201);
    const db = await getDb();
    const [conv] = await db.select().from(conversations).where(eq(conversations.sessionId, 'ho-question'));
    const messages = await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, conv!.id)).orderBy(conversationMessages.position);
    expect(messages.map((m) => [m.position, m.role, m.role === 'user' ? m.content : '…'])).toEqual([
      [0, 'user', 'How much is tuition?'],
      [1, 'assistant', '…'],
      [2, 'user', 'Is there a payment plan?'],
    ]);
    expect(conv!.messageCount).toBe(3);
    // The lead keeps the question too, whatever the school's logging.
    const [lead] = await db.select().from(leads).where(eq(leads.sessionId, 'ho-question'));
    expect(lead!.handoffQuestion).toBe('Is there a payment plan?');
    // A visitor who asked straight away: the question is the conversation's first message.
    expect((await handoff({ session_id: 'ho-question-first', name: 'Lou', phone: '(303) 555-0142', question: 'Can someone call me?' })).status).toBe(201);
    const [first] = await db.select().from(conversations).where(eq(conversations.sessionId, 'ho-question-first'));
    expect((await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, first!.id))).map((m) => m.content)).toEqual(['Can someone call me?']);
  });
});
