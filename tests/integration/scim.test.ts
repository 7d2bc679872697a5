import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as refreshRoute from '@/app/(rest)/auth/refresh/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as tokenRoute from '@/app/(rest)/schools/my-school/sso/scim-token/route';
import * as ssoRoute from '@/app/(rest)/schools/my-school/sso/route';
import * as resourceTypesRoute from '@/app/(rest)/scim/v2/ResourceTypes/route';
import * as schemasRoute from '@/app/(rest)/scim/v2/Schemas/route';
import * as configRoute from '@/app/(rest)/scim/v2/ServiceProviderConfig/route';
import * as userRoute from '@/app/(rest)/scim/v2/Users/[id]/route';
import * as scimUsersRoute from '@/app/(rest)/scim/v2/Users/route';
import { getDb, resultRows } from '@/db/client';
import { scimTokens, ssoConnections, ssoDomains, users } from '@/db/schema';
import { isFamilyActive, signInsStanding } from '@/lib/auth/tokens';
import { sha256 } from '@/lib/security/tokens';
import { completeSsoSignIn } from '@/lib/sso/sign-in';
import { publicOrigin } from '@/lib/system/public-origin';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// SCIM 2.0 for a school's identity provider: the school's token (made, replaced, revoked by its
// administrators; only its hash kept), and the calls Entra ID and Okta make to provision and
// deprovision staff, walked as each sends them. Deactivation ends the account's sessions at once
// and its next single sign-on is refused; a token sees only its own school, never a superuser.

const SCIM = 'application/scim+json';
const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

let su: string;
let suEmail: string;
let harbor: StaffSchool;
let birch: StaffSchool;
let harborUser: string;
let harborSuperuser: string;

async function connect(schoolId: number, domain: string, defaultRole: 'user' | 'admin' = 'user') {
  const db = await getDb();
  await db.insert(ssoConnections).values({ schoolId, protocol: 'oidc', issuer: `https://login.example.test/${domain}`, clientId: 'lantern', defaultRole });
  await db.insert(ssoDomains).values({ domain, schoolId });
}

beforeAll(async () => {
  suEmail = 'scim-root@lantern.test';
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: suEmail, password: STRONG_PASSWORD, username: 'scimroot', first_name: 'S', last_name: 'R' } })).json.access_token;
  harbor = await staffWithSchool(su, 'itdesk@harbor.edu', 'Harbor SCIM College');
  birch = await staffWithSchool(su, 'itdesk@birch.edu', 'Birch SCIM College');
  await connect(harbor.id, 'harbor.edu');
  await connect(birch.id, 'birch.edu');
  const made = await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'counselor@harbor.edu', username: 'counselor', password: STRONG_PASSWORD, first_name: 'C', last_name: 'U', role: 'user', school_id: harbor.id } });
  expect(made.status).toBe(201);
  harborUser = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'counselor@harbor.edu', password: STRONG_PASSWORD } })).json.access_token;
  // The superuser at work in Harbor (as the school switcher puts them).
  await (await getDb()).update(users).set({ schoolId: harbor.id }).where(eq(users.email, suEmail));
  harborSuperuser = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: suEmail, password: STRONG_PASSWORD } })).json.access_token;
});

const tokenCall = (method: 'GET' | 'POST' | 'DELETE', token?: string) => call(tokenRoute[method], method, '/schools/my-school/sso/scim-token', { token });
async function newToken(staff: string): Promise<string> {
  const res = await tokenCall('POST', staff);
  expect(res.status).toBe(201);
  return res.json.token;
}

type Opts = { body?: unknown; rawBody?: string; query?: Record<string, string>; contentType?: string };
/** A SCIM call as a provider makes it: its bearer token, `application/scim+json`. */
function scim(token: string | null, method: string, path: string, opts: Opts = {}) {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), accept: SCIM };
  if (opts.body !== undefined || opts.rawBody !== undefined) headers['content-type'] = opts.contentType ?? SCIM;
  const id = /^\/scim\/v2\/Users\/([^/?]+)/.exec(path)?.[1];
  const handler = id
    ? (userRoute as Record<string, typeof userRoute.GET>)[method]!
    : path.startsWith('/scim/v2/Users')
      ? (scimUsersRoute as Record<string, typeof scimUsersRoute.GET>)[method]!
      : path.endsWith('ServiceProviderConfig')
        ? configRoute.GET
        : path.endsWith('ResourceTypes')
          ? resourceTypesRoute.GET
          : schemasRoute.GET;
  return call(handler, method, path, { ...opts, headers, params: id ? { id: decodeURIComponent(id) } : {} });
}

