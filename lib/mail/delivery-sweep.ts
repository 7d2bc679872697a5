import 'server-only';
import { and, asc, eq, lt } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { MAX_MAIL_ATTEMPTS, queueMailSend } from './outbox';
import { smtpConfigured } from './smtp';

const BATCH = 100;

/**
 * The safety net behind the mail_send jobs: queues delivery of pending outbox mail that has no
 * live job (written before jobs existed, or while SMTP was off). Mail already queued is left be.
 */
export async function deliverPendingMail() {
  if (!smtpConfigured()) return { sent: 0, failed: 0, smtp_configured: false, note: 'SMTP_URL is not set; mail stays in the outbox' };
  const db = await getDb();
  const pending = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(eq(mailOutbox.status, 'pending'), lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS)))
    .orderBy(asc(mailOutbox.id))
    .limit(BATCH);
  let queued = 0;
  for (const { id } of pending) if (!(await queueMailSend(id)).deduplicated) queued++;
  return { queued, already_queued: pending.length - queued, smtp_configured: true, batch: pending.length };
}
