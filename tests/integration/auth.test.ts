import { beforeAll, describe, expect, it } from 'vitest';
import * as checkAccountsRoute from '@/app/(rest)/auth/check-accounts/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as logoutRoute from '@/app/(rest)/auth/logout/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as profileRoute from '@/app/(rest)/auth/profile/route';
import * as refreshRoute from '@/app/(rest)/auth/refresh/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as userCountRoute from '@/app/(rest)/auth/user-count/route';
import * as validateRoute from '@/app/(rest)/auth/validate-password/route';
import { call, OTHER_PASSWORD, STRONG_PASSWORD } from './http';

const admin = { email: 'ada@lantern.test', password: STRONG_PASSWORD, username: 'ada', first_name: 'Ada', last_name: 'Lovelace' };

/** Registers an account while self-registration is open (the superuser exists already). */
async function registerOpen(body: Record<string, unknown>) {
  process.env.ALLOW_REGISTRATION = 'true';
  try {
    return await call(registerRoute.POST, 'POST', '/auth/register', { body });
  } finally {
    delete process.env.ALLOW_REGISTRATION;
  }
}

// The first user, the superuser, exists before every test (first-run.test.ts checks the empty start).
beforeAll(async () => {
  expect((await call(registerRoute.POST, 'POST', '/auth/register', { body: admin })).status).toBe(201);
});

describe('registration', () => {
  it('closes self-registration once a user exists unless ALLOW_REGISTRATION=true', async () => {
    const second = { ...admin, email: 'bob@lantern.test', username: 'bob' };
    const closed = await call(registerRoute.POST, 'POST', '/auth/register', { body: second });
    expect(closed.status).toBe(403);
    expect(closed.json.detail).toMatch(/Registration is disabled/);

    process.env.ALLOW_REGISTRATION = 'true';
    try {
      const open = await call(registerRoute.POST, 'POST', '/auth/register', { body: second });
      expect(open.status).toBe(201);
      expect(open.json.user.role).toBe('user');
      const dup = await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...second, username: 'bobby' } });
      expect(dup.status).toBe(409);
      expect(dup.json.detail).toBe('Email already registered');
      const dupName = await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...second, email: 'bob2@lantern.test' } });
      expect(dupName.status).toBe(409);
    } finally {
      delete process.env.ALLOW_REGISTRATION;
    }
  });

  it('rejects bad registration input with 422 details and creates nothing', async () => {
    const users = (await call(userCountRoute.GET, 'GET', '/auth/user-count')).json.count as number;
    process.env.ALLOW_REGISTRATION = 'true';
    try {
      const missing = await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'x@lantern.test' } });
      expect(missing.status).toBe(422);
      expect(missing.json.detail).toEqual(
        expect.arrayContaining([{ loc: ['body', 'password'], msg: 'Field required', type: 'missing' }]),
      );
      const wrongType = await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...admin, email: 42 } });
      expect(wrongType.status).toBe(422);
      expect(wrongType.json.detail[0].loc).toEqual(['body', 'email']);
      const badEmail = await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...admin, email: 'not-an-email' } });
      expect(badEmail.json.detail[0].msg).toBe('Enter a valid e-mail address');
      const long = await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...admin, email: 'c@lantern.test', username: 'c'.repeat(51) } });
      expect(long.status).toBe(422);
      expect(long.json.detail[0]).toMatchObject({ loc: ['body', 'username'], type: 'string_too_long' });
      const weak = await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...admin, email: 'c@lantern.test', username: 'carol', password: 'password' } });
      expect(weak.status).toBe(422);
      expect(weak.json.detail.map((d: { msg: string }) => d.msg)).toContain('Password must be at least 12 characters long');
      const tooLong = await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...admin, email: 'c@lantern.test', password: `Aa1${'x'.repeat(126)}` } });
      expect(tooLong.status).toBe(422);
      const malformed = await call(registerRoute.POST, 'POST', '/auth/register', { rawBody: '{"email": ', headers: { 'content-type': 'application/json' } });
      expect(malformed.status).toBe(422);
      expect(malformed.json.detail[0].type).toBe('json_invalid');
      const wrongContentType = await call(registerRoute.POST, 'POST', '/auth/register', { rawBody: 'email=a', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(wrongContentType.status).toBe(422);
      expect(wrongContentType.json.detail[0].type).toBe('content_type');
      const nul = await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...admin, email: 'n@lantern.test', first_name: 'A\u0000B' } });
      expect(nul.status).toBe(422);
      expect(nul.json.detail[0].loc).toEqual(['body', 'first_name']);
      const surrogate = await call(registerRoute.POST, 'POST', '/auth/register', { rawBody: '{"first_name": "\\ud800"}', headers: { 'content-type': 'application/json' } });
      expect(surrogate.status).toBe(422);
      const empty = await call(registerRoute.POST, 'POST', '/auth/register', {});
      expect(empty.status).toBe(422);
      const huge = await call(registerRoute.POST, 'POST', '/auth/register', { rawBody: JSON.stringify({ email: 'x'.repeat(1_100_000) }), headers: { 'content-type': 'application/json' } });
      expect(huge.status).toBe(413);
      const count = await call(userCountRoute.GET, 'GET', '/auth/user-count');
      expect(count.json.count).toBe(users);
    } finally {
      delete process.env.ALLOW_REGISTRATION;
    }
  });
});

