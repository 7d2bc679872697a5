import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as checkAccountsRoute from '@/app/(rest)/auth/check-accounts/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as refreshRoute from '@/app/(rest)/auth/refresh/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as resetRoute from '@/app/(rest)/auth/request-password-reset/route';
import * as callbackRoute from '@/app/(rest)/auth/sso/oidc/callback/route';
import * as lookupRoute from '@/app/(rest)/auth/sso/lookup/route';
import * as startRoute from '@/app/(rest)/auth/sso/start/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as basicRoute from '@/app/(rest)/schools/my-school/basic/route';
import * as ssoRoute from '@/app/(rest)/schools/my-school/sso/route';
import { getDb, resultRows } from '@/db/client';
import { mailOutbox, refreshTokens, ssoAttempts, ssoIdentities, users } from '@/db/schema';
import { cleanupExpiredTokens } from '@/lib/auth/token-cleanup';
import { beginAttempt } from '@/lib/sso/attempts';
import { publicOrigin } from '@/lib/system/public-origin';
import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider';
import { call, ssoBrowserCookie, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// Signing in with a school's own OpenID provider, a real one (oidc-provider) on a local port,
// walked without a browser: the account made at the first sign-in and found again at the next,
// every refusal (state, replay, unverified or foreign e-mail) leaving no session and an audit entry,
// and enforcement turning password sign-in away for the school's domains but not for a superuser.

let su: string;
let quay: StaffSchool;
let idp: TestOidcProvider;

const connect = (over: Record<string, unknown> = {}) =>
  call(ssoRoute.PUT, 'PUT', '/schools/my-school/sso', {
    token: quay.token,
    body: { protocol: 'oidc', issuer: idp.issuer, client_id: idp.clientId, client_secret: idp.clientSecret, email_domains: ['quay.edu'], default_role: 'user', enforce: false, enabled: true, ...over },
  });

beforeAll(async () => {
  idp = await startOidcProvider({ redirectUri: `${publicOrigin()}/auth/sso/oidc/callback` });
  process.env.OUTBOUND_ALLOW_HOSTS = new URL(idp.issuer).host;
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'oidc-root@lantern.test', password: STRONG_PASSWORD, username: 'oidcroot', first_name: 'O', last_name: 'R' } })).json.access_token;
  quay = await staffWithSchool(su, 'itdesk@quay.edu', 'Quay College');
  await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: quay.token, body: { name: 'Quay College', website_url: 'https://quay.edu' } });
  expect((await connect()).status).toBe(200);
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  await idp.close();
});

/** Follows the provider's redirects (keeping its cookies) until it sends the browser back to Lantern. */
async function throughProvider(start: string): Promise<URL> {
  const jar = new Map<string, string>();
  let url = start;
  for (let hop = 0; hop < 12; hop++) {
    if (url.startsWith(publicOrigin())) return new URL(url);
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`the provider stopped at ${url}: ${res.status} ${await res.text()}`);
    url = new URL(location, url).toString();
  }
  throw new Error('too many redirects');
}

/** The cookie the last start gave this "browser" (it ties the attempt to it); callbacks carry it back. */
let browserCookie = '';
const keepBrowser = <T extends { headers: Headers }>(res: T): T => {
  browserCookie = ssoBrowserCookie(res) ?? browserCookie;
  return res;
};

/** Starts a sign-in as `email` and answers the provider's way back (the callback address). */
async function signInAt(email: string, next?: string): Promise<URL> {
  idp.autoLogin = email;
  const start = keepBrowser(await call(startRoute.GET, 'GET', '/auth/sso/start', { query: { email, ...(next ? { next } : {}) } }));
  expect(start.status).toBe(303);
  const location = start.headers.get('location')!;
  expect(location.startsWith(idp.issuer)).toBe(true);
  const auth = new URL(location);
  expect(auth.searchParams.get('code_challenge_method')).toBe('S256');
  expect(auth.searchParams.get('state')).toBeTruthy();
  expect(auth.searchParams.get('nonce')).toBeTruthy();
  return throughProvider(location);
}

