import 'server-only';
import { and, asc, eq, lt } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { deliverMail, MAX_MAIL_ATTEMPTS } from '@/lib/mail/outbox';
import { smtpConfigured } from '@/lib/mail/smtp';

const BATCH = 100;

/** Sends pending outbox mail over SMTP; each message gets at most MAX_MAIL_ATTEMPTS tries in all. */
export async function deliverPendingMail() {
  if (!smtpConfigured()) return { sent: 0, failed: 0, smtp_configured: false, note: 'SMTP_URL is not set; mail stays in the outbox' };
  const db = await getDb();
  const pending = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS)))
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH);
  let sent = 0;
  let failed = 0;
  for (const { id } of pending) {
    const outcome = await deliverMail(id);
    if (outcome === 'sent') sent++;
    else if (outcome === 'failed') failed++;
  }
  return { sent, failed, smtp_configured: true, batch: pending.length };
}
