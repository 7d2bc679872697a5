import 'server-only';
import { z } from 'zod';
import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { getDb, getDbKind } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { defineJob } from '@/lib/jobs/define';
import { enqueue, type JobWriter } from '@/lib/jobs/enqueue';
import { sendSmtp, smtpConfigured } from './smtp';
import { logValue } from '@/lib/system/log';

/**
 * `secretUntil`: the body carries a secret (a reset link) valid until then; it is cleared once sent or
 * past that time. `about`: the records it tells of (mailAbout), and `schoolId` the school they are
 * of, so erasing a person finds every copy in that school and none of another's.
 */
export type OutgoingMail = { to: string; subject: string; text: string; html?: string; kind: string; secretUntil?: Date; about?: string[]; schoolId?: number };

/** The keys of the records a mail tells of, as mail_outbox.about holds them. */
export const mailAbout = (records: { leads?: readonly number[]; conversations?: readonly number[] }): string[] => [
  ...(records.leads ?? []).map((id) => `lead:${id}`),
  ...(records.conversations ?? []).map((id) => `conversation:${id}`),
];

/** What is left of a body whose secret was cleared. */
export const CLEARED_BODY = '[cleared: this mail carried a one-time link]';

/** Each message's own send, queued with it (queueMail, in the caller's transaction) and run by the job runners (background.ts). */
export const mailSendJob = defineJob({
  name: 'mail_send',
  display_name: 'Send an e-mail',
  payload: z.object({ mail_id: z.number().int().positive() }),
  // Mail servers refuse for minutes (greylisting, restarts): spread five tries over about an hour.
  retry: { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 30 * 60_000 },
  handler: async () => ({ run: ({ mail_id }) => sendOutboxMail(mail_id) }),
});

/** Tries per message in all: the mail_send job's policy, so the outbox row and its job give up together. */
export const MAX_MAIL_ATTEMPTS = mailSendJob.retry.maxAttempts;

/**
 * Writes the mail to the outbox and, when SMTP is configured, queues its mail_send job in the same
 * transaction (the caller's, when given), so a mail is never written without being sent. Without
 * SMTP the mail stays in the outbox (status 'logged') and is printed to the server log, so a local
 * install can still follow a reset link. Answers at once: delivery never holds up a request.
 */
export async function queueMail(mail: OutgoingMail, tx?: JobWriter): Promise<{ id: number }> {
  const smtp = smtpConfigured();
  const write = async (db: JobWriter) => {
    const [row] = await db
      .insert(mailOutbox)
      .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, kind: mail.kind, status: smtp ? 'pending' : 'logged', secretUntil: mail.secretUntil ?? null, about: mail.about ?? [], schoolId: mail.schoolId ?? null })
      .returning({ id: mailOutbox.id });
    if (smtp) await queueMailSend(row!.id, db);
    return row!.id;
  };
  const id = tx ? await write(tx) : await (await getDb()).transaction(write);
  if (!smtp) {
    // Only the embedded install (one person's machine) prints a password reset, so its owner can
    // follow the link; a server's logs never carry one. Other mail (a visitor's question, the
    // missed-wait digest) holds visitors' words and details: the log names the row, not its content.
    // One line, every value escaped.
    const shown = mail.kind === 'password_reset' && (await getDbKind()) === 'pglite';
    const what = shown ? ` for ${logValue(mail.to)}: ${logValue(mail.subject)}; body: ${logValue(mail.text)}` : ` (${logValue(mail.kind)}; read it in the mail_outbox table, or set SMTP_URL)`;
    console.info(`[mail] SMTP_URL not set; kept in outbox #${id}${what}`);
  }
  return { id };
}

/** Queues delivery of an outbox row; a row already queued or being sent is not queued twice. */
export function queueMailSend(id: number, tx?: JobWriter) {
  return enqueue(mailSendJob, { mail_id: id }, { dedupeKey: `mail_send:${id}` }, tx);
}

/**
 * The mail_send job: one delivery attempt for an outbox row. A failure is recorded on the row and
 * thrown, so the job's retry policy tries again (with backoff) until MAX_MAIL_ATTEMPTS.
 */
export async function sendOutboxMail(id: number): Promise<{ mail_id: number; outcome: 'sent' | 'skipped'; reason?: string }> {
  const db = await getDb();
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row) return { mail_id: id, outcome: 'skipped', reason: 'not in the outbox' };
  if (row.status !== 'pending') return { mail_id: id, outcome: 'skipped', reason: `already ${row.status}` };
  // SMTP was switched off after the mail was queued: it waits in the outbox for the mail_delivery task.
  if (!smtpConfigured()) return { mail_id: id, outcome: 'skipped', reason: 'SMTP_URL is not set' };
  try {
    await sendSmtp({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
    // A secret the mail carried has been delivered: the outbox keeps no copy of it.
    const cleared = row.secretUntil ? { textBody: CLEARED_BODY, htmlBody: null } : {};
    await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null, ...cleared }).where(eq(mailOutbox.id, id));
    return { mail_id: id, outcome: 'sent' };
  } catch (err) {
    const attempts = row.attempts + 1;
    await db
      .update(mailOutbox)
      .set({ status: attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending', attempts, lastError: String((err as Error).message ?? err).slice(0, 500) })
      .where(eq(mailOutbox.id, id));
    console.error(`[mail] delivery of outbox #${id} failed (attempt ${attempts}): ${logValue((err as Error).message)}`);
    throw err;
  }
}

/** Clears the bodies of outbox mail whose secret has expired, whatever became of the mail (cleanup_expired_tokens). */
export async function clearExpiredMailSecrets(now = new Date()): Promise<number> {
  const db = await getDb();
  const rows = await db
    .update(mailOutbox)
    .set({ textBody: CLEARED_BODY, htmlBody: null })
    .where(and(lt(mailOutbox.secretUntil, now), ne(mailOutbox.textBody, CLEARED_BODY)))
    .returning({ id: mailOutbox.id });
  return rows.length;
}