describe('login, refresh and logout', () => {
  it('answers the same 401 for an unknown e-mail and a wrong password', async () => {
    const unknown = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'nobody@lantern.test', password: 'whatever' }, ip: '198.51.100.1' });
    const wrong = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: admin.email, password: 'wrong password' }, ip: '198.51.100.1' });
    expect(unknown.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
    const check = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: { email: admin.email, password: 'nope' }, ip: '198.51.100.1' });
    expect(check.status).toBe(401);
    expect(check.json).toEqual(wrong.json);
  });

  it('rotates refresh tokens and revokes the family when a rotated token is presented again', async () => {
    const login = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: admin.email, password: admin.password } });
    expect(login.status).toBe(200);
    const first = login.json.refresh_token as string;
    expect(first.length).toBeGreaterThanOrEqual(22);

    const r1 = await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: first } });
    expect(r1.status).toBe(200);
    expect(r1.json.refresh_token).not.toBe(first);
    const me = await call(meRoute.GET, 'GET', '/auth/me', { token: r1.json.access_token });
    expect(me.status).toBe(200);

    // The spent token comes back: treat it as stolen and end the whole family.
    const reuse = await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: first } });
    expect(reuse.status).toBe(401);
    const successor = await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: r1.json.refresh_token } });
    expect(successor.status).toBe(401);
    const afterReuse = await call(meRoute.GET, 'GET', '/auth/me', { token: r1.json.access_token });
    expect(afterReuse.status).toBe(401);

    const garbage = await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: 'not-a-token' } });
    expect(garbage.status).toBe(401);
    const missing = await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: {} });
    expect(missing.status).toBe(422);
  });

  it('logout ends the session of the access token and its refresh token', async () => {
    const login = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: admin.email, password: admin.password } });
    const out = await call(logoutRoute.POST, 'POST', '/auth/logout', { token: login.json.access_token });
    expect(out.status).toBe(200);
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: login.json.access_token })).status).toBe(401);
    expect((await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: login.json.refresh_token } })).status).toBe(401);
    // Logout never fails, even without a session.
    expect((await call(logoutRoute.POST, 'POST', '/auth/logout')).status).toBe(200);
  });

  it('rejects missing, malformed and forged bearer tokens', async () => {
    expect((await call(meRoute.GET, 'GET', '/auth/me')).status).toBe(401);
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: 'abc.def.ghi' })).status).toBe(401);
    const forged = await call(meRoute.GET, 'GET', '/auth/me', {
      token: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxIiwidHYiOjAsInNpZCI6IngifQ.c2lnbmF0dXJl',
    });
    expect(forged.status).toBe(401);
    expect(forged.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('limits failed sign-ins per account with 429 and Retry-After', async () => {
    const body = { email: 'target@lantern.test', password: 'wrong-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await call(loginRoute.POST, 'POST', '/auth/login', { body, ip: `192.0.2.${i}` })).status);
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    const limited = await call(loginRoute.POST, 'POST', '/auth/login', { body, ip: '192.0.2.99' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('profile', () => {
  it('updates names and requires the current password to change the password', async () => {
    // An account of its own: the password changes, and the other tests sign in as the superuser.
    const account = { email: 'augusta@lantern.test', password: STRONG_PASSWORD, username: 'augusta', first_name: 'Ada', last_name: 'Byron' };
    expect((await registerOpen(account)).status).toBe(201);
    const login = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: account.email, password: account.password } });
    const token = login.json.access_token;
    const elsewhere = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: account.email, password: account.password } });
    const base = { first_name: 'Augusta', last_name: 'King', email: account.email };
    const ok = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: base });
    expect(ok.status).toBe(200);
    expect(ok.json).toMatchObject({ first_name: 'Augusta', last_name: 'King' });

    const noCurrent = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, new_password: OTHER_PASSWORD } });
    expect(noCurrent.status).toBe(400);
    expect(noCurrent.json.detail).toBe('Current password is required to change password');
    const wrongCurrent = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, current_password: 'nope', new_password: OTHER_PASSWORD } });
    expect(wrongCurrent.status).toBe(400);
    const weak = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, current_password: account.password, new_password: 'short' } });
    expect(weak.status).toBe(422);
    const blankName = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, first_name: '  ' } });
    expect(blankName.status).toBe(422);

    const changed = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, current_password: account.password, new_password: OTHER_PASSWORD } });
    expect(changed.status).toBe(200);
    // The caller's session goes on, the account's other sessions end; the new password signs in, the old one no longer does.
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token })).status).toBe(200);
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: elsewhere.json.access_token })).status).toBe(401);
    expect((await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: elsewhere.json.refresh_token } })).status).toBe(401);
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: account.email, password: OTHER_PASSWORD } })).status).toBe(200);
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: account.email, password: account.password } })).status).toBe(401);
  });
});