const callback = (url: URL, cookie = browserCookie) => call(callbackRoute.GET, 'GET', url.pathname + url.search, { headers: { cookie } });
const accountsOf = async (email: string) => (await getDb()).select().from(users).where(sql`lower(${users.email}) = ${email}`);
const auditOf = async (action: string) => resultRows<{ details: Record<string, unknown>; actor_email: string | null }>(await (await getDb()).execute(sql`select details, actor_email from audit_log where school_id = ${quay.id} and action = ${action} order by id`));

describe('signing in with the school OpenID provider', () => {
  it('makes the account at the first sign-in, finds it again at the next, and ends in a web session of at most 12 hours', async () => {
    idp.setPerson({ email: 'ana@quay.edu', given_name: 'Ana', family_name: 'Ruiz' });
    const back = await signInAt('ana@quay.edu', '/dashboard/leads');
    const first = await callback(back);
    expect(first.status).toBe(303);
    expect(first.headers.get('location')).toBe('/dashboard/leads');
    const cookie = first.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/next-auth\.session-token=[^;]+/);
    expect(cookie).toMatch(/HttpOnly/i);
    const [ana] = await accountsOf('ana@quay.edu');
    expect(ana).toMatchObject({ schoolId: quay.id, role: 'user', firstName: 'Ana', lastName: 'Ruiz', isActive: true });
    // No password: nothing opens it.
    const password = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'ana@quay.edu', password: '!sso' } });
    expect(password.status).toBe(401);
    const [family] = await (await getDb()).select().from(refreshTokens).where(eq(refreshTokens.userId, ana!.id));
    expect(family!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now() + 12 * 60 * 60 * 1000 + 1000);
    expect(family!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 11 * 60 * 60 * 1000);

    idp.setPerson({ email: 'ana@quay.edu', given_name: 'Ana María', family_name: 'Ruiz' });
    const second = await callback(await signInAt('ana@quay.edu', 'https://evil.example/steal'));
    expect(second.headers.get('location')).toBe('/dashboard');
    const again = await accountsOf('ana@quay.edu');
    expect(again).toHaveLength(1);
    expect(again[0]!.firstName).toBe('Ana María');
    const entries = await auditOf('auth.sso_sign_in');
    expect(entries.filter((e) => e.actor_email === 'ana@quay.edu').map((e) => e.details.created)).toEqual([true, false]);
  });

  it('links a password account that already holds the address instead of making another', async () => {
    await call(usersRoute.POST, 'POST', '/auth/users', { token: quay.token, body: { email: 'ben@quay.edu', username: 'ben', password: STRONG_PASSWORD, first_name: 'Ben', last_name: 'Old', school_id: quay.id } });
    idp.setPerson({ email: 'ben@quay.edu', given_name: 'Ben', family_name: 'Okafor' });
    expect((await callback(await signInAt('ben@quay.edu'))).headers.get('location')).toBe('/dashboard');
    const ben = await accountsOf('ben@quay.edu');
    expect(ben).toHaveLength(1);
    expect(ben[0]!.lastName).toBe('Okafor');
    const [identity] = await (await getDb()).select().from(ssoIdentities).where(eq(ssoIdentities.userId, ben[0]!.id));
    expect(identity).toMatchObject({ createdBySso: false, protocol: 'oidc' });
  });

  it('refuses a replayed callback and an unknown state: no session, the reason on the sign-in page, an audit entry', async () => {
    idp.setPerson({ email: 'cy@quay.edu' });
    const back = await signInAt('cy@quay.edu');
    const first = await callback(back);
    expect(first.headers.get('location')).toBe('/dashboard');
    expect(first.headers.get('set-cookie')).toMatch(/session-token/);
    const replay = await callback(back);
    expect(replay.headers.get('location')).toBe('/login?sso_error=replayed');
    expect(replay.headers.get('set-cookie')).toBeNull();
    const forged = new URL(back);
    forged.searchParams.set('state', 'made-up-state');
    expect((await callback(forged)).headers.get('location')).toBe('/login?sso_error=state');
    const reasons = (await auditOf('auth.sso_sign_in_failed')).map((e) => e.details.reason);
    expect(reasons).toEqual(expect.arrayContaining(['replayed']));
  });

  it('refuses a callback that reaches another browser than the one that started it (login CSRF)', async () => {
    idp.setPerson({ email: 'hal@quay.edu' });
    // The attacker's own finished sign-in, opened in the victim's browser (which holds no or another cookie).
    for (const cookie of ['', 'lantern_sso_browser=someone-elses', 'lantern_sso_browser=%']) {
      const back = await signInAt('hal@quay.edu');
      expect(browserCookie).toMatch(/^lantern_sso_browser=.+/);
      const victim = await callback(back, cookie);
      expect(victim.headers.get('location')).toBe('/login?sso_error=state');
      expect(victim.headers.get('set-cookie')).toBeNull();
    }
    expect(await accountsOf('hal@quay.edu')).toHaveLength(0);
  });

  it('refuses an e-mail the provider has not verified, or one outside the connection domains, and makes nothing', async () => {
    idp.setPerson({ email: 'dee@quay.edu', email_verified: false });
    const unverified = await callback(await signInAt('dee@quay.edu'));
    expect(unverified.headers.get('location')).toBe('/login?sso_error=unverified_email');
    expect(unverified.headers.get('set-cookie')).toBeNull();
    expect(await accountsOf('dee@quay.edu')).toHaveLength(0);

    // The provider signs in someone of another domain (a guest account there): not this school's staff.
    idp.setPerson({ email: 'eve@elsewhere.org' });
    idp.autoLogin = 'eve@elsewhere.org';
    const start = keepBrowser(await call(startRoute.GET, 'GET', '/auth/sso/start', { query: { email: 'eve-start@quay.edu' } }));
    const foreign = await callback(await throughProvider(start.headers.get('location')!));
    expect(foreign.headers.get('location')).toBe('/login?sso_error=foreign_domain');
    expect(await accountsOf('eve@elsewhere.org')).toHaveLength(0);
    const reasons = (await auditOf('auth.sso_sign_in_failed')).map((e) => e.details.reason);
    expect(reasons).toEqual(expect.arrayContaining(['unverified_email', 'foreign_domain']));
  });

  it('says which addresses have single sign-on, and sends an address without it back to the sign-in page', async () => {
    expect((await call(lookupRoute.GET, 'GET', '/auth/sso/lookup', { query: { email: 'Someone@Quay.edu' } })).json).toEqual({ school_name: 'Quay College', enforce: false });
    expect((await call(lookupRoute.GET, 'GET', '/auth/sso/lookup', { query: { email: 'someone@nowhere.edu' } })).json).toEqual({ school_name: null, enforce: false });
    expect((await call(lookupRoute.GET, 'GET', '/auth/sso/lookup', { query: { email: 'not an address' } })).status).toBe(422);
    const none = await call(startRoute.GET, 'GET', '/auth/sso/start', { query: { email: 'someone@nowhere.edu' } });
    expect(none.headers.get('location')).toBe('/login?sso_error=no_connection');
  });

  it("never signs in a platform administrator's account through the school's provider", async () => {
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'ops@quay.edu', username: 'quayops', password: STRONG_PASSWORD, first_name: 'O', last_name: 'P', role: 'superuser', school_id: quay.id } });
    idp.setPerson({ email: 'ops@quay.edu' });
    const refused = await callback(await signInAt('ops@quay.edu'));
    expect(refused.headers.get('location')).toBe('/login?sso_error=superuser');
    expect(refused.headers.get('set-cookie')).toBeNull();
    expect((await accountsOf('ops@quay.edu')).map((a) => a.role)).toEqual(['superuser']);
  });

  it('with enforce on, refuses password sign-in and reset for the domains, but never locks a superuser out', async () => {
    await call(usersRoute.POST, 'POST', '/auth/users', { token: quay.token, body: { email: 'fay@quay.edu', username: 'fay', password: STRONG_PASSWORD, first_name: 'Fay', last_name: 'P', school_id: quay.id } });
    const signedIn = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'fay@quay.edu', password: STRONG_PASSWORD } });
    expect(signedIn.status).toBe(200);
    expect((await connect({ enforce: true })).status).toBe(200);
    // Turning enforcement on ends the password sessions of the school's staff in its domains.
    expect((await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: signedIn.json.refresh_token } })).status).toBe(401);
    for (const route of [loginRoute.POST, checkAccountsRoute.POST]) {
      const refused = await call(route, 'POST', '/auth/login', { body: { email: 'fay@quay.edu', password: STRONG_PASSWORD } });
      expect(refused.status).toBe(403);
      expect(refused.json.detail).toBe('Quay College signs you in with single sign-on: choose "Continue with Quay College SSO".');
    }
    expect((await call(lookupRoute.GET, 'GET', '/auth/sso/lookup', { query: { email: 'fay@quay.edu' } })).json).toEqual({ school_name: 'Quay College', enforce: true });
    const mails = async () => (await (await getDb()).select().from(mailOutbox).where(and(eq(mailOutbox.kind, 'password_reset'), eq(mailOutbox.toAddress, 'fay@quay.edu')))).length;
    const before = await mails();
    expect((await call(resetRoute.POST, 'POST', '/auth/request-password-reset', { body: { email: 'fay@quay.edu' } })).status).toBe(200);
    expect(await mails()).toBe(before);

    // A superuser under the school's domain keeps the password, so a broken connection can be repaired.
    await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'root@quay.edu', username: 'quayroot', password: STRONG_PASSWORD, first_name: 'Q', last_name: 'R', role: 'superuser' } });
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'root@quay.edu', password: STRONG_PASSWORD } })).status).toBe(200);
    // Other domains are unaffected, and so are the address's accounts in other schools.
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'oidc-root@lantern.test', password: STRONG_PASSWORD } })).status).toBe(200);
    const other = await staffWithSchool(su, 'itdesk@other-college.edu', 'Other College of Quay staff');
    expect((await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'fay@quay.edu', username: 'fay-other', password: STRONG_PASSWORD, first_name: 'Fay', last_name: 'P', school_id: other.id } })).status).toBe(201);
    const elsewhere = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'fay@quay.edu', password: STRONG_PASSWORD } });
    expect(elsewhere.status).toBe(200);
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: elsewhere.json.access_token })).json.school_id).toBe(other.id);
    expect((await connect({ enforce: false })).status).toBe(200);
  });
});

describe('sign-in attempts', () => {
  it('are deleted by the daily token cleanup a day after they end, used or not', async () => {
    const db = await getDb();
    const day = 24 * 60 * 60 * 1000;
    const old = await beginAttempt({ key: 'old-attempt-key', schoolId: quay.id, protocol: 'oidc', next: null });
    const fresh = await beginAttempt({ key: 'fresh-attempt-key', schoolId: quay.id, protocol: 'oidc', next: null });
    await db.update(ssoAttempts).set({ expiresAt: new Date(Date.now() - day - 60_000) }).where(eq(ssoAttempts.id, old.id));
    const result = await cleanupExpiredTokens();
    expect(result.sso_attempts_deleted).toBeGreaterThanOrEqual(1);
    const left = (await db.select({ id: ssoAttempts.id }).from(ssoAttempts)).map((a) => a.id);
    expect(left).toContain(fresh.id);
    expect(left).not.toContain(old.id);
  });
});
