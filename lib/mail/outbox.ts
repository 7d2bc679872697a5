import 'server-only';
import { eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { sendSmtp, smtpConfigured } from './smtp';

export type OutgoingMail = { to: string; subject: string; text: string; html?: string; kind: string };

export const MAX_MAIL_ATTEMPTS = 5;

/**
 * Writes the mail to the outbox, then delivers it over SMTP when configured. Without SMTP the mail
 * stays in the outbox (status 'logged') and is printed to the server log, so a local install can
 * still follow a reset link. `delivery` settles when the attempt is over; callers in a request do
 * not await it, so answers do not depend on the mail server.
 */
export async function queueMail(mail: OutgoingMail): Promise<{ id: number; delivery: Promise<void> }> {
  const db = await getDb();
  const smtp = smtpConfigured();
  const [row] = await db
    .insert(mailOutbox)
    .values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, kind: mail.kind, status: smtp ? 'pending' : 'logged' })
    .returning({ id: mailOutbox.id });
  if (!smtp) {
    console.info(`[mail] SMTP_URL not set; kept in outbox #${row!.id} for ${mail.to}: ${mail.subject}\n${mail.text}`);
    return { id: row!.id, delivery: Promise.resolve() };
  }
  return { id: row!.id, delivery: deliverMail(row!.id).then(() => undefined) };
}

/** One delivery attempt for an outbox row; failures are recorded for the retrying mail task. */
export async function deliverMail(id: number): Promise<'sent' | 'failed' | 'skipped'> {
  const db = await getDb();
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, id)).limit(1);
  if (!row || row.status === 'sent' || !smtpConfigured()) return 'skipped';
  try {
    await sendSmtp({ to: row.toAddress, subject: row.subject, text: row.textBody, html: row.htmlBody });
    await db.update(mailOutbox).set({ status: 'sent', sentAt: new Date(), attempts: sql`${mailOutbox.attempts} + 1`, lastError: null }).where(eq(mailOutbox.id, id));
    return 'sent';
  } catch (err) {
    const attempts = row.attempts + 1;
    await db
      .update(mailOutbox)
      .set({ status: attempts >= MAX_MAIL_ATTEMPTS ? 'failed' : 'pending', attempts, lastError: String((err as Error).message ?? err).slice(0, 500) })
      .where(eq(mailOutbox.id, id));
    console.error(`[mail] delivery of outbox #${id} failed (attempt ${attempts}):`, (err as Error).message);
    return 'failed';
  }
}