const findByUserName = (token: string, email: string) => scim(token, 'GET', '/scim/v2/Users', { query: { filter: `userName eq "${email}"` } });
const auditOf = async (schoolId: number, action: string) =>
  resultRows<{ actor_id: number | null; actor_email: string | null; target_id: string | null; details: Record<string, unknown> }>(
    await (await getDb()).execute(sql`select actor_id, actor_email, target_id, details from audit_log where school_id = ${schoolId} and action = ${action} order by id`),
  );

function expectScimError(res: { status: number; headers: Headers; json: Record<string, unknown> }, status: number, scimType?: string) {
  expect(res.status, JSON.stringify(res.json)).toBe(status);
  expect(res.headers.get('content-type')).toContain(SCIM);
  expect(res.json).toMatchObject({ schemas: [ERROR], status: String(status), detail: expect.any(String) });
  if (scimType) expect(res.json.scimType).toBe(scimType);
}

/** The school's provider signs the person in (what the OIDC or SAML callback ends in). */
const ssoSignIn = (schoolId: number, email: string) =>
  completeSsoSignIn({ schoolId, protocol: 'oidc', defaultRole: 'user', claims: { subject: `sub-${email}`, email, emailVerified: true, firstName: null, lastName: null, sessionEndsAt: null } });

describe("the school's SCIM token", () => {
  it('is made by an administrator, shown once, kept only as its hash, replaced by the next and revoked; each change audited', async () => {
    expect((await tokenCall('GET', harbor.token)).json).toEqual({ active: false, created_at: null, last_used_at: null, scim_base_url: `${publicOrigin()}/scim/v2` });
    const made = await tokenCall('POST', harbor.token);
    expect(made.status).toBe(201);
    expect(made.json).toEqual({ token: expect.stringMatching(new RegExp(`^scim_${harbor.id}_[A-Za-z0-9_-]{43}$`)), scim_base_url: `${publicOrigin()}/scim/v2`, created_at: expect.any(String) });
    const first = made.json.token as string;
    const [row] = await (await getDb()).select().from(scimTokens).where(eq(scimTokens.schoolId, harbor.id));
    expect(row!.tokenHash).toBe(sha256(first));
    expect(JSON.stringify(row)).not.toContain(first.slice(-43));
    const status = await tokenCall('GET', harbor.token);
    expect(status.json).toMatchObject({ active: true, created_at: made.json.created_at, last_used_at: null });
    expect(JSON.stringify(status.json)).not.toContain(first);

    // Its first use is recorded; the next token replaces it, and it stops working at once.
    expect((await scim(first, 'GET', '/scim/v2/ServiceProviderConfig')).status).toBe(200);
    expect((await tokenCall('GET', harbor.token)).json.last_used_at).toEqual(expect.any(String));
    const second = await newToken(harborSuperuser);
    expectScimError(await scim(first, 'GET', '/scim/v2/Users'), 401);
    expect((await scim(second, 'GET', '/scim/v2/Users')).status).toBe(200);

    const revoked = await tokenCall('DELETE', harbor.token);
    expect(revoked.status).toBe(200);
    expect(revoked.json).toEqual({ message: expect.any(String) });
    expectScimError(await scim(second, 'GET', '/scim/v2/Users'), 401);
    expect((await tokenCall('GET', harbor.token)).json.active).toBe(false);
    expect((await tokenCall('DELETE', harbor.token)).status).toBe(404);

    const audit = await auditOf(harbor.id, 'settings.sso_changed');
    expect(audit.map((a) => a.details)).toEqual([
      { scim_token: 'created', replaced: false },
      { scim_token: 'created', replaced: true },
      { scim_token: 'revoked' },
    ]);
    expect(audit.map((a) => a.actor_email)).toEqual(['itdesk@harbor.edu', suEmail, 'itdesk@harbor.edu']);
    expect(JSON.stringify(audit)).not.toContain(first.slice(-43));
    expect(JSON.stringify(audit)).not.toContain(second.slice(-43));
  });

  it('is for administrators and superusers working in the school, and each school has its own', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await tokenCall(method, harborUser)).status).toBe(403);
      expect((await tokenCall(method)).status).toBe(401);
    }
    const harborToken = await newToken(harbor.token);
    expect((await tokenCall('GET', birch.token)).json.active).toBe(false);
    expect((await tokenCall('DELETE', birch.token)).status).toBe(404);
    // Birch's admin revoked nothing of Harbor's.
    expect((await scim(harborToken, 'GET', '/scim/v2/Users')).status).toBe(200);
    await tokenCall('DELETE', harbor.token);
  });
});

