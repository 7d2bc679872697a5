import 'server-only';
import { defineOperations } from '@/lib/http/operation';
import { operation } from '@/lib/http/route';
import { deleteSsoConnection, getSsoConnection, saveSsoConnection } from './connection';
import { ssoConnectionInputSchema } from './schema';

// The school's single sign-on connection (school admins; superusers working in the school).
const errors = [401, 403, 404];

export const ssoOperations = defineOperations({
  get: operation({
    method: 'GET', path: '/schools/my-school/sso', tag: 'Single sign-on', auth: 'bearer', errors,
    summary: "The school's connection: {protocol, issuer, client_id, client_secret (masked), email_domains, default_role, enforce, enabled, redirect_uri (register it at the provider), updated_at}; 404 without one",
    handler: ({ ctx }) => getSsoConnection(ctx),
  }),
  save: operation({
    method: 'PUT', path: '/schools/my-school/sso', tag: 'Single sign-on', auth: 'bearer', body: ssoConnectionInputSchema, errors: [...errors, 409],
    summary:
      "Connect the school's identity provider. OpenID Connect: {protocol: oidc, issuer (its discovery document is fetched and checked: 422 naming issuer when it is not an OpenID provider), client_id, client_secret (kept when absent or masked), email_domains (the school's website domain or under it, or approved by a superuser; never a public mail service: 422; another school's: 409), default_role user|admin, enforce, enabled}. SAML 2.0 is not available yet (422). Answers as GET does",
    handler: ({ ctx, body }) => saveSsoConnection(ctx, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/schools/my-school/sso', tag: 'Single sign-on', auth: 'bearer', errors, summary: 'Remove the connection and free its domains: {message}',
    handler: ({ ctx }) => deleteSsoConnection(ctx),
  }),
});
