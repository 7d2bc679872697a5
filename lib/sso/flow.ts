import 'server-only';
import type { SsoConnectionRow } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { webSessionCookie } from '@/lib/auth/web-session';
import { sitePath } from '@/lib/web/site-path';
import { notFound } from '@/lib/http/errors';
import { randomToken } from '@/lib/security/tokens';
import { assertSameBrowser, beginAttempt, claimAttempt, keepTestResult, type Attempt } from './attempts';
import { SSO_NOT_FOUND, storedConnection } from './connection';
import { ssoForEmail } from './domains';
import { SsoError, ssoError } from './errors';
import { claimOidcAttempt, finishOidc, oidcSignInUrl } from './oidc';
import { readSamlResponse, type SamlSignIn } from './saml';
import { claimTestAttempt, pendingTestAttempt, readAcsForm, samlClaims, samlIdpOf, samlStart } from './saml-flow';
import { checkClaims, completeSsoSignIn, recordSsoFailure, type SsoClaims } from './sign-in';

// The browser's way through a single sign-on: start (to the school's provider), come back (the
// callback), end in a web session on `next` or on the sign-in page with the reason. A Test sign-in
// from the settings screen takes the same way and ends on a page showing what the provider sent.

/**
 * A redirect the browser follows, with the session cookie when the sign-in succeeded; `browser`: the
 * value of the cookie that ties a new attempt to this browser (set by a start; it ends with the attempt).
 */
export type SsoOutcome = { location: string; cookie?: Awaited<ReturnType<typeof webSessionCookie>>; browser?: string };

export const testResultPath = (attemptId: string) => `/dashboard/sso/test/${attemptId}`;
const failedPath = (err: SsoError) => `/login?sso_error=${err.code}`;

/** The provider's address for a new attempt, tied to this browser by a fresh random value (its cookie). */
async function signInUrl(conn: SsoConnectionRow, next: string | null, testBy: number | null): Promise<SsoOutcome> {
  const browser = randomToken();
  const location = conn.protocol === 'saml' ? await samlStart(conn, next, testBy, browser) : await oidcSignInUrl(conn, next, testBy, browser);
  return { location, browser };
}

/** GET /auth/sso/start?email=&next=: to the provider of the address's school, or back to the sign-in page saying why not. */
export async function startSsoSignIn(email: string, next: string | undefined): Promise<SsoOutcome> {
  const found = await ssoForEmail(email);
  try {
    if (!found) throw ssoError('no_connection', 'No single sign-on for this address');
    return await signInUrl(found.connection, sitePath(next), null);
  } catch (err) {
    if (!(err instanceof SsoError)) throw err;
    await recordSsoFailure(found?.schoolId ?? null, found?.connection.protocol ?? null, err);
    return { location: failedPath(err) };
  }
}

/** GET /schools/my-school/sso/test: the same way for the admin setting it up, ending on the test result page. */
export async function startSsoTest(ctx: AuthContext, schoolId: number): Promise<SsoOutcome> {
  const conn = await storedConnection(schoolId);
  if (!conn) throw notFound(SSO_NOT_FOUND);
  try {
    return await signInUrl(conn, null, ctx.user.id);
  } catch (err) {
    if (!(err instanceof SsoError)) throw err;
    // The provider did not answer: the test window says so, like any other failed test.
    const attempt = await beginAttempt({ key: randomToken(), schoolId, protocol: conn.protocol, next: null, testBy: ctx.user.id });
    await keepTestResult(attempt.id, { ok: false, code: err.code, message: err.message });
    return { location: testResultPath(attempt.id) };
  }
}

/** What a callback has established so far: its attempt, the school's connection, the person's claims. */
export type CallbackProgress = { attempt?: Attempt; conn?: SsoConnectionRow; claims?: SsoClaims };

/** The connection a callback of this school may use (a Test sign-in also works while it is turned off). */
export async function usableConnection(schoolId: number, testing: boolean): Promise<SsoConnectionRow> {
  const conn = await storedConnection(schoolId);
  if (!conn) throw ssoError('no_connection', 'The school no longer has a single sign-on connection.');
  if (!conn.enabled && !testing) throw ssoError('disabled', 'Single sign-on is turned off for this school.');
  return conn;
}