describe('a provider without a good token', () => {
  it('gets 401 in SCIM shape: no token, a malformed one, a guessed one, a staff sign-in, another school id in a real token', async () => {
    const harborToken = await newToken(harbor.token);
    const guessed = harborToken.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const otherSchool = harborToken.replace(`scim_${harbor.id}_`, `scim_${birch.id}_`);
    for (const token of [null, 'nonsense', guessed, otherSchool, harbor.token, `scim_99999999999_${'a'.repeat(43)}`]) {
      const res = await scim(token, 'GET', '/scim/v2/Users');
      expectScimError(res, 401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
    }
    // A well-formed body with a bad token makes nothing.
    expectScimError(await scim(guessed, 'POST', '/scim/v2/Users', { body: { userName: 'sneaky@harbor.edu' } }), 401);
    expect(await (await getDb()).select().from(users).where(eq(users.email, 'sneaky@harbor.edu'))).toEqual([]);
    await tokenCall('DELETE', harbor.token);
  });
});

describe("Entra ID's provisioning, as it sends it", () => {
  it('checks the connection, creates the account, finds it, and deprovisions it: sessions end at once and SSO refuses the account', async () => {
    const token = await newToken(harbor.token);
    // Entra's Test Connection: a filter for a user that cannot exist.
    const probe = await findByUserName(token, `${randomUUID()}@harbor.edu`);
    expect(probe.status).toBe(200);
    expect(probe.headers.get('content-type')).toContain(SCIM);
    expect(probe.json).toEqual({ schemas: ['urn:ietf:params:scim:api:messages:2.0:ListResponse'], totalResults: 0, startIndex: 1, itemsPerPage: 0, Resources: [] });
    expect((await findByUserName(token, 'ana.ruiz@harbor.edu')).json.totalResults).toBe(0);

    const created = await scim(token, 'POST', '/scim/v2/Users', {
      body: {
        schemas: [USER, 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User'],
        externalId: 'ana.ruiz',
        userName: 'Ana.Ruiz@harbor.edu',
        active: true,
        displayName: 'Ana Ruiz',
        emails: [{ primary: true, type: 'work', value: 'Ana.Ruiz@harbor.edu' }],
        meta: { resourceType: 'User' },
        name: { formatted: 'Ana Ruiz', familyName: 'Ruiz', givenName: 'Ana' },
        title: 'Counselor',
        'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User': { department: 'Admissions' },
      },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.headers.get('content-type')).toContain(SCIM);
    const id = created.json.id as string;
    expect(created.headers.get('location')).toBe(`${publicOrigin()}/scim/v2/Users/${id}`);
    expect(created.json).toMatchObject({
      schemas: [USER],
      id,
      externalId: 'ana.ruiz',
      userName: 'ana.ruiz@harbor.edu',
      name: { givenName: 'Ana', familyName: 'Ruiz' },
      active: true,
      emails: [{ value: 'ana.ruiz@harbor.edu', primary: true }],
      meta: { resourceType: 'User', location: `${publicOrigin()}/scim/v2/Users/${id}` },
    });
    const [ana] = await (await getDb()).select().from(users).where(eq(users.id, Number(id)));
    expect(ana).toMatchObject({ schoolId: harbor.id, role: 'user', passwordHash: '!sso', isActive: true });
    // Created again: the school has the address.
    expectScimError(await scim(token, 'POST', '/scim/v2/Users', { body: { userName: 'ana.ruiz@harbor.edu' } }), 409, 'uniqueness');

    // Found by userName (any case) and by externalId, and read by id.
    const found = await findByUserName(token, 'ANA.RUIZ@harbor.edu');
    expect(found.json).toMatchObject({ totalResults: 1, Resources: [{ id, userName: 'ana.ruiz@harbor.edu' }] });
    expect((await scim(token, 'GET', '/scim/v2/Users', { query: { filter: 'externalId eq "ana.ruiz"' } })).json.Resources).toEqual([expect.objectContaining({ id })]);
    expect((await scim(token, 'GET', `/scim/v2/Users/${id}`)).json).toMatchObject({ id, active: true });

    // She signs in with the school's SSO: the account SCIM made, a session of her own.
    const session = await ssoSignIn(harbor.id, 'ana.ruiz@harbor.edu');
    expect(session.user.id).toBe(Number(id));
    expect(session.created).toBe(false);
    expect(await isFamilyActive(session.sid)).toBe(true);
    const open = [{ userId: session.user.id, tokenVersion: session.user.tokenVersion, familyId: session.sid }];
    expect((await signInsStanding(open)).size).toBe(1);

    // A name change, then unassigned in Entra: Replace with string booleans, capitalised ops.
    const renamed = await scim(token, 'PATCH', `/scim/v2/Users/${id}`, {
      body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'name.givenName', value: 'Ana María' }, { op: 'Add', path: 'emails[type eq "work"].value', value: 'ana.ruiz@harbor.edu' }] },
    });
    expect(renamed.status, JSON.stringify(renamed.json)).toBe(200);
    expect(renamed.json.name.givenName).toBe('Ana María');
    const off = await scim(token, 'PATCH', `/scim/v2/Users/${id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'False' }] } });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(off.json.active).toBe(false);
    expect(await isFamilyActive(session.sid)).toBe(false);
    expect((await signInsStanding(open)).size).toBe(0);
    await expect(ssoSignIn(harbor.id, 'ana.ruiz@harbor.edu')).rejects.toMatchObject({ code: 'account_disabled' });
    expect((await findByUserName(token, 'ana.ruiz@harbor.edu')).json.Resources[0].active).toBe(false);

    // Entra's hard delete, 30 days on: the account goes, as User Management's delete does.
    const gone = await scim(token, 'DELETE', `/scim/v2/Users/${id}`);
    expect(gone.status).toBe(204);
    expectScimError(await scim(token, 'GET', `/scim/v2/Users/${id}`), 404);
    expect(await (await getDb()).select().from(users).where(eq(users.id, Number(id)))).toEqual([]);

    const made = await auditOf(harbor.id, 'user.created');
    expect(made.at(-1)).toMatchObject({ actor_id: null, actor_email: 'scim', target_id: id, details: { by: 'scim', role: 'user' } });
    const changed = (await auditOf(harbor.id, 'user.updated')).filter((a) => a.target_id === id);
    expect(changed.map((a) => [a.actor_email, a.details])).toEqual([
      ['scim', { fields: ['first_name'] }],
      ['scim', { fields: ['is_active'], is_active: false }],
    ]);
    expect((await auditOf(harbor.id, 'user.deleted')).at(-1)).toMatchObject({ actor_id: null, actor_email: 'scim', target_id: id });
    await tokenCall('DELETE', harbor.token);
  });
});

describe("Okta's provisioning, as it sends it", () => {
  it('matches an existing password account, pushes its profile, deactivates it (its tokens stop at once) and reactivates it', async () => {
    const token = await newToken(harbor.token);
    const made = await call(usersRoute.POST, 'POST', '/auth/users', { token: harbor.token, body: { email: 'Ben.Okafor@harbor.edu', username: 'benokafor', password: STRONG_PASSWORD, first_name: 'Ben', last_name: 'O', role: 'admin', school_id: harbor.id } });
    expect(made.status).toBe(201);
    const signedIn = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'ben.okafor@harbor.edu', password: STRONG_PASSWORD } })).json;
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: signedIn.access_token })).status).toBe(200);

    const found = await scim(token, 'GET', '/scim/v2/Users', { query: { filter: 'userName eq "ben.okafor@harbor.edu"', startIndex: '1', count: '100' } });
    expect(found.json).toMatchObject({ totalResults: 1, startIndex: 1, itemsPerPage: 1 });
    const id = found.json.Resources[0].id as string;
    expect(id).toBe(String(made.json.id));

    const pushed = await scim(token, 'PUT', `/scim/v2/Users/${id}`, {
      body: { schemas: [USER], id, userName: 'ben.okafor@harbor.edu', externalId: '00u1okta', name: { givenName: 'Benjamin', familyName: 'Okafor' }, emails: [{ primary: true, value: 'ben.okafor@harbor.edu', type: 'work' }], active: true },
    });
    expect(pushed.status, JSON.stringify(pushed.json)).toBe(200);
    expect(pushed.json).toMatchObject({ externalId: '00u1okta', name: { givenName: 'Benjamin', familyName: 'Okafor' }, active: true });
    expect((await scim(token, 'GET', '/scim/v2/Users', { query: { filter: 'externalId eq "00u1okta"' } })).json.Resources).toEqual([expect.objectContaining({ id })]);
    // externalId is matched exactly.
    expect((await scim(token, 'GET', '/scim/v2/Users', { query: { filter: 'externalId eq "00U1OKTA"' } })).json.totalResults).toBe(0);

    const off = await scim(token, 'PATCH', `/scim/v2/Users/${id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: false } }] } });
    expect(off.status, JSON.stringify(off.json)).toBe(200);
    expect(off.json.active).toBe(false);
    // The refresh token and the access token it had stop at once; its password opens nothing.
    expect((await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: signedIn.refresh_token } })).status).toBe(401);
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: signedIn.access_token })).status).toBe(401);
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'ben.okafor@harbor.edu', password: STRONG_PASSWORD } })).status).not.toBe(200);

    const on = await scim(token, 'PATCH', `/scim/v2/Users/${id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: { active: true } }] } });
    expect(on.json.active).toBe(true);
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'ben.okafor@harbor.edu', password: STRONG_PASSWORD } })).status).toBe(200);
    // Role and password untouched by SCIM.
    const [ben] = await (await getDb()).select().from(users).where(eq(users.id, Number(id)));
    expect(ben).toMatchObject({ role: 'admin', firstName: 'Benjamin', lastName: 'Okafor', isActive: true });
    await tokenCall('DELETE', harbor.token);
  });
});

describe("a token sees only its own school's staff", () => {
  it("another school's token cannot find, read, change or delete Harbor's accounts; superusers and other addresses are never visible", async () => {
    const harborToken = await newToken(harbor.token);
    const birchToken = await newToken(birch.token);
    const [counselor] = await (await getDb()).select().from(users).where(eq(users.email, 'counselor@harbor.edu'));
    const id = String(counselor!.id);
    expect((await findByUserName(birchToken, 'counselor@harbor.edu')).json.totalResults).toBe(0);
    expectScimError(await scim(birchToken, 'GET', `/scim/v2/Users/${id}`), 404);
    expectScimError(await scim(birchToken, 'PUT', `/scim/v2/Users/${id}`, { body: { userName: 'counselor@birch.edu', active: false } }), 404);
    expectScimError(await scim(birchToken, 'PATCH', `/scim/v2/Users/${id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] } }), 404);
    expectScimError(await scim(birchToken, 'DELETE', `/scim/v2/Users/${id}`), 404);
    // Birch's list is Birch's alone.
    const birchList = await scim(birchToken, 'GET', '/scim/v2/Users');
    expect(birchList.json.Resources.map((u: { userName: string }) => u.userName)).toEqual(['itdesk@birch.edu']);
    // Birch cannot make an account in Harbor's domain either.
    expectScimError(await scim(birchToken, 'POST', '/scim/v2/Users', { body: { userName: 'new@harbor.edu' } }), 400, 'invalidValue');
    const [after] = await (await getDb()).select().from(users).where(eq(users.id, counselor!.id));
    expect(after).toMatchObject({ isActive: true, email: 'counselor@harbor.edu', tokenVersion: counselor!.tokenVersion });

    // The superuser working in Harbor: not listed, not found, not changed.
    const [root] = await (await getDb()).select().from(users).where(eq(users.email, suEmail));
    expect(root!.schoolId).toBe(harbor.id);
    const all = await scim(harborToken, 'GET', '/scim/v2/Users', { query: { count: '200' } });
    expect(all.json.Resources.map((u: { userName: string }) => u.userName)).not.toContain(suEmail);
    expect(all.json.Resources.map((u: { userName: string }) => u.userName)).toContain('counselor@harbor.edu');
    expect((await findByUserName(harborToken, suEmail)).json.totalResults).toBe(0);
    expectScimError(await scim(harborToken, 'PATCH', `/scim/v2/Users/${root!.id}`, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'active', value: false }] } }), 404);
    expectScimError(await scim(harborToken, 'DELETE', `/scim/v2/Users/${root!.id}`), 404);
    const [rootAfter] = await (await getDb()).select().from(users).where(eq(users.id, root!.id));
    expect(rootAfter!.isActive).toBe(true);

    // An account of Harbor under another address is not its provider's: not listed, not found, so
    // not renamed into harbor.edu (and then signed in by SSO) nor deactivated.
    const outside = await call(usersRoute.POST, 'POST', '/auth/users', { token: harbor.token, body: { email: 'consultant@partner.org', username: 'consultant', password: STRONG_PASSWORD, first_name: 'Con', last_name: 'Sultant', role: 'admin', school_id: harbor.id } });
    expect(outside.status).toBe(201);
    expect(all.json.Resources.map((u: { userName: string }) => u.userName)).not.toContain('consultant@partner.org');
    expect((await findByUserName(harborToken, 'consultant@partner.org')).json.totalResults).toBe(0);
    const takeover = { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'mallory@harbor.edu' }] };
    expectScimError(await scim(harborToken, 'PATCH', `/scim/v2/Users/${outside.json.id}`, { body: takeover }), 404);
    const [consultant] = await (await getDb()).select().from(users).where(eq(users.id, outside.json.id));
    expect(consultant).toMatchObject({ email: 'consultant@partner.org', isActive: true });
    await tokenCall('DELETE', harbor.token);
    await tokenCall('DELETE', birch.token);
  });
});

