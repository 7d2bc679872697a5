import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as acsRoute from '@/app/(rest)/auth/sso/saml/acs/[schoolId]/route';
import * as metadataRoute from '@/app/(rest)/auth/sso/saml/metadata/[schoolId]/route';
import * as startRoute from '@/app/(rest)/auth/sso/start/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as basicRoute from '@/app/(rest)/schools/my-school/basic/route';
import * as ssoRoute from '@/app/(rest)/schools/my-school/sso/route';
import * as testRoute from '@/app/(rest)/schools/my-school/sso/test/route';
import { getDb, resultRows } from '@/db/client';
import { refreshTokens, ssoAttempts, ssoConnections, ssoIdentities, users } from '@/db/schema';
import { sha256 } from '@/lib/security/tokens';
import { samlAcsUrl, spEntityId } from '@/lib/sso/saml';
import { readAcsForm } from '@/lib/sso/saml-flow';
import { publicOrigin } from '@/lib/system/public-origin';
import { startSamlIdp, wrapSignature, type IdpUser, type IssueKnobs, type SamlTestIdp } from '../support/saml-idp';
import { call, ssoBrowserCookie, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// Signing in with a school's SAML 2.0 identity provider, a real one (samlify) on a local port,
// walked without a browser: the start redirects to the IdP (HTTP-Redirect), the IdP's auto-posting
// page is read for its SAMLResponse and RelayState, and those are posted to the ACS route as the
// browser would. Every refusal leaves no session and no account; a Test sign-in keeps its outcome.

let su: string;
let pier: StaffSchool;
let idp: SamlTestIdp;
/** An OpenID provider's discovery document, for switching a connection between protocols. */
let oidcProvider: http.Server;
let issuer: string;

const ADA: IdpUser = { email: 'ada@pier.edu', first_name: 'Ada', last_name: 'Lovelace' };
const GOOD: IssueKnobs = { signAssertion: true, signResponse: false, expired: false, otherCertificate: false, audience: undefined, recipient: undefined, issuer: undefined, sessionNotOnOrAfter: undefined };

const put = (s: StaffSchool | string, body: unknown) => call(ssoRoute.PUT, 'PUT', '/schools/my-school/sso', { token: typeof s === 'string' ? s : s.token, body });
const get = (s: StaffSchool | string) => call(ssoRoute.GET, 'GET', '/schools/my-school/sso', { token: typeof s === 'string' ? s : s.token });
const saml = (over: Record<string, unknown> = {}) => ({ protocol: 'saml', idp_metadata_xml: idp.metadataXml, email_domains: ['pier.edu'], default_role: 'user', enforce: false, enabled: true, ...over });

beforeAll(async () => {
  idp = await startSamlIdp({ user: ADA });
  oidcProvider = http.createServer((req, res) => {
    const base = `http://127.0.0.1:${(oidcProvider.address() as AddressInfo).port}`;
    if (req.url !== '/.well-known/openid-configuration') return res.writeHead(404).end('not here');
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ issuer: base, authorization_endpoint: `${base}/auth`, token_endpoint: `${base}/token`, jwks_uri: `${base}/jwks` }));
  });
  await new Promise<void>((r) => oidcProvider.listen(0, '127.0.0.1', r));
  issuer = `http://127.0.0.1:${(oidcProvider.address() as AddressInfo).port}`;
  process.env.OUTBOUND_ALLOW_HOSTS = `${new URL(idp.url).host},${new URL(issuer).host}`;
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'saml-root@lantern.test', password: STRONG_PASSWORD, username: 'samlroot', first_name: 'S', last_name: 'R' } })).json.access_token;
  pier = await staffWithSchool(su, 'itdesk@pier.edu', 'Pier College');
  await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: pier.token, body: { name: 'Pier College', website_url: 'https://pier.edu' } });
  expect((await put(pier, saml())).status).toBe(200);
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await idp.close();
  await new Promise((r) => oidcProvider.close(r));
});

beforeEach(() => {
  idp.set(GOOD);
  idp.setUser(ADA);
});

type IdpForm = { action: string; samlResponse: string; relayState: string | null };