/**
 * Finishes a callback once `steps` have claimed its attempt and read the claims: a test keeps what
 * the provider sent (or why it failed) for its page; a sign-in checks the claims and starts the
 * session. Every refusal is audited and ends on the sign-in page with its reason.
 */
export async function finishSignIn(req: Request, steps: (p: CallbackProgress) => Promise<void>): Promise<SsoOutcome> {
  const p: CallbackProgress = {};
  try {
    await steps(p);
    const { attempt, conn, claims } = p as Required<CallbackProgress>;
    assertSameBrowser(attempt, req);
    if (attempt.testBy) {
      let verdict = 'This address can sign in.';
      try {
        await checkClaims(attempt.schoolId, claims);
      } catch (err) {
        if (!(err instanceof SsoError)) throw err;
        verdict = err.message;
      }
      await keepTestResult(attempt.id, { ok: true, claims: { ...claims, sessionEndsAt: claims.sessionEndsAt?.toISOString() ?? null }, verdict });
      return { location: testResultPath(attempt.id) };
    }
    const signedIn = await completeSsoSignIn({ schoolId: attempt.schoolId, protocol: conn.protocol, defaultRole: conn.defaultRole, claims });
    const cookie = await webSessionCookie(signedIn.user, signedIn.sid, signedIn.expiresAt);
    return { location: sitePath(attempt.next) ?? '/dashboard', cookie };
  } catch (err) {
    if (!(err instanceof SsoError)) throw err;
    await recordSsoFailure(p.attempt?.schoolId ?? p.conn?.schoolId ?? err.schoolId, p.conn?.protocol ?? p.attempt?.protocol ?? null, err, p.claims?.email);
    if (p.attempt?.testBy) {
      await keepTestResult(p.attempt.id, { ok: false, code: err.code, message: err.message });
      return { location: testResultPath(p.attempt.id) };
    }
    return { location: failedPath(err) };
  }
}

/** GET /auth/sso/oidc/callback: the attempt claimed by its state first, then the code exchanged. */
export function oidcCallback(req: Request): Promise<SsoOutcome> {
  const url = new URL(req.url);
  return finishSignIn(req, async (p) => {
    p.attempt = await claimOidcAttempt(url.searchParams.get('state'));
    p.conn = await usableConnection(p.attempt.schoolId, Boolean(p.attempt.testBy));
    p.claims = await finishOidc(p.conn, p.attempt, url);
  });
}

/**
 * POST /auth/sso/saml/acs/{schoolId}: the response checked against the school's IdP, then its
 * attempt claimed by the signed InResponseTo (one use of each assertion). A failure before then
 * shows in the Test sign-in window that RelayState names, if it is one of this school's.
 */
export function samlAcs(schoolId: number, req: Request): Promise<SsoOutcome> {
  return finishSignIn(req, async (p) => {
    let test: Attempt | null = null;
    let read: SamlSignIn;
    try {
      const form = await readAcsForm(req);
      test = await pendingTestAttempt(form.relayState, schoolId);
      // Whether this is a test is known for sure only from the attempt; a disabled connection is
      // read for a test (RelayState) and checked again once the attempt is claimed below.
      p.conn = await usableConnection(schoolId, test !== null);
      read = await readSamlResponse({ schoolId, idp: samlIdpOf(p.conn), samlResponse: form.samlResponse });
      const attempt = await claimAttempt(read.in_response_to, 'saml');
      // The IdP signed it for this school's ACS and audience; a request of another school's is not this sign-in's.
      if (attempt.schoolId !== schoolId) throw ssoError('state', 'This sign-in response answers a sign-in started for another school. Sign in again.');
      p.attempt = attempt;
    } catch (err) {
      if (err instanceof SsoError && test) p.attempt = (await claimTestAttempt(test)) ?? undefined;
      throw err;
    }
    if (!p.attempt.testBy && !p.conn.enabled) throw ssoError('disabled', 'Single sign-on is turned off for this school.');
    p.claims = samlClaims(read);
  });
}
