import 'server-only';
import { and, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { passwordResetTokens, users } from '@/db/schema';
import { badRequest } from '@/lib/http/errors';
import { queueMail } from '@/lib/mail/outbox';
import { consume } from '@/lib/security/rate-limit';
import { randomToken, sha256 } from '@/lib/security/tokens';
import { enforcedSsoFor } from '@/lib/sso/domains';
import { emailIs, findUsers } from '@/lib/users/queries';
import { assertPasswordPolicy } from './accounts';
import { hashPassword } from './password';
import { revokeAllRefreshTokens } from './tokens';

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
export const RESET_REQUEST_ANSWER = { message: 'If an account exists for that e-mail, a password reset link has been sent.' };

/**
 * Answers the same whether or not the e-mail is known. A reset resets the person: every active
 * account under the e-mail gets the new password.
 */
export async function requestPasswordReset(email: string, opts: { client: string; origin: string }) {
  await consume([
    { key: `reset:account:${sha256(email.toLowerCase())}`, max: 5, windowSeconds: 60 * 60 },
    { key: `reset:client:${opts.client}`, max: 20, windowSeconds: 60 * 60 },
  ]);
  // An account of a school that enforces single sign-on for the address has no password to reset,
  // unless it is a superuser's; the address's accounts elsewhere keep theirs.
  const enforced = await enforcedSsoFor(email);
  const passwordAllowed = enforced ? or(eq(users.role, 'superuser'), isNull(users.schoolId), ne(users.schoolId, enforced.schoolId)) : undefined;
  const [account] = await findUsers(and(emailIs(email), eq(users.isActive, true), passwordAllowed), { limit: 1 });
  if (!account) return RESET_REQUEST_ANSWER;
  const token = randomToken();
  const base = opts.origin.replace(/\/+$/, '');
  const link = `${base}/?token=${encodeURIComponent(token)}`;
  const db = await getDb();
  // The token and the mail that carries it are written together: no live token without its mail.
  await db.transaction(async (tx) => {
    await tx.insert(passwordResetTokens).values({ userId: account.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
    await queueMail(
      {
    to: account.email,
    kind: 'password_reset',
    secretUntil: new Date(Date.now() + RESET_TOKEN_TTL_MS),
    subject: 'Reset your Lantern password',
    text: [
      `Hello ${account.firstName},`,
      '',
      'Someone asked to reset the password of your Lantern account. To choose a new password, open this link within one hour:',
      '',
      link,
      '',
      'If you did not ask for this, you can ignore this e-mail; your password stays as it is.',
    ].join('\n'),
      },
      tx,
    );
  });
  return RESET_REQUEST_ANSWER;
}

export async function resetPassword(token: string, newPassword: string) {
  const db = await getDb();
  const invalid = badRequest('Invalid or expired reset token');
  const [row] = await db
    .select()
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date())))
    .limit(1);
  if (!row) throw invalid;
  const [owner] = await findUsers(eq(users.id, row.userId), { limit: 1 });
  if (!owner || !owner.isActive) throw invalid;
  assertPasswordPolicy(newPassword, 'new_password', { username: owner.username, email: owner.email });
  const passwordHash = await hashPassword(newPassword);
  // Single use: only the caller that marks the token used may change the password.
  const claimed = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.id, row.id), isNull(passwordResetTokens.usedAt)))
    .returning({ id: passwordResetTokens.id });
  if (claimed.length === 0) throw invalid;
  const linked = await findUsers(and(emailIs(owner.email), eq(users.isActive, true)));
  const ids = linked.map((u) => u.id);
  await db
    .update(users)
    .set({ passwordHash, requiresPasswordUpdate: false, passwordUpdateRequiredAt: null, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(inArray(users.id, ids));
  await revokeAllRefreshTokens(ids);
  return { message: 'Password reset successfully' };
}
