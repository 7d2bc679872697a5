import 'server-only';
import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { schools, ssoAttempts, type SsoConnectionRow } from '@/db/schema';
import { readTextCapped } from '@/lib/http/body';
import { AppError, notFound } from '@/lib/http/errors';
import { beginAttempt, type Attempt } from './attempts';
import { ssoError } from './errors';
import { samlSignInUrl, spMetadataXml, type SamlIdp, type SamlSignIn } from './saml';
import type { SsoClaims } from './sign-in';

// The browser's way through a SAML 2.0 sign-in (lib/sso/saml.ts checks the messages): the
// AuthnRequest's id is the attempt's key, the attempt's id travels as RelayState, and the IdP posts
// the response back to the school's ACS (POST /auth/sso/saml/acs/{schoolId}, lib/sso/flow.ts).

/** A SAMLResponse is a few kilobytes (tens with many attributes); anything this large is not one. */
export const MAX_ACS_BODY_BYTES = 256 * 1024;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The identity provider of a SAML connection, or why it cannot sign anyone in. */
export function samlIdpOf(conn: SsoConnectionRow): SamlIdp {
  if (conn.protocol !== 'saml' || !conn.idp) throw ssoError('no_connection', 'The school does not sign in with SAML: its single sign-on connection was changed. Sign in again.');
  return conn.idp;
}

/** Where to send the browser: the IdP's HTTP-Redirect address with an AuthnRequest whose id the attempt is kept under. */
export async function samlStart(conn: SsoConnectionRow, next: string | null, testBy: number | null, browser: string): Promise<string> {
  const idp = samlIdpOf(conn);
  const { url, requestId } = await samlSignInUrl({ schoolId: conn.schoolId, idp, relayState: '' });
  const attempt = await beginAttempt({ key: requestId, schoolId: conn.schoolId, protocol: 'saml', next, testBy, browser });
  // The attempt's id is known only once it is stored under the request's id, so it is put in the
  // address afterwards. The AuthnRequest is unsigned: nothing signs the query (were requests signed,
  // the RelayState would have to be known before signing).
  const target = new URL(url);
  target.searchParams.set('RelayState', attempt.id);
  return target.toString();
}

/** The form the IdP posted (HTTP-POST binding): SAMLResponse and RelayState, read within MAX_ACS_BODY_BYTES. */
export async function readAcsForm(req: Request): Promise<{ samlResponse: string; relayState: string | null }> {
  let text: string;
  try {
    text = await readTextCapped(req, MAX_ACS_BODY_BYTES);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    throw ssoError('malformed', err.status === 413 ? `The sign-in response is larger than ${MAX_ACS_BODY_BYTES / 1024} KB, which no identity provider sends` : 'The sign-in response could not be read');
  }
  let form: FormData;
  try {
    // As req.formData() would, but on the bytes already bounded (url-encoded, or multipart).
    form = await new Response(text, { headers: { 'content-type': req.headers.get('content-type') ?? '' } }).formData();
  } catch {
    throw ssoError('malformed', 'The identity provider did not post a sign-in form');
  }
  const value = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' && v.trim() ? v.trim() : null;
  };
  const samlResponse = value('SAMLResponse');
  if (!samlResponse) throw ssoError('malformed', 'The identity provider posted no SAMLResponse');
  return { samlResponse, relayState: value('RelayState') };
}

/**
 * The school's unused Test sign-in that a RelayState names, or null. RelayState is not signed, so
 * it is trusted for nothing but this: showing a failure in the test window that started it. A test
 * attempt signs nobody in.
 */
export async function pendingTestAttempt(relayState: string | null, schoolId: number): Promise<Attempt | null> {
  if (!relayState || !UUID.test(relayState)) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(ssoAttempts)
    .where(and(eq(ssoAttempts.id, relayState), eq(ssoAttempts.schoolId, schoolId), eq(ssoAttempts.protocol, 'saml'), isNotNull(ssoAttempts.testBy), isNull(ssoAttempts.usedAt), gt(ssoAttempts.expiresAt, new Date())))
    .limit(1);
  return row ?? null;
}

/**
 * Claims that test attempt for the failure it is shown, as a sign-in claims its attempt: its window
 * gets one outcome, and a later post naming it (a replay, or anyone who learnt the id) finds it used
 * and changes nothing. Null when something else claimed it first.
 */
export async function claimTestAttempt(attempt: Attempt): Promise<Attempt | null> {
  const db = await getDb();
  const [claimed] = await db
    .update(ssoAttempts)
    .set({ usedAt: new Date() })
    .where(and(eq(ssoAttempts.id, attempt.id), eq(ssoAttempts.schoolId, attempt.schoolId), isNotNull(ssoAttempts.testBy), isNull(ssoAttempts.usedAt), gt(ssoAttempts.expiresAt, new Date())))
    .returning();
  return claimed ?? null;
}

/** Who signed in, as every protocol's end reads it. */
export function samlClaims(read: SamlSignIn): SsoClaims {
  return {
    subject: read.name_id,
    email: read.email,
    // The e-mail comes from the IdP's signed assertion: the school's own directory asserts the
    // address (SAML has no email_verified). It must still be in one of the connection's domains.
    emailVerified: true,
    firstName: read.first_name,
    lastName: read.last_name,
    sessionEndsAt: read.session_not_on_or_after,
  };
}

/** GET /auth/sso/saml/metadata/{schoolId}: Lantern's metadata for the school's IdP (also while the connection is turned off, to set it up). */
export async function samlMetadataResponse(schoolId: number): Promise<Response> {
  // Served for every school, connected or not: an IdP is set up from it before the school saves its side.
  const db = await getDb();
  const [school] = await db.select({ id: schools.id }).from(schools).where(eq(schools.id, schoolId)).limit(1);
  if (!school) throw notFound('School not found');
  return new Response(spMetadataXml(schoolId), { headers: { 'content-type': 'application/samlmetadata+xml; charset=utf-8', 'cache-control': 'public, max-age=300' } });
}