describe('bad filters and bodies', () => {
  it('answer 400 in SCIM shape, never 500, and change nothing', async () => {
    const token = await newToken(harbor.token);
    for (const filter of ['displayName eq "x"', 'userName co "harbor"', 'userName eq x', 'userName eq "a" or userName eq "b"', 'userName eq "unterminated', `userName eq "${'x'.repeat(1200)}"`, 'userName sw "a"']) {
      expectScimError(await scim(token, 'GET', '/scim/v2/Users', { query: { filter } }), 400, 'invalidFilter');
    }
    expectScimError(await scim(token, 'GET', '/scim/v2/Users', { query: { startIndex: 'first' } }), 400, 'invalidValue');
    // Out-of-range paging is read as RFC 7644 says: startIndex below 1 is 1, a negative count is 0.
    expect((await scim(token, 'GET', '/scim/v2/Users', { query: { startIndex: '-3', count: '-1' } })).json).toMatchObject({ startIndex: 1, itemsPerPage: 0, Resources: [] });
    expect((await scim(token, 'GET', '/scim/v2/Users', { query: { count: '5000' } })).json.itemsPerPage).toBeLessThanOrEqual(200);

    const [counselor] = await (await getDb()).select().from(users).where(eq(users.email, 'counselor@harbor.edu'));
    const path = `/scim/v2/Users/${counselor!.id}`;
    expectScimError(await scim(token, 'POST', '/scim/v2/Users', { rawBody: '{"userName": ' }), 400, 'invalidSyntax');
    expectScimError(await scim(token, 'POST', '/scim/v2/Users', { rawBody: 'userName=x', contentType: 'text/plain' }), 400, 'invalidSyntax');
    expectScimError(await scim(token, 'POST', '/scim/v2/Users', { body: [] }), 400);
    expectScimError(await scim(token, 'POST', '/scim/v2/Users', { body: { userName: 'not an address' } }), 400, 'invalidValue');
    expectScimError(await scim(token, 'POST', '/scim/v2/Users', { body: { userName: 'x@harbor.edu', active: 'perhaps' } }), 400, 'invalidValue');
    const foreign = await scim(token, 'POST', '/scim/v2/Users', { body: { userName: 'someone@gmail.com' } });
    expectScimError(foreign, 400, 'invalidValue');
    expect(foreign.json.detail).toContain('harbor.edu');
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP], Operations: [{ op: 'move', path: 'active', value: false }] } }), 400, 'invalidValue');
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP], Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }] } }), 400, 'invalidValue');
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', value: 'active=false' }] } }), 400, 'invalidValue');
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP], Operations: [{ op: 'remove' }] } }), 400, 'noTarget');
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP], Operations: [] } }), 400, 'invalidValue');
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP] } }), 400, 'invalidValue');
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'name.givenName', value: 42 }] } }), 400, 'invalidValue');
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'counselor@elsewhere.org' }] } }), 400, 'invalidValue');
    // Another account's address: 409, as User Management answers it.
    expectScimError(await scim(token, 'PATCH', path, { body: { schemas: [PATCH_OP], Operations: [{ op: 'replace', path: 'userName', value: 'itdesk@harbor.edu' }] } }), 409, 'uniqueness');
    expectScimError(await scim(token, 'PUT', path, { body: { name: { givenName: 'No' } } }), 400, 'invalidValue');
    for (const id of ['abc', '0', '-1', '99999999999', '1.5']) expectScimError(await scim(token, 'GET', `/scim/v2/Users/${encodeURIComponent(id)}`), 404);
    const [after] = await (await getDb()).select().from(users).where(and(eq(users.id, counselor!.id), eq(users.schoolId, harbor.id)));
    expect(after).toMatchObject({ isActive: true, email: 'counselor@harbor.edu', firstName: counselor!.firstName });
    expect(await (await getDb()).select().from(users).where(eq(users.email, 'x@harbor.edu'))).toEqual([]);
    await tokenCall('DELETE', harbor.token);
  });

  it('describes what it supports: ServiceProviderConfig, ResourceTypes, Schemas', async () => {
    const token = await newToken(harbor.token);
    const config = await scim(token, 'GET', '/scim/v2/ServiceProviderConfig');
    expect(config.headers.get('content-type')).toContain(SCIM);
    expect(config.json).toMatchObject({
      patch: { supported: true },
      filter: { supported: true, maxResults: 200 },
      bulk: { supported: false },
      sort: { supported: false },
      etag: { supported: false },
      changePassword: { supported: false },
      authenticationSchemes: [expect.objectContaining({ type: 'oauthbearertoken' })],
    });
    expect((await scim(token, 'GET', '/scim/v2/ResourceTypes')).json.Resources).toEqual([expect.objectContaining({ id: 'User', endpoint: '/Users', schema: USER })]);
    expect((await scim(token, 'GET', '/scim/v2/Schemas')).json.Resources[0]).toMatchObject({ id: USER, attributes: expect.arrayContaining([expect.objectContaining({ name: 'userName' }), expect.objectContaining({ name: 'active' })]) });
    expectScimError(await scim(null, 'GET', '/scim/v2/ServiceProviderConfig'), 401);
    await tokenCall('DELETE', harbor.token);
  });
});

describe('removing the single sign-on connection', () => {
  it('revokes its SCIM token with it', async () => {
    const quay = await staffWithSchool(su, 'itdesk@quay.edu', 'Quay SCIM College');
    await connect(quay.id, 'quay.edu');
    const token = await newToken(quay.token);
    expect((await findByUserName(token, 'someone@quay.edu')).status).toBe(200);
    expect((await call(ssoRoute.DELETE, 'DELETE', '/schools/my-school/sso', { token: quay.token })).status).toBe(200);
    expectScimError(await findByUserName(token, 'someone@quay.edu'), 401);
    expect((await tokenCall('GET', quay.token)).json).toMatchObject({ active: false });
  });
});
