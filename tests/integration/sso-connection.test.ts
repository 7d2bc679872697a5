import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as basicRoute from '@/app/(rest)/schools/my-school/basic/route';
import * as ssoRoute from '@/app/(rest)/schools/my-school/sso/route';
import { getDb, resultRows } from '@/db/client';
import { ssoConnections } from '@/db/schema';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// A school's single sign-on connection: an OpenID provider's discovery document fetched and checked
// on save, the secret sealed and masked, the e-mail domains the school may claim, roles and tenancy
// (SAML connections: sso-saml-flow.test.ts).

let su: string;
let harbor: StaffSchool;
let birch: StaffSchool;
let birchSuperuser: string;
let provider: http.Server;
let issuer: string;
/** What the provider's discovery document says (a test may break it). */
let discovery: (base: string) => { status: number; body: string } = (base) => ({
  status: 200,
  body: JSON.stringify({ issuer: base, authorization_endpoint: `${base}/auth`, token_endpoint: `${base}/token`, jwks_uri: `${base}/jwks`, response_types_supported: ['code'] }),
});

beforeAll(async () => {
  provider = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/tenant`;
    if (req.url !== '/tenant/.well-known/openid-configuration') return res.writeHead(404).end('not here');
    const answer = discovery(base);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
  });
  await new Promise<void>((r) => provider.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/tenant`;
  process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${(provider.address() as AddressInfo).port}`;
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'sso-root@lantern.test', password: STRONG_PASSWORD, username: 'ssoroot', first_name: 'S', last_name: 'R' } })).json.access_token;
  harbor = await staffWithSchool(su, 'itdesk@harbor.edu', 'Harbor SSO College');
  birch = await staffWithSchool(su, 'itdesk@birch.edu', 'Birch SSO College');
  await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: harbor.token, body: { name: 'Harbor SSO College', website_url: 'https://www.harbor.edu' } });
  await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: birch.token, body: { name: 'Birch SSO College', website_url: 'https://birch.edu' } });
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await new Promise((r) => provider.close(r));
});

const put = (s: StaffSchool | string, body: unknown) => call(ssoRoute.PUT, 'PUT', '/schools/my-school/sso', { token: typeof s === 'string' ? s : s.token, body });
const get = (s: StaffSchool | string) => call(ssoRoute.GET, 'GET', '/schools/my-school/sso', { token: typeof s === 'string' ? s : s.token });
const oidc = (over: Record<string, unknown> = {}) => ({ protocol: 'oidc', issuer, client_id: 'lantern-harbor', client_secret: 's3cret-value-for-harbor', email_domains: ['harbor.edu'], default_role: 'user', enforce: false, enabled: true, ...over });

describe('an OpenID Connect connection', () => {
  it('is saved once the issuer answers as an OpenID provider; the secret is sealed and never returned', async () => {
    expect((await get(harbor)).status).toBe(404);
    const saved = await put(harbor, oidc({ email_domains: ['Harbor.edu', '@staff.harbor.edu'] }));
    expect(saved.status).toBe(200);
    expect(saved.json).toMatchObject({ protocol: 'oidc', issuer, client_id: 'lantern-harbor', client_secret: '********', email_domains: ['harbor.edu', 'staff.harbor.edu'], default_role: 'user', enforce: false, enabled: true });
    expect(saved.json.redirect_uri).toBe(`${(process.env.APP_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/+$/, '')}/auth/sso/oidc/callback`);
    expect((await get(harbor)).json).toEqual(saved.json);
    const [row] = await (await getDb()).select().from(ssoConnections).where(eq(ssoConnections.schoolId, harbor.id));
    expect(row!.clientSecretSealed).not.toContain('s3cret');
    expect(row!.discovery).toMatchObject({ token_endpoint: `${issuer}/token`, jwks_uri: `${issuer}/jwks` });
    // Saved again with the mask: the secret is kept; the change is audited without it.
    expect((await put(harbor, oidc({ client_secret: '********', enforce: true }))).json).toMatchObject({ enforce: true, client_secret: '********' });
    const audit = resultRows<{ details: unknown }>(await (await getDb()).execute(sql`select details from audit_log where school_id = ${harbor.id} and action = 'settings.sso_changed' order by id`));
    expect(audit).toHaveLength(2);
    expect(JSON.stringify(audit)).not.toContain('s3cret');
  });

  it('refuses an issuer that is not an OpenID provider, naming issuer', async () => {
    type Doc = (base: string) => { status: number; body: string };
    const docs: Doc[] = [
      () => ({ status: 404, body: 'no' }),
      () => ({ status: 200, body: '<html>hello</html>' }),
      () => ({ status: 200, body: 'null' }),
      () => ({ status: 200, body: '[1, 2]' }),
      () => ({ status: 200, body: JSON.stringify({ issuer: 'https://elsewhere.example', authorization_endpoint: 'x', token_endpoint: 'y', jwks_uri: 'z' }) }),
      (base) => ({ status: 200, body: JSON.stringify({ issuer: base, authorization_endpoint: `${base}/auth`, token_endpoint: `${base}/token` }) }),
    ];
    const cases = docs.map((f, i): [Doc, string] => [f, String(i)]);
    const good = discovery;
    try {
      for (const [doc, label] of cases) {
        discovery = doc;
        const res = await put(birch, oidc({ email_domains: ['birch.edu'] }));
        expect([label, res.status, res.json.detail[0].loc]).toEqual([label, 422, ['body', 'issuer']]);
        expect(res.json.detail[0].msg).toMatch(/^This is not an OpenID provider: /);
      }
    } finally {
      discovery = good;
    }
    const unreachable = await put(birch, oidc({ issuer: 'http://127.0.0.1:1/none', email_domains: ['birch.edu'] }));
    expect([unreachable.status, unreachable.json.detail[0].loc]).toEqual([422, ['body', 'issuer']]);
  });

  it('takes only domains of the school: never a public mail service, never another school’s', async () => {
    for (const [domains, why] of [
      [['gmail.com'], /public mail service/],
      [['outlook.com'], /public mail service/],
      [['elsewhere.edu'], /not the school's website domain \(birch\.edu\)/],
      [['not a domain'], /Enter a domain/],
    ] as const) {
      const res = await put(birch, oidc({ email_domains: domains }));
      expect(res.status).toBe(422);
      expect(res.json.detail[0].loc[1]).toBe('email_domains');
      expect(res.json.detail[0].msg).toMatch(why);
    }
    // A superuser working in Birch approves a domain outside its website; Harbor's stays Harbor's (409).
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'platform@birch.edu', username: 'platformbirch', password: STRONG_PASSWORD, first_name: 'P', last_name: 'B', role: 'superuser', school_id: birch.id } });
    birchSuperuser = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'platform@birch.edu', password: STRONG_PASSWORD } })).json.access_token as string;
    const approved = await put(birchSuperuser, oidc({ email_domains: ['birch.edu', 'birch-alumni.org'] }));
    expect(approved.status).toBe(200);
    expect(approved.json.email_domains).toEqual(['birch-alumni.org', 'birch.edu']);
    const claimed = await put(birchSuperuser, oidc({ email_domains: ['birch.edu', 'harbor.edu'] }));
    expect(claimed.status).toBe(409);
    expect(claimed.json.detail).toContain('harbor.edu');
    // The admin cannot claim it either (not Birch's website), and Birch's connection is as it was.
    expect((await put(birch, oidc({ email_domains: ['birch.edu', 'harbor.edu'] }))).status).toBe(422);
    expect((await get(birch)).json.email_domains).toEqual(['birch-alumni.org', 'birch.edu']);
    // The approval stands: Birch's admin saves again (enforcement on) keeping the approved domain.
    expect((await put(birch, oidc({ email_domains: ['birch.edu', 'birch-alumni.org'], enforce: true }))).status).toBe(200);
    expect((await put(birch, oidc({ email_domains: ['birch.edu', 'birch-alumni.org'], enforce: false }))).status).toBe(200);
  });

  it('takes a domain above the website only with a superuser, and reaches a provider only over https', async () => {
    const d = await staffWithSchool(su, 'itdesk@admissions.dune.edu', 'Dune SSO College');
    await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: d.token, body: { name: 'Dune SSO College', website_url: 'https://admissions.dune.edu' } });
    const parent = await put(d, oidc({ email_domains: ['dune.edu'] }));
    expect([parent.status, parent.json.detail[0].loc]).toEqual([422, ['body', 'email_domains']]);
    const plain = await put(d, oidc({ issuer: 'http://idp.dune.example/tenant', email_domains: ['admissions.dune.edu'] }));
    expect([plain.status, plain.json.detail[0].loc, plain.json.detail[0].msg]).toEqual([422, ['body', 'issuer'], 'The identity provider must be reached over https (issuer is http)']);
    const metadata = await put(d, { protocol: 'saml', idp_metadata_url: 'http://idp.dune.example/metadata', email_domains: ['admissions.dune.edu'] });
    expect([metadata.status, metadata.json.detail[0].loc]).toEqual([422, ['body', 'idp_metadata_url']]);
  });

  it('needs a client secret the first time, and answers a user role 403; a SAML connection needs its metadata', async () => {
    const c = await staffWithSchool(su, 'itdesk@cedar.edu', 'Cedar SSO College');
    await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: c.token, body: { name: 'Cedar SSO College', website_url: 'https://cedar.edu' } });
    const noSecret = await put(c, oidc({ client_secret: undefined, email_domains: ['cedar.edu'] }));
    expect([noSecret.status, noSecret.json.detail[0].loc]).toEqual([422, ['body', 'client_secret']]);
    // SAML is offered (sso-saml-flow.test.ts signs in with it); without metadata it is refused naming the field.
    const samlRes = await put(c, { protocol: 'saml', email_domains: ['cedar.edu'] });
    expect([samlRes.status, samlRes.json.detail[0].loc]).toEqual([422, ['body', 'idp_metadata_xml']]);
    const notMetadata = await put(c, { protocol: 'saml', idp_metadata_url: `${issuer}/.well-known/openid-configuration`, email_domains: ['cedar.edu'] });
    expect([notMetadata.status, notMetadata.json.detail[0].loc]).toEqual([422, ['body', 'idp_metadata_url']]);
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'clerk@cedar.edu', username: 'cedarclerk', password: STRONG_PASSWORD, first_name: 'C', last_name: 'C', role: 'user', school_id: c.id } });
    const clerk = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'clerk@cedar.edu', password: STRONG_PASSWORD } })).json.access_token as string;
    expect((await get(clerk)).status).toBe(403);
    expect((await put(clerk, oidc({ email_domains: ['cedar.edu'] }))).status).toBe(403);
    expect((await call(ssoRoute.DELETE, 'DELETE', '/schools/my-school/sso', { token: clerk })).status).toBe(403);
  });

  it('is removed with its domains, which another school may then claim', async () => {
    expect((await call(ssoRoute.DELETE, 'DELETE', '/schools/my-school/sso', { token: birch.token })).status).toBe(200);
    expect((await get(birch)).status).toBe(404);
    expect((await call(ssoRoute.DELETE, 'DELETE', '/schools/my-school/sso', { token: birch.token })).status).toBe(404);
    // Harbor's connection is untouched by Birch's calls; once Harbor removes it, its domain is free.
    expect((await get(harbor)).json.email_domains).toEqual(['harbor.edu']);
    expect((await call(ssoRoute.DELETE, 'DELETE', '/schools/my-school/sso', { token: harbor.token })).status).toBe(200);
    expect((await put(birchSuperuser, oidc({ email_domains: ['harbor.edu'] }))).status).toBe(200);
  });
});
