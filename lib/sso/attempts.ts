import 'server-only';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { ssoAttempts, type SsoProtocol } from '@/db/schema';
import { sha256 } from '@/lib/security/tokens';
import { ssoError } from './errors';

// A sign-in on its way to the provider and back. The callback presents the key it was sent with
// (OIDC state, SAML request id); claiming it is one conditional update, so a callback replayed (or
// raced) finds it used: each code and each assertion counts once.

export const ATTEMPT_LIFETIME_MS = 10 * 60 * 1000;

export type Attempt = typeof ssoAttempts.$inferSelect;

export async function beginAttempt(input: { key: string; schoolId: number; protocol: SsoProtocol; secretSealed?: string; next: string | null; testBy?: number | null; browser?: string }): Promise<Attempt> {
  const db = await getDb();
  const [row] = await db
    .insert(ssoAttempts)
    .values({
      keyHash: sha256(input.key),
      schoolId: input.schoolId,
      protocol: input.protocol,
      secretSealed: input.secretSealed ?? null,
      next: input.next,
      testBy: input.testBy ?? null,
      browserHash: input.browser ? sha256(input.browser) : null,
      expiresAt: new Date(Date.now() + ATTEMPT_LIFETIME_MS),
    })
    .returning();
  return row!;
}

/** The attempt this callback answers, marked used; a used, expired or unknown key ends the sign-in. */
export async function claimAttempt(key: string, protocol: SsoProtocol): Promise<Attempt> {
  const db = await getDb();
  const hash = sha256(key);
  const [claimed] = await db
    .update(ssoAttempts)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoAttempts.keyHash, hash), eq(ssoAttempts.protocol, protocol), isNull(ssoAttempts.usedAt), gt(ssoAttempts.expiresAt, new Date())))
    .returning();
  if (claimed) return claimed;
  const [known] = await db.select({ usedAt: ssoAttempts.usedAt, schoolId: ssoAttempts.schoolId }).from(ssoAttempts).where(eq(ssoAttempts.keyHash, hash)).limit(1);
  if (known?.usedAt) throw ssoError('replayed', 'This sign-in response was already used. Sign in again.', known.schoolId);
  if (known) throw ssoError('expired', 'The sign-in took too long. Sign in again.', known.schoolId);
  throw ssoError('state', 'This sign-in response does not belong to a sign-in started here. Sign in again.');
}

/** What a Test sign-in found, kept for the settings screen that started it. */
export async function keepTestResult(id: string, result: Record<string, unknown>): Promise<void> {
  const db = await getDb();
  await db.update(ssoAttempts).set({ result }).where(eq(ssoAttempts.id, id));
}

export async function testResult(id: string, schoolId: number): Promise<Attempt | null> {
  const db = await getDb();
  const [row] = await db.select().from(ssoAttempts).where(and(eq(ssoAttempts.id, id), eq(ssoAttempts.schoolId, schoolId))).limit(1);
  return row ?? null;
}

/** Attempts a day past their end: nothing comes back for them. */
export async function dropOldAttempts(now = new Date()): Promise<number> {
  const db = await getDb();
  const gone = await db.delete(ssoAttempts).where(lt(ssoAttempts.expiresAt, new Date(now.getTime() - 24 * 60 * 60 * 1000))).returning({ id: ssoAttempts.id });
  return gone.length;
}

/** The cookie that ties an attempt to the browser that started it (set by the start, read by the callback). */
export const BROWSER_COOKIE = 'lantern_sso_browser';

const cookieValue = (req: Request, name: string) =>
  (req.headers.get('cookie') ?? '')
    .split(';')
    .map((c) => c.trim().split('='))
    .find(([k]) => k === name)?.[1] ?? null;

/** Refuses a callback that reached another browser than the one that started the sign-in: someone's own response posted from a victim's browser would sign the victim in as them. */
export function assertSameBrowser(attempt: Attempt, req: Request): void {
  if (!attempt.browserHash) return;
  const held = cookieValue(req, BROWSER_COOKIE);
  // The value is base64url (randomToken): compared as sent, never decoded (a stray % must not throw).
  if (!held || sha256(held) !== attempt.browserHash) throw ssoError('state', 'This sign-in was started in another browser (or its cookie was blocked). Sign in again from this browser.', attempt.schoolId);
}
