import 'server-only';
import { and, asc, count, eq, inArray, isNull, lt } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { notDone } from '@/lib/jobs/result';
import { MAX_MAIL_ATTEMPTS, queueMailSend } from './outbox';
import { smtpConfigured } from './smtp';

const BATCH = 100;

/**
 * The safety net behind the mail_send jobs: queues delivery of pending outbox mail that has no
 * live job (written before jobs existed, or while SMTP was off). Mail already queued is left be.
 */
export async function deliverPendingMail() {
  const db = await getDb();
  if (!smtpConfigured()) {
    // Nothing is wrong with the run, but nothing was delivered either: the Scheduler says "kept, not sent".
    const [{ waiting }] = await db.select({ waiting: count() }).from(mailOutbox).where(inArray(mailOutbox.status, ['pending', 'logged']));
    const result = { sent: 0, waiting, smtp_configured: false };
    return waiting ? notDone(`Kept, not sent: SMTP_URL is not set, so ${waiting === 1 ? '1 e-mail waits' : `${waiting} e-mails wait`} in the outbox`, result) : result;
  }
  // Mail kept while SMTP was not set goes out now (a visitor's request for a person is not lost);
  // mail carrying a secret (a reset link) is not: its link is for the moment it was asked for.
  await db.update(mailOutbox).set({ status: 'pending' }).where(and(eq(mailOutbox.status, 'logged'), isNull(mailOutbox.secretUntil)));
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
