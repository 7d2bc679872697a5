import 'server-only';
import { isNotNull, lt, or } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { passwordResetTokens, refreshTokens } from '@/db/schema';
import { clearExpiredMailSecrets } from '@/lib/mail/outbox';
import { dropOldAttempts } from '@/lib/sso/attempts';

/**
 * Deletes refresh tokens that expired or were revoked, and reset tokens that were used or expired.
 * Rotated-but-unexpired refresh tokens stay: they are how reuse of a stolen token is detected.
 * Outbox mail whose one-time link has expired loses its body; single sign-on attempts a day past
 * their end go.
 */
export async function cleanupExpiredTokens() {
  const db = await getDb();
  const now = new Date();
  const refresh = await db
    .delete(refreshTokens)
    .where(or(lt(refreshTokens.expiresAt, now), isNotNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  const reset = await db
    .delete(passwordResetTokens)
    .where(or(lt(passwordResetTokens.expiresAt, now), isNotNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  const mail = await clearExpiredMailSecrets(now);
  const attempts = await dropOldAttempts(now);
  return { refresh_tokens_deleted: refresh.length, reset_tokens_deleted: reset.length, mail_bodies_cleared: mail, sso_attempts_deleted: attempts };
}
