import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as callbackRoute from '@/app/(rest)/auth/sso/oidc/callback/route';
import * as startRoute from '@/app/(rest)/auth/sso/start/route';
import * as basicRoute from '@/app/(rest)/schools/my-school/basic/route';
import * as ssoRoute from '@/app/(rest)/schools/my-school/sso/route';
import { getDb, resultRows } from '@/db/client';
import { users } from '@/db/schema';
import { call, ssoBrowserCookie, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// ID tokens a relying party must refuse, from a provider whose every answer the test writes: signed
// by a key the provider does not publish, for another client (audience), by another issuer,
// expired, or for another sign-in (nonce). The real provider (sso-oidc.test.ts) never sends such
// tokens, so these are made here with jose and served the way a provider serves them. Also: a
// provider that stops answering.

let su: string;
let pier: StaffSchool;
let server: http.Server;
let issuer: string;
let publishedKey: JWK;
let keys: Awaited<ReturnType<typeof generateKeyPair>>;
let strangerKeys: Awaited<ReturnType<typeof generateKeyPair>>;
/** What the token endpoint signs next: claims over the good ones, and with which key. */
let forge: { claims?: Record<string, unknown>; key?: 'stranger' } = {};
/** The nonce of the sign-in under way, read from the authorization request. */
let nonce = '';

beforeAll(async () => {
  keys = await generateKeyPair('RS256');
  strangerKeys = await generateKeyPair('RS256');
  publishedKey = { ...(await exportJWK(keys.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const json = (body: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (url.pathname === '/.well-known/openid-configuration') {
      return json({ issuer, authorization_endpoint: `${issuer}/auth`, token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks`, response_types_supported: ['code'], id_token_signing_alg_values_supported: ['RS256'], subject_types_supported: ['public'] });
    }
    if (url.pathname === '/jwks') return json({ keys: [publishedKey] });
    if (url.pathname === '/token') {
      void (async () => {
        const now = Math.floor(Date.now() / 1000);
        const claims = { iss: issuer, aud: 'lantern-pier', sub: 'subject-1', iat: now, exp: now + 300, nonce, email: 'kim@pier.edu', email_verified: true, ...forge.claims };
        const idToken = await new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: 'k1' }).sign(forge.key === 'stranger' ? strangerKeys.privateKey : keys.privateKey);
        json({ access_token: 'at', token_type: 'Bearer', expires_in: 300, id_token: idToken });
      })();
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  process.env.OUTBOUND_ALLOW_HOSTS = new URL(issuer).host;
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'forged-root@lantern.test', password: STRONG_PASSWORD, username: 'forgedroot', first_name: 'F', last_name: 'R' } })).json.access_token;
  pier = await staffWithSchool(su, 'itdesk@pier.edu', 'Pier College');
  await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: pier.token, body: { name: 'Pier College', website_url: 'https://pier.edu' } });
  const saved = await call(ssoRoute.PUT, 'PUT', '/schools/my-school/sso', { token: pier.token, body: { protocol: 'oidc', issuer, client_id: 'lantern-pier', client_secret: 'pier-secret', email_domains: ['pier.edu'] } });
  expect(saved.status).toBe(200);
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

/** A sign-in started, "approved" at the provider, and brought back with a code: where it ends. */
async function signInWith(claims: typeof forge) {
  forge = claims;
  const start = await call(startRoute.GET, 'GET', '/auth/sso/start', { query: { email: 'kim@pier.edu' } });
  const auth = new URL(start.headers.get('location')!);
  nonce = auth.searchParams.get('nonce')!;
  const cookie = ssoBrowserCookie(start) ?? '';
  const back = await call(callbackRoute.GET, 'GET', `/auth/sso/oidc/callback?code=c0de&state=${encodeURIComponent(auth.searchParams.get('state')!)}`, { headers: { cookie } });
  return { location: back.headers.get('location'), cookie: back.headers.get('set-cookie') };
}

const reasons = async () => resultRows<{ reason: string }>(await (await getDb()).execute(sql`select details->>'reason' as reason from audit_log where school_id = ${pier.id} and action = 'auth.sso_sign_in_failed' order by id`)).map((r) => r.reason);

describe('ID tokens a relying party must refuse', () => {
  it('accepts the honest token (the forger works)', async () => {
    expect(await signInWith({})).toMatchObject({ location: '/dashboard' });
  });

  it.each<[string, typeof forge]>([
    ['signature', { key: 'stranger' }],
    ['issuer', { claims: { iss: 'https://another-provider.example' } }],
    ['audience', { claims: { aud: 'another-app' } }],
    ['expired', { claims: { exp: Math.floor(Date.now() / 1000) - 600, iat: Math.floor(Date.now() / 1000) - 900 } }],
    ['state', { claims: { nonce: 'another-sign-in' } }],
  ])('refuses a token failing the %s check: no session, nothing made, the reason audited', async (reason, claims) => {
    const before = (await (await getDb()).select().from(users)).length;
    const ended = await signInWith({ ...claims, claims: { ...claims.claims, email: `new-${reason}@pier.edu` } });
    expect(ended).toEqual({ location: `/login?sso_error=${reason}`, cookie: null });
    expect((await (await getDb()).select().from(users)).length).toBe(before);
    expect((await reasons()).at(-1)).toBe(reason);
  });

  it('says the school sign-in service does not answer when the provider is down, and keeps other sign-ins working', async () => {
    server.closeAllConnections();
    await new Promise((r) => server.close(r));
    try {
      const start = await call(startRoute.GET, 'GET', '/auth/sso/start', { query: { email: 'kim@pier.edu' } });
      expect(start.status).toBe(303);
      expect(start.headers.get('location')).toBe('/login?sso_error=unreachable');
      expect((await reasons()).at(-1)).toBe('unreachable');
    } finally {
      await new Promise<void>((r) => server.listen(Number(new URL(issuer).port), '127.0.0.1', r));
    }
  });
});
