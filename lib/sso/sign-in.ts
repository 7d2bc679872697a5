import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, type Executor } from '@/db/client';
import { ssoIdentities, users, type SsoProtocol } from '@/db/schema';
import { recordAudit } from '@/lib/audit/record';
import { NO_PASSWORD } from '@/lib/auth/password';
import { startWebSession } from '@/lib/auth/tokens';
import { findUserById } from '@/lib/users/queries';
import type { UserWithSchool } from '@/lib/users/present';
import { domainOf, schoolDomains } from './domains';
import { SsoError, ssoError } from './errors';

// What every single sign-on ends in, whichever protocol brought the person back: the provider's
// verified e-mail in one of the connection's domains, the staff account of that school (made at the
// first sign-in, linked when a password account already holds the address), and a web session that
// lasts no longer than the provider's session, 12 hours at most.

export const SSO_SESSION_MAX_MS = 12 * 60 * 60 * 1000;

/** What the provider said about the person, read from OIDC claims or SAML attributes. */
export type SsoClaims = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  /** The provider's session ends then (SAML SessionNotOnOrAfter), when it says. */
  sessionEndsAt: Date | null;
};

export type SsoSignedIn = { user: UserWithSchool; sid: string; expiresAt: Date; created: boolean };

/** The e-mail a sign-in may use: verified by the provider and in one of the connection's domains. */
export async function checkClaims(schoolId: number, claims: SsoClaims): Promise<string> {
  if (!claims.email) throw ssoError('no_email', 'The identity provider did not send an e-mail address. Ask your IT department to release the e-mail claim to Lantern.');
  const email = claims.email.trim().toLowerCase();
  if (!claims.emailVerified) throw ssoError('unverified_email', `The identity provider has not verified ${email}. Verify the address there, then sign in again.`);
  if (!(await schoolDomains(schoolId)).includes(domainOf(email))) throw ssoError('foreign_domain', `${email} is not in an e-mail domain this school signs in with single sign-on.`);
  return email;
}

/** Serialises making a school's accounts by SSO and by SCIM in `tx`: one address never becomes two accounts. */
export const lockSchoolAccounts = (tx: Executor, schoolId: number) => tx.execute(sql`select pg_advisory_xact_lock(7311051, ${schoolId})`);

/**
 * A new account of the school with no password (it signs in through the school's provider), named
 * from its e-mail's local part (the first username the school does not have); answers its id.
 */
export async function insertPasswordlessAccount(tx: Executor, a: { schoolId: number; email: string; firstName: string | null; lastName: string | null; role: 'user' | 'admin'; isActive?: boolean }): Promise<number> {
  const base = (a.email.split('@')[0] ?? '').replace(/[^A-Za-z0-9_.-]/g, '').slice(0, 40).padEnd(3, '0');
  const held = new Set(
    (await tx.select({ username: users.username }).from(users).where(and(eq(users.schoolId, a.schoolId), sql`lower(${users.username}) like ${`${base.toLowerCase()}%`}`))).map((u) => u.username.toLowerCase()),
  );
  let username = base;
  for (let n = 2; held.has(username.toLowerCase()); n++) username = `${base}-${n}`;
  const [row] = await tx
    .insert(users)
    .values({ email: a.email, username, firstName: a.firstName || a.email.split('@')[0]!, lastName: a.lastName ?? '', role: a.role, schoolId: a.schoolId, isActive: a.isActive ?? true, passwordHash: NO_PASSWORD })
    .returning({ id: users.id });
  return row!.id;
}

/**
 * The school's account for the person: linked when one holds the address (its password, if any,
 * stays), else made with the connection's default role and no password. Names follow the provider.
 */
async function accountFor(schoolId: number, protocol: SsoProtocol, defaultRole: 'user' | 'admin', email: string, claims: SsoClaims): Promise<{ userId: number; created: boolean }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Two first sign-ins of one address at once (or one and SCIM) must make one account.
    await lockSchoolAccounts(tx, schoolId);
    const [existing] = await tx.select().from(users).where(and(eq(users.schoolId, schoolId), sql`lower(${users.email}) = ${email}`)).limit(1);
    const names = { ...(claims.firstName ? { firstName: claims.firstName.slice(0, 100) } : {}), ...(claims.lastName ? { lastName: claims.lastName.slice(0, 100) } : {}) };
    let userId: number;
    let created = false;
    if (existing) {
      // A school's provider vouches for the school's staff, never for a platform administrator (whose
      // accounts in schools share their address): that would hand the platform to whoever runs it.
      if (existing.role === 'superuser') throw ssoError('superuser', 'This address belongs to a platform administrator, who signs in with a password.');
      if (!existing.isActive) throw ssoError('account_disabled', 'Your Lantern account in this school is disabled. Ask the school\'s administrator.');
      userId = existing.id;
      await tx.update(users).set({ ...names, lastLoginAt: new Date(), updatedAt: new Date() }).where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
    } else {
      userId = await insertPasswordlessAccount(tx, { schoolId, email, firstName: names.firstName ?? null, lastName: names.lastName ?? null, role: defaultRole });
      await tx.update(users).set({ lastLoginAt: new Date() }).where(and(eq(users.id, userId), eq(users.schoolId, schoolId)));
      created = true;
      await recordAudit({ action: 'user.created', actor: { id: userId, email }, schoolId, target: { type: 'user', id: userId }, details: { by: 'sso', role: defaultRole } }, tx);
    }
    await tx
      .insert(ssoIdentities)
      .values({ userId, schoolId, protocol, subject: claims.subject, createdBySso: created })
      .onConflictDoUpdate({ target: ssoIdentities.userId, set: { protocol, subject: claims.subject, lastSignInAt: new Date() } });
    await recordAudit({ action: 'auth.sso_sign_in', actor: { id: userId, email }, schoolId, target: { type: 'user', id: userId }, details: { protocol, created } }, tx);
    return { userId, created };
  });
}

/** Signs the person in: checks the claims, finds or makes the account, starts the session record. */
export async function completeSsoSignIn(input: { schoolId: number; protocol: SsoProtocol; defaultRole: 'user' | 'admin'; claims: SsoClaims }): Promise<SsoSignedIn> {
  const email = await checkClaims(input.schoolId, input.claims);
  const { userId, created } = await accountFor(input.schoolId, input.protocol, input.defaultRole, email, input.claims);
  const user = (await findUserById(userId))!;
  const cap = Date.now() + SSO_SESSION_MAX_MS;
  const expiresAt = new Date(input.claims.sessionEndsAt ? Math.min(cap, input.claims.sessionEndsAt.getTime()) : cap);
  if (expiresAt.getTime() <= Date.now()) throw ssoError('expired', 'The identity provider\'s session has already ended. Sign in again.');
  const sid = await startWebSession(user, [user.id], expiresAt);
  return { user, sid, expiresAt, created };
}

/** A refused sign-in's audit entry: the school, the protocol and why (the address only when the provider sent one). */
export async function recordSsoFailure(schoolId: number | null, protocol: SsoProtocol | null, err: SsoError, email?: string | null): Promise<void> {
  await recordAudit({ action: 'auth.sso_sign_in_failed', actor: { id: null, email: email ?? null }, schoolId, details: { protocol, reason: err.code } });
}
