import { beforeAll, describe, expect, it } from 'vitest';
import * as checkAccountsRoute from '@/app/(rest)/auth/check-accounts/route';
import * as checkSuperRoute from '@/app/(rest)/auth/check-superuser-schools/route';
import * as grantRoute from '@/app/(rest)/auth/grant-school-access/route';
import * as linkedRoute from '@/app/(rest)/auth/linked-accounts/route';
import * as loginSelectedRoute from '@/app/(rest)/auth/login-selected/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import { call, createSchool, OTHER_PASSWORD, STRONG_PASSWORD } from './http';

const SUPER = { email: 'sam@lantern.test', password: STRONG_PASSWORD };
let superToken: string;
let oak: number;
let pine: number;
let elm: number;

beforeAll(async () => {
  const reg = await call(registerRoute.POST, 'POST', '/auth/register', {
    body: { ...SUPER, username: 'sam', first_name: 'Sam', last_name: 'Super' },
  });
  superToken = reg.json.access_token;
  oak = await createSchool('Oak University');
  pine = await createSchool('Pine Institute');
  elm = await createSchool('Elm College');
  // One person, two linked accounts (same e-mail, one per school).
  for (const school_id of [oak, pine]) {
    const res = await call(usersRoute.POST, 'POST', '/auth/users', {
      token: superToken,
      body: { email: 'lee@lantern.test', username: 'lee', password: STRONG_PASSWORD, first_name: 'Lee', last_name: 'Linked', role: school_id === oak ? 'admin' : 'user', school_id },
    });
    expect(res.status).toBe(201);
  }
  // A third account under the same e-mail with a different password is not offered.
  await call(usersRoute.POST, 'POST', '/auth/users', {
    token: superToken,
    body: { email: 'lee@lantern.test', username: 'lee', password: OTHER_PASSWORD, first_name: 'Lee', last_name: 'Linked', school_id: elm },
  });
});

describe('linked accounts', () => {
  it('check-accounts lists every matching account and no missing schools for a non-superuser', async () => {
    const res = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: { email: 'LEE@lantern.test', password: STRONG_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.json.missing_schools).toEqual([]);
    expect(res.json.user_accounts).toEqual([
      expect.objectContaining({ username: 'lee', role: 'admin', school_name: 'Oak University' }),
      expect.objectContaining({ username: 'lee', role: 'user', school_name: 'Pine Institute' }),
    ]);
  });

  it('login-selected enters the chosen account, and only one that matches', async () => {
    const check = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: { email: 'lee@lantern.test', password: STRONG_PASSWORD } });
    const pineAccount = check.json.user_accounts.find((a: { school_name: string }) => a.school_name === 'Pine Institute');
    const res = await call(loginSelectedRoute.POST, 'POST', '/auth/login-selected', {
      body: { email: 'lee@lantern.test', password: STRONG_PASSWORD, selected_user_id: pineAccount.user_id },
    });
    expect(res.status).toBe(200);
    const me = await call(meRoute.GET, 'GET', '/auth/me', { token: res.json.access_token });
    expect(me.json).toMatchObject({ user_id: pineAccount.user_id, school_name: 'Pine Institute', role: 'user' });

    const linked = await call(linkedRoute.GET, 'GET', '/auth/linked-accounts', { token: res.json.access_token });
    expect(linked.json.accounts).toHaveLength(3);
    expect(linked.json.accounts.filter((a: { is_current: boolean }) => a.is_current)).toEqual([expect.objectContaining({ user_id: pineAccount.user_id })]);

    // Someone else's account id cannot be entered with these credentials.
    const foreign = await call(loginSelectedRoute.POST, 'POST', '/auth/login-selected', {
      body: { email: 'lee@lantern.test', password: STRONG_PASSWORD, selected_user_id: 1 },
    });
    expect(foreign.status).toBe(401);
    const bad = await call(loginSelectedRoute.POST, 'POST', '/auth/login-selected', { body: { email: 'lee@lantern.test', password: STRONG_PASSWORD, selected_user_id: 'x' } });
    expect(bad.status).toBe(422);
  });
});

describe('superuser school access', () => {
  it('reports the schools a superuser lacks, grants them, and offers the new accounts', async () => {
    const check = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: SUPER });
    expect(check.json.missing_schools.map((s: { name: string }) => s.name)).toEqual(['Elm College', 'Oak University', 'Pine Institute']);
    const lacks = await call(checkSuperRoute.POST, 'POST', '/auth/check-superuser-schools', { body: SUPER });
    expect(lacks.json.missing_schools).toHaveLength(3);

    const grant = await call(grantRoute.POST, 'POST', '/auth/grant-school-access', { body: { ...SUPER, school_ids: [oak, pine] } });
    expect(grant.status).toBe(200);
    expect(grant.json.granted.map((g: { school_name: string }) => g.school_name).sort()).toEqual(['Oak University', 'Pine Institute']);

    const after = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: SUPER });
    expect(after.json.missing_schools).toEqual([{ id: elm, name: 'Elm College' }]);
    expect(after.json.user_accounts).toHaveLength(3);
    expect(after.json.user_accounts.every((a: { role: string }) => a.role === 'superuser')).toBe(true);

    // Granting again changes nothing.
    const again = await call(grantRoute.POST, 'POST', '/auth/grant-school-access', { body: { ...SUPER, school_ids: [oak] } });
    expect(again.json.granted).toEqual([]);
  });

  it('refuses non-superusers, wrong passwords, unknown schools and empty lists', async () => {
    const lee = await call(checkSuperRoute.POST, 'POST', '/auth/check-superuser-schools', { body: { email: 'lee@lantern.test', password: STRONG_PASSWORD } });
    expect(lee.status).toBe(403);
    const leeGrant = await call(grantRoute.POST, 'POST', '/auth/grant-school-access', { body: { email: 'lee@lantern.test', password: STRONG_PASSWORD, school_ids: [elm] } });
    expect(leeGrant.status).toBe(403);
    const wrong = await call(grantRoute.POST, 'POST', '/auth/grant-school-access', { body: { ...SUPER, password: 'nope', school_ids: [elm] } });
    expect(wrong.status).toBe(401);
    const unknown = await call(grantRoute.POST, 'POST', '/auth/grant-school-access', { body: { ...SUPER, school_ids: [elm, 98765] } });
    expect(unknown.status).toBe(404);
    const empty = await call(grantRoute.POST, 'POST', '/auth/grant-school-access', { body: { ...SUPER, school_ids: [] } });
    expect(empty.status).toBe(422);
    const check = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: SUPER });
    expect(check.json.missing_schools).toEqual([{ id: elm, name: 'Elm College' }]);
  });
});
