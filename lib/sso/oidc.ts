import 'server-only';
import * as client from 'openid-client';
import type { SsoConnectionRow } from '@/db/schema';
import { AppError } from '@/lib/http/errors';
import { safeFetch } from '@/lib/security/outbound';
import { open, seal } from '@/lib/security/secret-box';
import { publicOrigin } from '@/lib/system/public-origin';
import { beginAttempt, claimAttempt, type Attempt } from './attempts';
import { SsoError, ssoError } from './errors';
import type { SsoClaims } from './sign-in';

// OpenID Connect with openid-client: the authorization code flow with PKCE (S256), state and nonce.
// openid-client checks the ID token (signature from the provider's JWKS, issuer, audience, expiry,
// nonce); every request it makes to the provider goes through safeFetch like any address a user typed.

export const CLIENT_SECRET_PURPOSE = 'sso client secret';
const VERIFIER_PURPOSE = 'sso pkce verifier';

/** Where the provider sends the browser back: registered at the provider, exactly. */
export const oidcRedirectUri = () => `${publicOrigin()}/auth/sso/oidc/callback`;

/** openid-client's fetch, as safeFetch: no private addresses (unless allowed), bounded time and size, no redirects. */
const outboundFetch: client.CustomFetch = async (url, options) => {
  const headers: Record<string, string> = {};
  new Headers(options.headers as HeadersInit).forEach((v, k) => (headers[k] = v));
  const body = options.body == null ? undefined : options.body instanceof URLSearchParams ? options.body.toString() : String(options.body);
  const res = await safeFetch(url, { method: options.method, headers, body, maxRedirects: 0, maxBytes: 1024 * 1024 });
  const out = new Headers();
  for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out.set(k, Array.isArray(v) ? v.join(', ') : String(v));
  return new Response(res.status === 204 || res.status === 304 ? null : new Uint8Array(res.body), { status: res.status, headers: out });
};

/** The provider, discovered afresh: an unreachable one is said in words, not as a stack. */
async function configOf(conn: SsoConnectionRow): Promise<client.Configuration> {
  const secret = conn.clientSecretSealed ? open(conn.clientSecretSealed, CLIENT_SECRET_PURPOSE) : null;
  if (!conn.issuer || !conn.clientId || !secret) throw ssoError('no_connection', 'The school\'s single sign-on is not set up completely. Ask its administrator.');
  try {
    return await client.discovery(new URL(conn.issuer), conn.clientId, { client_secret: secret }, client.ClientSecretPost(secret), {
      [client.customFetch]: outboundFetch,
      // The ID token's signature is checked against the provider's JWKS even though it came straight
      // from the token endpoint (openid-client would otherwise trust the TLS connection alone); http
      // only for hosts OUTBOUND_ALLOW_HOSTS names (saving an http issuer elsewhere is refused).
      execute: [client.enableNonRepudiationChecks, ...(conn.issuer.startsWith('http://') ? [client.allowInsecureRequests] : [])],
      timeout: 10,
    });
  } catch (err) {
    throw ssoError('unreachable', `The school's sign-in service does not answer (${conn.issuer}). Try again later, or ask the school's IT department.${err instanceof AppError ? ` ${err.detail}` : ''}`);
  }
}

/** Where to send the browser: the provider's authorization endpoint for a new attempt. */
export async function oidcSignInUrl(conn: SsoConnectionRow, next: string | null, testBy: number | null, browser: string): Promise<string> {
  const config = await configOf(conn);
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  await beginAttempt({ key: state, schoolId: conn.schoolId, protocol: 'oidc', secretSealed: seal(JSON.stringify({ verifier, nonce }), VERIFIER_PURPOSE), next, testBy, browser });
  return client
    .buildAuthorizationUrl(config, {
      redirect_uri: oidcRedirectUri(),
      scope: 'openid email profile',
      response_type: 'code',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    })
    .toString();
}

/** Which attempt a callback answers (by its state), claimed once. */
export const claimOidcAttempt = (state: string | null) => {
  if (!state) throw ssoError('state', 'The sign-in response carries no state. Sign in again.');
  return claimAttempt(state, 'oidc');
};