describe('password policy', () => {
  it('reports requirements, common passwords and strength', async () => {
    const weak = await call(validateRoute.POST, 'POST', '/auth/validate-password', { body: { password: 'password' } });
    expect(weak.status).toBe(200);
    expect(weak.json.is_valid).toBe(false);
    expect(weak.json.errors).toEqual(
      expect.arrayContaining(['Password must be at least 12 characters long', 'Password must contain at least one uppercase letter', 'Password must contain at least one number']),
    );
    const common = await call(validateRoute.POST, 'POST', '/auth/validate-password', { body: { password: 'Password1234' } });
    expect(common.json.errors).toContain('Password is too common. Please choose a less predictable password');
    const personal = await call(validateRoute.POST, 'POST', '/auth/validate-password', { body: { password: 'Grace-Hopper-1906x', username: 'hopper', email: 'grace@navy.test' } });
    expect(personal.json.errors).toContain('Password must not contain your username');
    const strong = await call(validateRoute.POST, 'POST', '/auth/validate-password', { body: { password: STRONG_PASSWORD, username: 'ada', email: admin.email } });
    expect(strong.json).toMatchObject({ is_valid: true, errors: [] });
    expect(strong.json.strength.score).toBeGreaterThanOrEqual(75);
    expect(strong.json.strength).toMatchObject({ label: expect.any(String), color: expect.stringMatching(/^#/), suggestions: expect.any(Array) });
    expect(weak.json.strength.score).toBeLessThan(strong.json.strength.score);
    const bad = await call(validateRoute.POST, 'POST', '/auth/validate-password', { body: { password: 12 } });
    expect(bad.status).toBe(422);
  });
});