const unescapeHtml = (s: string) => s.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** Follows a redirect to the IdP and reads the form its page posts back (as the browser would submit it). */
async function throughIdp(location: string): Promise<IdpForm> {
  expect(location.startsWith(idp.ssoUrl)).toBe(true);
  const res = await fetch(location);
  const page = await res.text();
  expect(res.status, page).toBe(200);
  const field = (name: string) => {
    const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
    return m ? unescapeHtml(m[1]!) : null;
  };
  return { action: unescapeHtml(/action="([^"]+)"/.exec(page)![1]!), samlResponse: field('SAMLResponse')!, relayState: field('RelayState') };
}

/** The cookie the last start gave this "browser" (it ties the attempt to it); posts carry it back. */
let browserCookie = '';
const keepBrowser = <T extends { headers: Headers }>(res: T): T => {
  browserCookie = ssoBrowserCookie(res) ?? browserCookie;
  return res;
};

/** Starts a sign-in as `email` and answers the IdP's form. */
async function signInAt(email: string, next?: string): Promise<IdpForm> {
  const start = keepBrowser(await call(startRoute.GET, 'GET', '/auth/sso/start', { query: { email, ...(next ? { next } : {}) } }));
  expect(start.status).toBe(303);
  return throughIdp(start.headers.get('location')!);
}

/** The form posted to the ACS route, form-encoded and from the IdP's site, as its page does. */
function post(form: Pick<IdpForm, 'samlResponse' | 'relayState'> & { action?: string }, schoolId = pier.id) {
  const action = new URL(form.action ?? samlAcsUrl(schoolId));
  const fields = new URLSearchParams({ SAMLResponse: form.samlResponse, ...(form.relayState !== null ? { RelayState: form.relayState } : {}) });
  return call(acsRoute.POST, 'POST', action.pathname, {
    rawBody: fields.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: new URL(idp.url).origin, 'sec-fetch-site': 'cross-site', cookie: browserCookie },
    params: { schoolId: String(schoolId) },
  });
}