/** Why openid-client refused the callback, in words. */
function refusal(err: unknown): SsoError {
  if (err instanceof SsoError) return err;
  if (err instanceof client.AuthorizationResponseError) return ssoError('provider_error', `The identity provider refused the sign-in: ${err.error_description || err.error}.`);
  if (err instanceof client.ResponseBodyError) {
    if (err.error === 'invalid_grant') return ssoError('replayed', 'The identity provider did not accept this sign-in code (used already, or expired). Sign in again.');
    return ssoError('provider_error', `The identity provider refused the sign-in: ${err.error_description || err.error}.`);
  }
  // openid-client wraps what failed (its cause says which check, in words and a code).
  const cause = (err as { cause?: { message?: string; code?: string } }).cause;
  const code = `${(err as { code?: string }).code ?? ''} ${cause?.code ?? ''}`;
  const message = `${err instanceof Error ? err.message : ''} ${cause?.message ?? ''}`;
  if (/signature verification failed|KEY_SELECTION/.test(`${message} ${code}`)) return ssoError('signature', 'The identity provider\'s signature on the sign-in does not check out against its published keys.');
  if (/"iss"/.test(message)) return ssoError('issuer', 'The sign-in came from another identity provider than the one configured (issuer mismatch).');
  if (/"aud"|"azp"/.test(message)) return ssoError('audience', 'The sign-in was meant for another application (audience mismatch): check the client ID.');
  if (/"nonce"/.test(message)) return ssoError('state', 'The sign-in does not belong to the sign-in started here (nonce mismatch). Sign in again.');
  if (code.includes('OAUTH_JWT_TIMESTAMP_CHECK_FAILED')) return ssoError('expired', 'The identity provider\'s sign-in token has expired, or the clocks disagree. Sign in again.');
  if (err instanceof AppError || code.includes('OAUTH_RESPONSE_IS_NOT_JSON')) return ssoError('unreachable', 'The school\'s sign-in service did not answer properly. Try again later.');
  return ssoError('malformed', 'The identity provider\'s answer could not be read.');
}

/** The callback: the code exchanged (with the attempt's PKCE verifier), the ID token checked, the person's claims. */
export async function finishOidc(conn: SsoConnectionRow, attempt: Attempt, callbackUrl: URL): Promise<SsoClaims> {
  try {
    const secret = attempt.secretSealed ? open(attempt.secretSealed, VERIFIER_PURPOSE) : null;
    if (!secret) throw ssoError('state', 'This sign-in cannot be finished here. Sign in again.');
    const { verifier, nonce } = JSON.parse(secret) as { verifier: string; nonce: string };
    const config = await configOf(conn);
    // The provider sent the browser to the registered address: the code is checked against exactly that.
    const current = new URL(oidcRedirectUri());
    current.search = callbackUrl.search;
    const tokens = await client.authorizationCodeGrant(config, current, { pkceCodeVerifier: verifier, expectedState: callbackUrl.searchParams.get('state') ?? undefined, expectedNonce: nonce, idTokenExpected: true });
    const idToken = tokens.claims();
    if (!idToken) throw ssoError('malformed', 'The identity provider sent no ID token.');
    // Providers that keep the e-mail out of the ID token (the code flow allows it) answer it from userinfo, for the same subject.
    const claims: Record<string, unknown> = idToken.email === undefined && config.serverMetadata().userinfo_endpoint ? { ...(await client.fetchUserInfo(config, tokens.access_token, idToken.sub)), ...idToken } : idToken;
    const text = (k: string) => (typeof claims[k] === 'string' && (claims[k] as string).trim() ? (claims[k] as string).trim() : null);
    return {
      subject: idToken.sub,
      email: text('email'),
      // Entra ID sends no email_verified: its optional claim xms_edov says the domain's owner vouches for the address.
      emailVerified: claims.email_verified === true || claims.email_verified === 'true' || claims.xms_edov === true || claims.xms_edov === '1',
      firstName: text('given_name') ?? text('name')?.split(' ')[0] ?? null,
      lastName: text('family_name') ?? (text('name')?.split(' ').slice(1).join(' ') || null),
      sessionEndsAt: null,
    };
  } catch (err) {
    throw refusal(err);
  }
}
