import 'server-only';
import { and, count, desc, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { mailOutbox } from '@/db/schema';
import { smtpConfigured } from './smtp';

/** Whether Lantern's e-mail reaches anyone: shown to staff while it does not. */
export type MailState = {
  smtp_configured: boolean;
  /** Kept in the outbox this past week because SMTP_URL is not set. */
  kept: number;
  /** Refused by the mail server this past week (waiting for another try, or given up). */
  failing: number;
  last_error: string | null;
};

const WEEK_MS = 7 * 24 * 3_600_000;

export async function mailState(now = new Date()): Promise<MailState> {
  const db = await getDb();
  const since = gt(mailOutbox.createdAt, new Date(now.getTime() - WEEK_MS));
  // Without SMTP nothing is refused, only kept; with it, nothing is kept: only the one that applies is counted.
  if (!smtpConfigured()) {
    const [kept] = await db.select({ n: count() }).from(mailOutbox).where(and(since, inArray(mailOutbox.status, ['logged', 'pending'])));
    return { smtp_configured: false, kept: kept!.n, failing: 0, last_error: null };
  }
  const failingRows = and(since, or(eq(mailOutbox.status, 'failed'), and(eq(mailOutbox.status, 'pending'), gt(mailOutbox.attempts, 0))));
  const [[failing], [last]] = await Promise.all([
    db.select({ n: count() }).from(mailOutbox).where(failingRows),
    db.select({ error: mailOutbox.lastError }).from(mailOutbox).where(and(failingRows, isNotNull(mailOutbox.lastError))).orderBy(desc(mailOutbox.id)).limit(1),
  ]);
  return { smtp_configured: true, kept: 0, failing: failing!.n, last_error: last?.error ?? null };
}
