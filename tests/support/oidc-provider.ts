import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

// A real OpenID provider for the tests (oidc-provider, certified by the OpenID Foundation) on a
// local port. Its sign-in page is a one-field form ("sign in as"), or, with `autoLogin`, no page at
// all, so a test without a browser can walk the redirects. People are set per test.

export type TestPerson = { email: string; email_verified?: boolean; given_name?: string; family_name?: string };

export type TestOidcProvider = {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Adds or replaces the person signing in under `email` (verified unless said otherwise). */
  setPerson(person: TestPerson): void;
  /** Signs this address in at the next authorization without a page (tests without a browser). */
  autoLogin: string | null;
  close(): Promise<void>;
};

export async function startOidcProvider(opts: { redirectUri: string; clientId?: string; clientSecret?: string; port?: number }): Promise<TestOidcProvider> {
  const clientId = opts.clientId ?? 'lantern-test';
  const clientSecret = opts.clientSecret ?? 'lantern-test-secret-0123456789abcdef';
  const people = new Map<string, TestPerson>();
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [{ client_id: clientId, client_secret: clientSecret, redirect_uris: [opts.redirectUri], grant_types: ['authorization_code'], response_types: ['code'], token_endpoint_auth_method: 'client_secret_post' }],
    async findAccount(_ctx: unknown, id: string) {
      const person = people.get(id);
      if (!person) return undefined;
      return { accountId: id, claims: () => ({ sub: id, email: person.email, email_verified: person.email_verified ?? true, given_name: person.given_name, family_name: person.family_name }) };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    cookies: { keys: ['lantern-test-provider-cookie-key'] },
    // The test provider's own log lines (an http issuer, in-memory storage) are noise here.
    renderError(ctx: { type: string; body: string }, out: { error: string; error_description?: string }) {
      ctx.type = 'text/plain';
      ctx.body = `${out.error}: ${out.error_description ?? ''}`;
    },
  });

  const finish = async (req: http.IncomingMessage, res: http.ServerResponse, email: string) => {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === 'login') {
      await provider.interactionFinished(req, res, { login: { accountId: email } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: details.session!.accountId!, clientId });
    grant.addOIDCScope('openid email profile');
    await provider.interactionFinished(req, res, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
  };

  const handle = provider.callback();
  const state = {
    issuer,
    clientId,
    clientSecret,
    autoLogin: null as string | null,
    setPerson: (person: TestPerson) => void people.set(person.email, person),
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  server.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const interaction = /^\/interaction\/([^/]+)(\/login)?$/.exec(url.pathname);
    if (!interaction) return handle(req, res);
    void (async () => {
      if (interaction[2] && req.method === 'POST') {
        let body = '';
        for await (const chunk of req) body += chunk;
        return finish(req, res, new URLSearchParams(body).get('email') ?? '');
      }
      const details = await provider.interactionDetails(req, res);
      if (details.prompt.name !== 'login') return finish(req, res, details.session?.accountId ?? '');
      if (state.autoLogin) return finish(req, res, state.autoLogin);
      res.setHeader('content-type', 'text/html; charset=utf-8');
      res.end(`<!doctype html><title>Test identity provider</title><h1>Test identity provider</h1>
<form method="post" action="/interaction/${details.uid}/login"><label>E-mail <input name="email" type="email" autofocus></label><button type="submit">Sign in at the provider</button></form>`);
    })().catch((err: unknown) => {
      res.statusCode = 500;
      res.end(String(err));
    });
  });
  return state;
}
