import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as refreshRoute from '@/app/(rest)/auth/refresh/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as requestResetRoute from '@/app/(rest)/auth/request-password-reset/route';
import * as resetRoute from '@/app/(rest)/auth/reset-password/route';
import * as contactRoute from '@/app/(rest)/contact/route';
import { getDb, getDbKind } from '@/db/client';
import { contactMessages, mailOutbox } from '@/db/schema';
import { startJobRunner, stopJobRunner } from '@/lib/jobs/runner';
import { CLEARED_BODY } from '@/lib/mail/outbox';
import { cleanupExpiredTokens } from '@/lib/auth/token-cleanup';
import { call, OTHER_PASSWORD, STRONG_PASSWORD } from './http';
import { background } from '@/background';

type Received = { to: string[]; data: string };

/** A real SMTP server on 127.0.0.1 that hands each message to whoever waits for it. */
class Inbox {
  private server: SMTPServer;
  private waiting: ((m: Received) => void)[] = [];
  private queue: Received[] = [];
  port = 0;

  constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, done) => {
        let data = '';
        stream.on('data', (chunk: Buffer) => (data += chunk.toString('utf8')));
        stream.on('end', () => {
          const mail = { to: session.envelope.rcptTo.map((r) => r.address), data };
          const next = this.waiting.shift();
          if (next) next(mail);
          else this.queue.push(mail);
          done();
        });
      },
    });
  }

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.server.address() as { port: number }).port;
  }

  next(): Promise<Received> {
    const ready = this.queue.shift();
    return ready ? Promise.resolve(ready) : new Promise((resolve) => this.waiting.push(resolve));
  }

  stop() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

const inbox = new Inbox();
const owner = { email: 'rita@lantern.test', password: STRONG_PASSWORD, username: 'rita', first_name: 'Rita', last_name: 'Reset' };

beforeAll(async () => {
  await inbox.start();
  process.env.SMTP_URL = `smtp://127.0.0.1:${inbox.port}`;
  process.env.MAIL_FROM = 'Lantern <no-reply@lantern.test>';
  process.env.APP_URL = 'https://admissions.example.edu';
  await call(registerRoute.POST, 'POST', '/auth/register', { body: owner });
  // Mail goes out through its job, as in a running server: the runner wakes when the job commits.
  startJobRunner(background);
});

afterAll(async () => {
  await stopJobRunner();
  delete process.env.SMTP_URL;
  delete process.env.APP_URL;
  delete process.env.CONTACT_EMAIL;
  await inbox.stop();
});

function tokenFrom(mail: Received): string {
  const body = mail.data.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const match = /https:\/\/admissions\.example\.edu\/\?token=([A-Za-z0-9_-]+)/.exec(body);
  expect(match).not.toBeNull();
  return match![1]!;
}

