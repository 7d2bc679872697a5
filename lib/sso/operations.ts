import 'server-only';
import { NextResponse } from 'next/server';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { secureCookies } from '@/lib/auth/cookies';
import { defineOperations } from '@/lib/http/operation';
import { ATTEMPT_LIFETIME_MS, BROWSER_COOKIE } from './attempts';
import { operation } from '@/lib/http/route';
import { deleteSsoConnection, getSsoConnection, requireSsoAdmin, saveSsoConnection } from './connection';
import { ssoLookup } from './domains';
import { oidcCallback, samlAcs, startSsoSignIn, startSsoTest, type SsoOutcome } from './flow';
import { samlMetadataResponse } from './saml-flow';
import { ssoConnectionInputSchema } from './schema';

// The school's single sign-on connection (school admins; superusers working in the school), and
// the browser's way through a sign-in (redirects, not JSON).
const errors = [401, 403, 404];
const tag = 'Single sign-on';

const emailQuery = z.object({ email: z.email({ error: 'Enter a valid e-mail address' }).max(254) });
const startQuery = emailQuery.extend({ next: z.string().max(2000).optional() });
/** What a provider sends back: each parameter is read and checked by the flow itself. */
const callbackQuery = z.object({}).catchall(z.string().max(4000));
const schoolParams = z.object({ schoolId: idField });

/**
 * A 303 to where the sign-in goes on, with the session cookie when it succeeded, and the cookie that
 * ties an attempt to this browser: SameSite=None on https, because a SAML provider posts back from
 * its own site (Lax would not be sent); Lax on plain http, where browsers refuse None.
 */
function redirectTo(outcome: SsoOutcome): Response {
  const res = new NextResponse(null, { status: 303, headers: { location: outcome.location, 'cache-control': 'no-store' } });
  if (outcome.cookie) res.cookies.set(outcome.cookie.name, outcome.cookie.value, outcome.cookie.options);
  if (outcome.browser) {
    const secure = secureCookies();
    res.cookies.set(BROWSER_COOKIE, outcome.browser, { httpOnly: true, path: '/', secure, sameSite: secure ? 'none' : 'lax', maxAge: ATTEMPT_LIFETIME_MS / 1000 });
  }
  return res;
}

export const ssoOperations = defineOperations({
  get: operation({
    method: 'GET', path: '/schools/my-school/sso', tag, auth: 'bearer', errors,
    summary:
      "The school's connection; 404 without one. OpenID Connect: {protocol: oidc, issuer, client_id, client_secret (masked), email_domains, default_role, enforce, enabled, redirect_uri (register it at the provider), updated_at}. SAML 2.0: {protocol: saml, idp_metadata_url, idp_entity_id, idp_sso_url, email_domains, default_role, enforce, enabled, sp_entity_id, acs_url, sp_metadata_url (give these to the identity provider), updated_at}",
    handler: ({ ctx }) => getSsoConnection(ctx),
  }),
  save: operation({
    method: 'PUT', path: '/schools/my-school/sso', tag, auth: 'bearer', body: ssoConnectionInputSchema, errors: [...errors, 409],
    summary:
      "Connect the school's identity provider. OpenID Connect: {protocol: oidc, issuer (its discovery document is fetched and checked: 422 naming issuer when it is not an OpenID provider), client_id, client_secret (kept when absent or masked), email_domains (the school's website domain or under it, or approved by a superuser; never a public mail service: 422; another school's: 409), default_role user|admin, enforce, enabled}. SAML 2.0: {protocol: saml, idp_metadata_xml (the identity provider's metadata) or idp_metadata_url (read on save), exactly one (422 naming the field when it is not an identity provider's metadata or cannot be read), email_domains, default_role, enforce, enabled}. Answers as GET does",
    handler: ({ ctx, body }) => saveSsoConnection(ctx, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/schools/my-school/sso', tag, auth: 'bearer', errors, summary: 'Remove the connection and free its domains: {message}',
    handler: ({ ctx }) => deleteSsoConnection(ctx),
  }),
  test: operation({
    method: 'GET', path: '/schools/my-school/sso/test', tag, auth: 'bearer-or-session', errors, status: 303,
    summary: "Test sign-in: sends the browser through the school's provider (a redirect) to a page showing the claims received or what went wrong; signs nobody in",
    handler: ({ ctx }) => startSsoTest(ctx, requireSsoAdmin(ctx)),
    respond: redirectTo,
  }),
  lookup: operation({
    method: 'GET', path: '/auth/sso/lookup', tag, auth: 'none', query: emailQuery,
    summary: "Whether the address's domain signs in with its school's single sign-on: {school_name (null when not), enforce (password sign-in refused)}",
    handler: ({ query }) => ssoLookup(query.email),
  }),
  start: operation({
    method: 'GET', path: '/auth/sso/start', tag, auth: 'none', query: startQuery, status: 303,
    // Each start stores an attempt and asks the provider: a person starts a few, a flood is refused early.
    limit: { max: 30, windowSeconds: 60 },
    summary: "Sign in with the address's school provider: a redirect there (OIDC: authorization code with PKCE S256, state and nonce; SAML: an AuthnRequest by HTTP-Redirect), or to the sign-in page saying why not. `next`: a path of Lantern to end on",
    handler: ({ query }) => startSsoSignIn(query.email, query.next),
    respond: redirectTo,
  }),
  oidcCallback: operation({
    method: 'GET', path: '/auth/sso/oidc/callback', tag, auth: 'none', query: callbackQuery, status: 303,
    summary: 'Where the OpenID provider sends the browser back (register it as the redirect URI): ends in a web session on `next`, else the dashboard, or on the sign-in page with the reason',
    handler: ({ req }) => oidcCallback(req),
    respond: redirectTo,
  }),
  // The identity provider's page posts here from its own site (HTTP-POST binding): `auth: 'none'`
  // checks no Origin; the only cookie read is the attempt's browser cookie (SameSite=None on https).
  // The form (not JSON, so no `body` schema) is read by the handler within 256 KB.
  samlAcs: operation({
    method: 'POST', path: '/auth/sso/saml/acs/{schoolId}', tag, auth: 'none', params: schoolParams, status: 303,
    summary:
      "The school's SAML assertion consumer service (HTTP-POST binding): a form with SAMLResponse and RelayState, posted by the identity provider's page. Ends in a web session on `next`, else the dashboard, or on the sign-in page with the reason (a Test sign-in: on its result page)",
    handler: ({ req, params }) => samlAcs(params.schoolId, req),
    respond: redirectTo,
  }),
  samlMetadata: operation({
    method: 'GET', path: '/auth/sso/saml/metadata/{schoolId}', tag, auth: 'none', params: schoolParams, errors: [404], responseDescription: 'The metadata (application/samlmetadata+xml)',
    summary: "Lantern's SAML service-provider metadata for the school (entity id, ACS), for its identity provider, served before the school connects (the IdP is set up from it first); 404 for no such school",
    handler: ({ params }) => samlMetadataResponse(params.schoolId),
  }),
});