const db = async () => getDb();
const accountsOf = async (email: string) => (await db()).select().from(users).where(sql`lower(${users.email}) = ${email}`);
const auditOf = async (action: string) => resultRows<{ details: Record<string, unknown>; actor_email: string | null }>(await (await db()).execute(sql`select details, actor_email from audit_log where school_id = ${pier.id} and action = ${action} order by id`));
const failures = async () => (await auditOf('auth.sso_sign_in_failed')).map((e) => e.details.reason);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('signing in with the school SAML identity provider', () => {
  it('makes the account at the first sign-in and finds it again at the next, in a web session of at most 12 hours', async () => {
    const form = await signInAt('ada@pier.edu', '/dashboard/leads');
    // RelayState is the attempt's id; the attempt is kept under the AuthnRequest's id.
    expect(form.action).toBe(`${publicOrigin()}/auth/sso/saml/acs/${pier.id}`);
    expect(form.relayState).toMatch(UUID);
    const [attempt] = await (await db()).select().from(ssoAttempts).where(eq(ssoAttempts.id, form.relayState!));
    expect(attempt).toMatchObject({ schoolId: pier.id, protocol: 'saml', keyHash: sha256(idp.requests.at(-1)!.id), next: '/dashboard/leads', usedAt: null });

    const first = await post(form);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/dashboard/leads');
    expect(first.headers.get('set-cookie')).toMatch(/next-auth\.session-token=[^;]+.*HttpOnly/i);
    const [ada] = await accountsOf('ada@pier.edu');
    expect(ada).toMatchObject({ schoolId: pier.id, role: 'user', firstName: 'Ada', lastName: 'Lovelace', isActive: true });
    const [identity] = await (await db()).select().from(ssoIdentities).where(eq(ssoIdentities.userId, ada!.id));
    expect(identity).toMatchObject({ protocol: 'saml', subject: 'ada@pier.edu', createdBySso: true });
    const [session] = await (await db()).select().from(refreshTokens).where(eq(refreshTokens.userId, ada!.id)).orderBy(desc(refreshTokens.id)).limit(1);
    expect(session!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 12 * 3_600_000 + 1000);
    expect(session!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 3_600_000);
    // No password: nothing opens it.
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'ada@pier.edu', password: '!sso' } })).status).toBe(401);

    // The IdP's session ends in two hours: so does Lantern's. Names follow the IdP.
    const idpSessionEnd = new Date(Date.now() + 2 * 3_600_000);
    idp.set({ sessionNotOnOrAfter: idpSessionEnd });
    idp.setUser({ ...ADA, first_name: 'Augusta Ada', last_name: 'King' });
    const second = await post(await signInAt('ada@pier.edu', 'https://evil.example/steal'));
    expect(second.headers.get('location')).toBe('/dashboard');
    const again = await accountsOf('ada@pier.edu');
    expect(again).toHaveLength(1);
    expect(again[0]).toMatchObject({ firstName: 'Augusta Ada', lastName: 'King' });
    const [later] = await (await db()).select().from(refreshTokens).where(eq(refreshTokens.userId, ada!.id)).orderBy(desc(refreshTokens.id)).limit(1);
    expect(later!.id).not.toBe(session!.id);
    expect(later!.expiresAt.getTime()).toBeLessThanOrEqual(idpSessionEnd.getTime());
    expect(later!.expiresAt.getTime()).toBeGreaterThan(idpSessionEnd.getTime() - 60_000);
    const signIns = (await auditOf('auth.sso_sign_in')).filter((e) => e.actor_email === 'ada@pier.edu');
    expect(signIns.map((e) => [e.details.protocol, e.details.created])).toEqual([['saml', true], ['saml', false]]);
  });

  it('refuses a response posted from another browser than the one that started the sign-in (login CSRF)', async () => {
    idp.setUser({ email: 'otto@pier.edu' });
    const form = await signInAt('otto@pier.edu');
    browserCookie = 'lantern_sso_browser=a-victims-own';
    const victim = await post(form);
    expect(victim.headers.get('location')).toBe('/login?sso_error=state');
    expect(victim.headers.get('set-cookie')).toBeNull();
    expect(await accountsOf('otto@pier.edu')).toHaveLength(0);
  });

  it('counts each response once: the same form posted again is a replay', async () => {
    const form = await signInAt('ada@pier.edu');
    expect((await post(form)).headers.get('location')).toBe('/dashboard');
    const replay = await post(form);
    expect(replay.status).toBe(303);
    expect(replay.headers.get('location')).toBe('/login?sso_error=replayed');
    expect(replay.headers.get('set-cookie')).toBeNull();
    expect(await failures()).toContain('replayed');
  });

  it('refuses an expired, unsigned, foreign-signed or misaddressed response: no session, no account, an audit entry', async () => {
    const cases: [Partial<IssueKnobs>, string][] = [
      [{ expired: true }, 'expired'],
      [{ signAssertion: false, signResponse: false }, 'unsigned'],
      [{ otherCertificate: true }, 'certificate'],
      [{ audience: 'https://other.example/sp' }, 'audience'],
      [{ recipient: 'https://other.example/acs' }, 'recipient'],
      [{ issuer: 'https://other-idp.example' }, 'issuer'],
    ];
    for (const [knobs, code] of cases) {
      idp.set({ ...GOOD, ...knobs });
      idp.setUser({ email: 'newcomer@pier.edu', first_name: 'New' });
      const res = await post(await signInAt('newcomer@pier.edu'));
      expect([code, res.status, res.headers.get('location')]).toEqual([code, 303, `/login?sso_error=${code}`]);
      expect(res.headers.get('set-cookie')).toBeNull();
    }
    expect(await accountsOf('newcomer@pier.edu')).toHaveLength(0);
    expect(await failures()).toEqual(expect.arrayContaining(cases.map(([, code]) => code)));
  });

  it('never signs in the e-mail of an unsigned assertion wrapped around or beside the signed one', async () => {
    for (const variant of ['advice', 'sibling'] as const) {
      const form = await signInAt('ada@pier.edu');
      const attack = wrapSignature(form.samlResponse, { email: 'mallory@pier.edu', variant });
      const res = await post({ ...form, samlResponse: attack });
      expect(res.headers.get('location')).toBe('/login?sso_error=signature');
      expect(res.headers.get('set-cookie')).toBeNull();
      // The genuine form still works once: the attack did not use up the attempt.
      expect((await post(form)).headers.get('location')).toBe('/dashboard');
    }
    expect(await accountsOf('mallory@pier.edu')).toHaveLength(0);
  });

  it('refuses a response the IdP sent unasked (IdP-initiated), and one that answers no request made here', async () => {
    const unasked = await idp.responseFor({ requestId: null, acsUrl: samlAcsUrl(pier.id), spEntityId: spEntityId(pier.id) });
    expect((await post({ samlResponse: unasked, relayState: null })).headers.get('location')).toBe('/login?sso_error=state');
    const unknown = await idp.responseFor({ requestId: '_never-requested', acsUrl: samlAcsUrl(pier.id), spEntityId: spEntityId(pier.id) });
    expect((await post({ samlResponse: unknown, relayState: null })).headers.get('location')).toBe('/login?sso_error=state');
  });

  it('refuses an e-mail outside the connection domains, and makes nothing', async () => {
    idp.setUser({ email: 'eve@elsewhere.org', first_name: 'Eve' });
    const res = await post(await signInAt('someone@pier.edu'));
    expect(res.headers.get('location')).toBe('/login?sso_error=foreign_domain');
    expect(await accountsOf('eve@elsewhere.org')).toHaveLength(0);
    const [entry] = (await auditOf('auth.sso_sign_in_failed')).filter((e) => e.details.reason === 'foreign_domain');
    expect(entry).toMatchObject({ actor_email: 'eve@elsewhere.org', details: { protocol: 'saml' } });
  });

  it('refuses what is not a sign-in form, and a body too large to be one, before reading it', async () => {
    const acs = (rawBody: string, contentType = 'application/x-www-form-urlencoded') =>
      call(acsRoute.POST, 'POST', `/auth/sso/saml/acs/${pier.id}`, { rawBody, headers: { 'content-type': contentType }, params: { schoolId: String(pier.id) } });
    for (const res of [await acs('RelayState=x'), await acs('{"SAMLResponse":"x"}', 'application/json'), await acs(`SAMLResponse=${'A'.repeat(300 * 1024)}`), await acs('SAMLResponse=bm90IHhtbA==')]) {
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/login?sso_error=malformed');
    }
    expect((await call(acsRoute.POST, 'POST', '/auth/sso/saml/acs/abc', { rawBody: 'SAMLResponse=x', params: { schoolId: 'abc' } })).status).toBe(422);
    // The size is what refused the large one: its bytes are not read past the limit.
    const large = new Request(`http://localhost:3000/auth/sso/saml/acs/${pier.id}`, { method: 'POST', body: `SAMLResponse=${'A'.repeat(300 * 1024)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    await expect(readAcsForm(large)).rejects.toMatchObject({ code: 'malformed', message: 'The sign-in response is larger than 256 KB, which no identity provider sends' });
  });
});

describe('a Test sign-in through the SAML identity provider', () => {
  const startTest = async () => {
    const res = keepBrowser(await call(testRoute.GET, 'GET', '/schools/my-school/sso/test', { token: pier.token }));
    expect(res.status).toBe(303);
    return throughIdp(res.headers.get('location')!);
  };
  const attemptOf = async (id: string) => (await (await db()).select().from(ssoAttempts).where(eq(ssoAttempts.id, id)))[0]!;

  it('keeps what the IdP sent for its window and signs nobody in', async () => {
    idp.setUser({ email: 'tess@pier.edu', first_name: 'Tess', last_name: 'Ter' });
    const form = await startTest();
    const res = await post(form);
    expect(res.headers.get('location')).toBe(`/dashboard/sso/test/${form.relayState}`);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await attemptOf(form.relayState!)).result).toMatchObject({ ok: true, verdict: 'This address can sign in.', claims: { subject: 'tess@pier.edu', email: 'tess@pier.edu', emailVerified: true, firstName: 'Tess', lastName: 'Ter' } });
    expect(await accountsOf('tess@pier.edu')).toHaveLength(0);
  });

  it('keeps why it failed, also when the response cannot be trusted to name its attempt, and only once', async () => {
    idp.set({ otherCertificate: true });
    const form = await startTest();
    const res = await post(form);
    expect(res.headers.get('location')).toBe(`/dashboard/sso/test/${form.relayState}`);
    const attempt = await attemptOf(form.relayState!);
    expect(attempt.result).toMatchObject({ ok: false, code: 'certificate', message: expect.stringMatching(/certificate does not match/) });
    expect(attempt.usedAt).not.toBeNull();
    // Posted again (or by anyone who learnt the id): the sign-in page, and the result stays.
    idp.set(GOOD);
    const again = await post({ ...form, samlResponse: await idp.responseFor({ requestId: '_other', acsUrl: samlAcsUrl(pier.id), spEntityId: spEntityId(pier.id) }) });
    expect(again.headers.get('location')).toBe('/login?sso_error=state');
    expect((await attemptOf(form.relayState!)).result).toEqual(attempt.result);

    // The e-mail outside the domains is a verdict of a test that worked.
    idp.setUser({ email: 'guest@elsewhere.org' });
    const outside = await startTest();
    expect((await post(outside)).headers.get('location')).toBe(`/dashboard/sso/test/${outside.relayState}`);
    expect((await attemptOf(outside.relayState!)).result).toMatchObject({ ok: true, verdict: expect.stringMatching(/not in an e-mail domain/) });
  });

  it('works while the connection is turned off, which stops every real sign-in, also one already at the IdP', async () => {
    const underway = await signInAt('ada@pier.edu');
    expect((await put(pier, saml({ enabled: false }))).status).toBe(200);
    try {
      expect((await post(underway)).headers.get('location')).toBe('/login?sso_error=disabled');
      const start = await call(startRoute.GET, 'GET', '/auth/sso/start', { query: { email: 'ada@pier.edu' } });
      expect(start.headers.get('location')).toBe('/login?sso_error=no_connection');
      const form = await startTest();
      expect((await post(form)).headers.get('location')).toBe(`/dashboard/sso/test/${form.relayState}`);
      expect((await attemptOf(form.relayState!)).result).toMatchObject({ ok: true });
      // A failing test while disabled still reaches its window.
      idp.set({ expired: true });
      const failing = await startTest();
      expect((await post(failing)).headers.get('location')).toBe(`/dashboard/sso/test/${failing.relayState}`);
      expect((await attemptOf(failing.relayState!)).result).toMatchObject({ ok: false, code: 'expired' });
    } finally {
      expect((await put(pier, saml())).status).toBe(200);
    }
  });
});

describe("Lantern's SAML metadata for the school", () => {
  it('is served with the entity id and the ACS for every school, before it connects (the IdP is set up from it first)', async () => {
    const res = await metadataRoute.GET(new Request(`http://localhost:3000/auth/sso/saml/metadata/${pier.id}`), { params: Promise.resolve({ schoolId: String(pier.id) }) });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/samlmetadata\+xml/);
    const xml = await res.text();
    expect(xml).toContain(`entityID="${publicOrigin()}/auth/sso/saml/metadata/${pier.id}"`);
    expect(xml).toContain(`Location="${publicOrigin()}/auth/sso/saml/acs/${pier.id}"`);
    const unconnected = await staffWithSchool(su, 'itdesk@quiet.edu', 'Quiet College');
    const early = await metadataRoute.GET(new Request(`http://localhost:3000/auth/sso/saml/metadata/${unconnected.id}`), { params: Promise.resolve({ schoolId: String(unconnected.id) }) });
    expect(early.status).toBe(200);
    expect(await early.text()).toContain(`Location="${publicOrigin()}/auth/sso/saml/acs/${unconnected.id}"`);
    const none = await call(metadataRoute.GET, 'GET', '/auth/sso/saml/metadata/999999', { params: { schoolId: '999999' } });
    expect([none.status, typeof none.json.detail]).toEqual([404, 'string']);
    expect((await call(metadataRoute.GET, 'GET', '/auth/sso/saml/metadata/x', { params: { schoolId: 'x' } })).status).toBe(422);
  });
});