describe('password reset over SMTP', () => {
  it('mails a single-use link, sets the new password and ends existing sessions', async () => {
    const session = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: owner.email, password: owner.password } });

    const unknown = await call(requestResetRoute.POST, 'POST', '/auth/request-password-reset', { body: { email: 'nobody@lantern.test' } });
    const known = await call(requestResetRoute.POST, 'POST', '/auth/request-password-reset', { body: { email: owner.email } });
    expect(known.status).toBe(200);
    expect(known.json).toEqual(unknown.json);

    const mail = await inbox.next();
    expect(mail.to).toEqual([owner.email]);
    expect(mail.data).toContain('Subject: Reset your Lantern password');
    const token = tokenFrom(mail);

    const mismatch = await call(resetRoute.POST, 'POST', '/auth/reset-password', { body: { token, new_password: 'weak' } });
    expect(mismatch.status).toBe(422);
    const done = await call(resetRoute.POST, 'POST', '/auth/reset-password', { body: { token, new_password: OTHER_PASSWORD } });
    expect(done.status).toBe(200);

    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: session.json.access_token })).status).toBe(401);
    expect((await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: session.json.refresh_token } })).status).toBe(401);
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: owner.email, password: OTHER_PASSWORD } })).status).toBe(200);

    const reused = await call(resetRoute.POST, 'POST', '/auth/reset-password', { body: { token, new_password: 'Another-Fine-Password-9' } });
    expect(reused.status).toBe(400);
    expect(reused.json.detail).toBe('Invalid or expired reset token');

    const db = await getDb();
    const sent = await db.select().from(mailOutbox).where(eq(mailOutbox.kind, 'password_reset'));
    expect(sent.map((m) => m.status)).toEqual(['sent']);
    // Once delivered, the outbox keeps no copy of the link.
    expect(sent[0]!.textBody).toBe(CLEARED_BODY);
    expect(sent[0]!.textBody).not.toContain(token);
  });

  it('without SMTP, prints a reset link to the log only on the embedded install', async () => {
    const smtp = process.env.SMTP_URL;
    delete process.env.SMTP_URL;
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    try {
      await call(requestResetRoute.POST, 'POST', '/auth/request-password-reset', { body: { email: owner.email } });
      const logged = info.mock.calls.map((c) => String(c[0])).join('\n');
      expect(logged).toContain('SMTP_URL not set');
      if ((await getDbKind()) === 'pglite') expect(logged).toMatch(/\?token=[A-Za-z0-9_-]+/);
      else {
        expect(logged).not.toMatch(/\?token=/);
        expect(logged).toContain('(password_reset; read it in the mail_outbox table, or set SMTP_URL)');
      }
    } finally {
      info.mockRestore();
      process.env.SMTP_URL = smtp;
    }
  });

  it('clears the body of a reset mail that was never sent once its link expires, and keeps other mail', async () => {
    const db = await getDb();
    const hour = 60 * 60 * 1000;
    const [reset] = await db.insert(mailOutbox).values({ toAddress: 'x@lantern.test', subject: 'Reset', textBody: 'https://example.edu/?token=secret-one', kind: 'password_reset', status: 'failed', secretUntil: new Date(Date.now() - hour) }).returning();
    const [live] = await db.insert(mailOutbox).values({ toAddress: 'y@lantern.test', subject: 'Reset', textBody: 'https://example.edu/?token=secret-two', kind: 'password_reset', status: 'logged', secretUntil: new Date(Date.now() + hour) }).returning();
    const [plain] = await db.insert(mailOutbox).values({ toAddress: 'z@lantern.test', subject: 'Hello', textBody: 'A message', kind: 'contact', status: 'failed' }).returning();
    const result = await cleanupExpiredTokens();
    expect(result.mail_bodies_cleared).toBeGreaterThanOrEqual(1);
    const body = async (id: number) => (await db.select({ text: mailOutbox.textBody }).from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!.text;
    expect(await body(reset!.id)).toBe(CLEARED_BODY);
    expect(await body(live!.id)).toContain('secret-two');
    expect(await body(plain!.id)).toBe('A message');
  });

  it('refuses unknown tokens and malformed bodies', async () => {
    const bogus = await call(resetRoute.POST, 'POST', '/auth/reset-password', { body: { token: 'bogus', new_password: OTHER_PASSWORD } });
    expect(bogus.status).toBe(400);
    const missing = await call(resetRoute.POST, 'POST', '/auth/reset-password', { body: { new_password: OTHER_PASSWORD } });
    expect(missing.status).toBe(422);
    const badEmail = await call(requestResetRoute.POST, 'POST', '/auth/request-password-reset', { body: { email: 'nope' } });
    expect(badEmail.status).toBe(422);
  });

  it('limits reset requests per account', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push((await call(requestResetRoute.POST, 'POST', '/auth/request-password-reset', { body: { email: 'flood@lantern.test' }, ip: `192.0.2.${i + 20}` })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('contact form', () => {
  it('stores the message and e-mails it to CONTACT_EMAIL', async () => {
    process.env.CONTACT_EMAIL = 'team@lantern.test';
    const body = { name: 'Pat Parent', email: 'pat@example.com', subject: 'Open day', message: 'When is the next open day?' };
    const res = await call(contactRoute.POST, 'POST', '/contact', { body });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Thank you for your message! We'll get back to you soon.");
    const mail = await inbox.next();
    expect(mail.to).toEqual(['team@lantern.test']);
    expect(mail.data).toContain('When is the next open day?');
    const db = await getDb();
    expect(await db.select({ subject: contactMessages.subject }).from(contactMessages)).toEqual([{ subject: 'Open day' }]);
  });

  it('requires every field', async () => {
    const res = await call(contactRoute.POST, 'POST', '/contact', { body: { name: ' ', email: 'pat@example.com', subject: 'x' } });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: string[] }) => d.loc[1]).sort()).toEqual(['message', 'name']);
  });
});
