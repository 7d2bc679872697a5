import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { schools, ssoConnections, ssoDomains, type SsoConnectionRow } from '@/db/schema';

// Which school's single sign-on an e-mail address belongs to, by its domain: read by the sign-in
// dialog (is there an SSO button, is the password hidden), by the start of a sign-in and by the
// password sign-in and reset, which an enforced connection refuses.

export const domainOf = (email: string) => email.trim().toLowerCase().split('@').pop() ?? '';

export type SsoForEmail = { schoolId: number; schoolName: string; connection: SsoConnectionRow };

/** The e-mail domains a school's connection signs in, sorted (none without a connection). */
export async function schoolDomains(schoolId: number): Promise<string[]> {
  const db = await getDb();
  return (await db.select({ domain: ssoDomains.domain }).from(ssoDomains).where(eq(ssoDomains.schoolId, schoolId)).orderBy(ssoDomains.domain)).map((d) => d.domain);
}

/** The enabled connection that signs in this address's domain, or null. */
export async function ssoForEmail(email: string): Promise<SsoForEmail | null> {
  const domain = domainOf(email);
  if (!domain) return null;
  const db = await getDb();
  const [row] = await db
    .select({ connection: ssoConnections, schoolName: schools.name })
    .from(ssoDomains)
    .innerJoin(ssoConnections, eq(ssoConnections.schoolId, ssoDomains.schoolId))
    .innerJoin(schools, eq(schools.id, ssoDomains.schoolId))
    .where(and(eq(ssoDomains.domain, domain), eq(ssoConnections.enabled, true)))
    .limit(1);
  return row ? { schoolId: row.connection.schoolId, schoolName: row.schoolName, connection: row.connection } : null;
}

/** The school whose enforced connection signs this address in (password sign-in is refused for it), or null. */
export async function enforcedSsoFor(email: string): Promise<{ schoolId: number; schoolName: string } | null> {
  const found = await ssoForEmail(email);
  return found?.connection.enforce ? { schoolId: found.schoolId, schoolName: found.schoolName } : null;
}

/** GET /auth/sso/lookup: the school whose single sign-on the address uses (null when none), and whether passwords are refused. */
export async function ssoLookup(email: string): Promise<{ school_name: string | null; enforce: boolean }> {
  const found = await ssoForEmail(email);
  return { school_name: found?.schoolName ?? null, enforce: found?.connection.enforce ?? false };
}

/** What the password sign-in answers an address that must use its school's single sign-on. */
export const ssoRequiredMessage = (schoolName: string) => `${schoolName} signs you in with single sign-on: choose "Continue with ${schoolName} SSO".`;