describe('a SAML connection', () => {
  let dock: StaffSchool;

  beforeAll(async () => {
    dock = await staffWithSchool(su, 'itdesk@dock.edu', 'Dock College');
    await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: dock.token, body: { name: 'Dock College', website_url: 'https://dock.edu' } });
  });

  const dockSaml = (over: Record<string, unknown> = {}) => saml({ email_domains: ['dock.edu'], ...over });
  const problem = (res: { status: number; json: { detail: { loc: string[]; msg: string }[] } }) => [res.status, res.json.detail[0]!.loc];

  it('needs exactly one of the metadata and its address', async () => {
    expect(problem(await put(dock, dockSaml({ idp_metadata_xml: undefined })))).toEqual([422, ['body', 'idp_metadata_xml']]);
    expect(problem(await put(dock, dockSaml({ idp_metadata_xml: '  ', idp_metadata_url: '' })))).toEqual([422, ['body', 'idp_metadata_xml']]);
    expect(problem(await put(dock, dockSaml({ idp_metadata_url: idp.metadataUrl })))).toEqual([422, ['body', 'idp_metadata_url']]);
    expect(problem(await put(dock, dockSaml({ idp_metadata_xml: undefined, idp_metadata_url: 'ftp://idp.dock.edu/metadata' })))).toEqual([422, ['body', 'idp_metadata_url']]);
    expect(problem(await put(dock, dockSaml({ client_id: 'not a SAML field' })))).toEqual([422, ['body']]);
    expect((await get(dock)).status).toBe(404);
  });

  it('refuses XML that is not an identity provider metadata, naming idp_metadata_xml', async () => {
    for (const xml of ['<html><body>Sign in</body></html>', 'not xml at all', idp.metadataXml.replace(/bindings:HTTP-Redirect/g, 'bindings:HTTP-POST')]) {
      const res = await put(dock, dockSaml({ idp_metadata_xml: xml }));
      expect(problem(res)).toEqual([422, ['body', 'idp_metadata_xml']]);
    }
  });

  it('reads the metadata from its address, naming idp_metadata_url when it cannot', async () => {
    const missing = await put(dock, dockSaml({ idp_metadata_xml: undefined, idp_metadata_url: `${idp.url}/no-such-metadata` }));
    expect(problem(missing)).toEqual([422, ['body', 'idp_metadata_url']]);
    expect(missing.json.detail[0].msg).toMatch(/could not be read from this address: it answered 404/);
    const unreachable = await put(dock, dockSaml({ idp_metadata_xml: undefined, idp_metadata_url: 'http://127.0.0.1:1/metadata' }));
    expect(problem(unreachable)).toEqual([422, ['body', 'idp_metadata_url']]);
    // An address that answers, but not with metadata: the address is what to fix.
    const notMetadata = await put(dock, dockSaml({ idp_metadata_xml: undefined, idp_metadata_url: `${issuer}/.well-known/openid-configuration` }));
    expect(problem(notMetadata)).toEqual([422, ['body', 'idp_metadata_url']]);
    expect(notMetadata.json.detail[0].msg).toMatch(/not XML/);

    const saved = await put(dock, dockSaml({ idp_metadata_xml: undefined, idp_metadata_url: idp.metadataUrl }));
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({
      protocol: 'saml',
      idp_metadata_url: idp.metadataUrl,
      idp_entity_id: idp.entityId,
      idp_sso_url: idp.ssoUrl,
      email_domains: ['dock.edu'],
      default_role: 'user',
      enforce: false,
      enabled: true,
      sp_entity_id: `${publicOrigin()}/auth/sso/saml/metadata/${dock.id}`,
      acs_url: `${publicOrigin()}/auth/sso/saml/acs/${dock.id}`,
      sp_metadata_url: `${publicOrigin()}/auth/sso/saml/metadata/${dock.id}`,
      updated_at: expect.any(String),
    });
    expect((await get(dock)).json).toEqual(saved.json);
    const [row] = await (await db()).select().from(ssoConnections).where(eq(ssoConnections.schoolId, dock.id));
    expect(row).toMatchObject({ protocol: 'saml', idpMetadataXml: idp.metadataXml, idpMetadataUrl: idp.metadataUrl, idp: { entity_id: idp.entityId, sso_url: idp.ssoUrl, certificates: [idp.certificate] } });
  });

  it('switches protocol leaving nothing of the other behind, audited without the metadata', async () => {
    const asOidc = await put(dock, { protocol: 'oidc', issuer, client_id: 'lantern-dock', client_secret: 'dock-secret-value', email_domains: ['dock.edu'] });
    expect(asOidc.status).toBe(200);
    expect(Object.keys(asOidc.json).sort()).toEqual(['client_id', 'client_secret', 'default_role', 'email_domains', 'enabled', 'enforce', 'issuer', 'protocol', 'redirect_uri', 'updated_at']);
    let [row] = await (await db()).select().from(ssoConnections).where(eq(ssoConnections.schoolId, dock.id));
    expect(row).toMatchObject({ protocol: 'oidc', idpMetadataXml: null, idpMetadataUrl: null, idp: null });

    const back = await put(dock, dockSaml());
    expect(back.json).toMatchObject({ protocol: 'saml', idp_metadata_url: null, idp_entity_id: idp.entityId });
    expect(back.json).not.toHaveProperty('client_secret');
    expect(back.json).not.toHaveProperty('redirect_uri');
    [row] = await (await db()).select().from(ssoConnections).where(eq(ssoConnections.schoolId, dock.id));
    expect(row).toMatchObject({ protocol: 'saml', issuer: null, clientId: null, clientSecretSealed: null, discovery: null });
    // Back to OIDC, the secret is needed again: the SAML connection kept none.
    const masked = await put(dock, { protocol: 'oidc', issuer, client_id: 'lantern-dock', client_secret: '********', email_domains: ['dock.edu'] });
    expect(problem(masked)).toEqual([422, ['body', 'client_secret']]);

    const audit = resultRows<{ details: Record<string, unknown> }>(await (await db()).execute(sql`select details from audit_log where school_id = ${dock.id} and action = 'settings.sso_changed' order by id`));
    expect(audit.map((a) => a.details.protocol)).toEqual(['saml', 'oidc', 'saml']);
    expect(audit.at(-1)!.details).toMatchObject({ change: 'updated', protocol: 'saml', idp_entity_id: idp.entityId, email_domains: ['dock.edu'] });
    const logged = JSON.stringify(audit);
    expect(logged).not.toContain('EntityDescriptor');
    expect(logged).not.toContain(idp.certificate.slice(0, 40));
    expect(logged).not.toContain('dock-secret-value');
  });

  it('is set and read by the school admins only, each school its own', async () => {
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'clerk@dock.edu', username: 'dockclerk', password: STRONG_PASSWORD, first_name: 'C', last_name: 'C', role: 'user', school_id: dock.id } });
    const clerk = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'clerk@dock.edu', password: STRONG_PASSWORD } })).json.access_token as string;
    expect((await get(clerk)).status).toBe(403);
    expect((await put(clerk, dockSaml())).status).toBe(403);
    // Pier's admin reads and changes Pier's connection only; Dock's domain stays Dock's (409).
    expect((await get(pier)).json).toMatchObject({ protocol: 'saml', email_domains: ['pier.edu'], acs_url: samlAcsUrl(pier.id) });
    expect((await put(pier, saml({ email_domains: ['pier.edu', 'dock.edu'] }))).status).toBe(422);
    expect((await get(dock)).json).toMatchObject({ protocol: 'saml', email_domains: ['dock.edu'] });
    // A response meant for Dock's ACS, posted to Pier's, is for another audience.
    const forDock = await idp.responseFor({ requestId: '_dock', acsUrl: samlAcsUrl(dock.id), spEntityId: spEntityId(dock.id) });
    expect((await post({ samlResponse: forDock, relayState: null }, pier.id)).headers.get('location')).toMatch(/^\/login\?sso_error=(audience|recipient)$/);
  });

  it('keeps the stored metadata when a save gives neither field (a domain or enforcement changed), and refuses that from an OIDC connection', async () => {
    expect((await put(dock, dockSaml())).status).toBe(200);
    const kept = await put(dock, dockSaml({ idp_metadata_xml: undefined, idp_metadata_url: '', enforce: true }));
    expect(kept.status).toBe(200);
    expect(kept.json).toMatchObject({ protocol: 'saml', idp_metadata_url: null, idp_entity_id: idp.entityId, enforce: true });
    const [row] = await (await db()).select().from(ssoConnections).where(eq(ssoConnections.schoolId, dock.id));
    expect(row!.idpMetadataXml).toBe(idp.metadataXml);
    expect((await put(dock, dockSaml({ enforce: false }))).status).toBe(200);
  });
});
