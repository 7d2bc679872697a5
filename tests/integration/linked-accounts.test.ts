import { beforeAll, describe, expect, it } from 'vitest';
import * as checkAccountsRoute from '@/app/(rest)/auth/check-accounts/route';
import * as checkSuperRoute from '@/app/(rest)/auth/check-superuser-schools/route';
import * as grantRoute from '@/app/(rest)/auth/grant-school-access/route';
import * as linkedRoute from '@/app/(rest)/auth/linked-accounts/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as loginSelectedRoute from '@/app/(rest)/auth/login-selected/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as profileRoute from '@/app/(rest)/auth/profile/route';
import * as refreshRoute from '@/app/(rest)/auth/refresh/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import { call, createSchool, OTHER_PASSWORD, STRONG_PASSWORD } from './http';

const SUPER = { email: 'sam@lantern.test', password: STRONG_PASSWORD };
let superToken: string;
let oak: number;
let pine: number;
let elm: number;
let fir: number;

beforeAll(async () => {
  const reg = await call(registerRoute.POST, 'POST', '/auth/register', {
    body: { ...SUPER, username: 'sam', first_name: 'Sam', last_name: 'Super' },
  });
  superToken = reg.json.access_token;
  oak = await createSchool('Oak University');
  pine = await createSchool('Pine Institute');
  elm = await createSchool('Elm College');
  // Every school exists from the start: the superuser's missing schools do not depend on which tests ran.
  fir = await createSchool('Fir Academy');
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

    // Only the accounts this password opened: Elm's account shares the e-mail, not the owner's proof.
    const linked = await call(linkedRoute.GET, 'GET', '/auth/linked-accounts', { token: res.json.access_token });
    expect(linked.json.accounts.map((a: { school_name: string }) => a.school_name)).toEqual(['Oak University', 'Pine Institute']);
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
    expect(check.json.missing_schools.map((s: { name: string }) => s.name)).toEqual(['Elm College', 'Fir Academy', 'Oak University', 'Pine Institute']);
    const lacks = await call(checkSuperRoute.POST, 'POST', '/auth/check-superuser-schools', { body: SUPER });
    expect(lacks.json.missing_schools).toHaveLength(4);

    const grant = await call(grantRoute.POST, 'POST', '/auth/grant-school-access', { body: { ...SUPER, school_ids: [oak, pine] } });
    expect(grant.status).toBe(200);
    expect(grant.json.granted.map((g: { school_name: string }) => g.school_name).sort()).toEqual(['Oak University', 'Pine Institute']);

    const after = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: SUPER });
    expect(after.json.missing_schools).toEqual([
      { id: elm, name: 'Elm College' },
      { id: fir, name: 'Fir Academy' },
    ]);
    expect(after.json.user_accounts).toHaveLength(3);
    expect(after.json.user_accounts.every((a: { role: string }) => a.role === 'superuser')).toBe(true);

    // Granting again changes nothing.
    const again = await call(grantRoute.POST, 'POST', '/auth/grant-school-access', { body: { ...SUPER, school_ids: [oak] } });
    expect(again.json.granted).toEqual([]);
  });

  it('refuses non-superusers, wrong passwords, unknown schools and empty lists', async () => {
    const before = (await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: SUPER })).json.missing_schools;
    expect(before).toContainEqual({ id: elm, name: 'Elm College' });
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
    // None of the refused calls granted anything.
    const check = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: SUPER });
    expect(check.json.missing_schools).toEqual(before);
    expect(check.json.missing_schools).toContainEqual({ id: elm, name: 'Elm College' });
  });
});

describe('an e-mail alone links nothing', () => {
  const THIRD_PASSWORD = 'Copper-Trail-Lantern-19';
  const KIM = 'kim@lantern.test';
  let fayToken: string;

  beforeAll(async () => {
    // Kim: one person, accounts in Oak and Pine under one password.
    for (const school_id of [oak, pine]) {
      const res = await call(usersRoute.POST, 'POST', '/auth/users', {
        token: superToken,
        body: { email: KIM, username: 'kim', password: STRONG_PASSWORD, first_name: 'Kim', last_name: 'Kept', role: 'admin', school_id },
      });
      expect(res.status).toBe(201);
    }
    const fay = await call(usersRoute.POST, 'POST', '/auth/users', {
      token: superToken,
      body: { email: 'fay@lantern.test', username: 'fay', password: THIRD_PASSWORD, first_name: 'Fay', last_name: 'Fir', role: 'admin', school_id: fir },
    });
    expect(fay.status).toBe(201);
    fayToken = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'fay@lantern.test', password: THIRD_PASSWORD } })).json.access_token;
  });

  it("an account another school's admin creates under someone's e-mail does not reach that person's accounts", async () => {
    const planted = await call(usersRoute.POST, 'POST', '/auth/users', {
      token: fayToken,
      body: { email: KIM, username: 'kim-copy', password: THIRD_PASSWORD, first_name: 'Kim', last_name: 'Copy', school_id: fir },
    });
    expect(planted.status).toBe(201);

    const check = await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: { email: KIM, password: THIRD_PASSWORD } });
    expect(check.json.user_accounts).toEqual([expect.objectContaining({ user_id: planted.json.id, school_name: 'Fir Academy' })]);
    const login = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: KIM, password: THIRD_PASSWORD } });
    expect(login.status).toBe(200);
    const linked = await call(linkedRoute.GET, 'GET', '/auth/linked-accounts', { token: login.json.access_token });
    expect(linked.status).toBe(200);
    expect(linked.json).toEqual({
      accounts: [{ user_id: planted.json.id, username: 'kim-copy', role: 'user', school_id: fir, school_name: 'Fir Academy', is_current: true }],
    });
    // Nor can Kim's real accounts be entered with the planted password.
    const real = (await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: { email: KIM, password: STRONG_PASSWORD } })).json.user_accounts;
    expect(real.map((a: { school_name: string }) => a.school_name)).toEqual(['Oak University', 'Pine Institute']);
    const enter = await call(loginSelectedRoute.POST, 'POST', '/auth/login-selected', {
      body: { email: KIM, password: THIRD_PASSWORD, selected_user_id: real[0].user_id },
    });
    expect(enter.status).toBe(401);

    // Kim's own sign-in still lists Kim's two accounts, and not the planted one.
    const own = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: KIM, password: STRONG_PASSWORD } });
    const ownLinked = await call(linkedRoute.GET, 'GET', '/auth/linked-accounts', { token: own.json.access_token });
    expect(ownLinked.json.accounts.map((a: { school_name: string }) => a.school_name)).toEqual(['Oak University', 'Pine Institute']);
    // A refreshed session keeps what its sign-in proved.
    const refreshed = await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: own.json.refresh_token } });
    const again = await call(linkedRoute.GET, 'GET', '/auth/linked-accounts', { token: refreshed.json.access_token });
    expect(again.json.accounts).toHaveLength(2);
  });

  it("changing one's e-mail takes the current password and cannot take over another person's address", async () => {
    // An account of its own that changes its e-mail, and a colleague in the same school whose address it tries.
    const created = await call(usersRoute.POST, 'POST', '/auth/users', {
      token: superToken,
      body: { email: 'fay.second@lantern.test', username: 'fay-second', password: THIRD_PASSWORD, first_name: 'Fay', last_name: 'Fir', role: 'admin', school_id: fir },
    });
    expect(created.status).toBe(201);
    const colleague = await call(usersRoute.POST, 'POST', '/auth/users', {
      token: superToken,
      body: { email: 'colleague@lantern.test', username: 'colleague', password: OTHER_PASSWORD, first_name: 'Col', last_name: 'League', school_id: fir },
    });
    expect(colleague.status).toBe(201);
    const token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'fay.second@lantern.test', password: THIRD_PASSWORD } })).json.access_token;
    const base = { first_name: 'Fay', last_name: 'Fir' };
    const noPassword = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, email: 'lee@lantern.test' } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.json.detail).toBe('Current password is required to change e-mail');
    const wrong = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, email: 'lee@lantern.test', current_password: 'not-it' } });
    expect(wrong.status).toBe(400);
    expect(wrong.json.detail).toBe('Current password is incorrect');
    // Lee has accounts only in other schools; the e-mail is still Lee's, not Fay's.
    const taken = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, email: 'LEE@lantern.test', current_password: THIRD_PASSWORD } });
    expect(taken.status).toBe(409);
    expect(taken.json.detail).toBe("This e-mail address belongs to another person's account");
    const sameSchool = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, email: 'colleague@lantern.test', current_password: THIRD_PASSWORD } });
    expect(sameSchool.status).toBe(409);
    const me = await call(meRoute.GET, 'GET', '/auth/me', { token });
    expect(me.json.email).toBe('fay.second@lantern.test');

    // The same name fields with the e-mail unchanged need no password.
    expect((await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, email: 'FAY.SECOND@lantern.test' } })).status).toBe(200);
    // A free address is fine with the current password.
    const moved = await call(profileRoute.PUT, 'PUT', '/auth/profile', { token, body: { ...base, email: 'fay.fir@lantern.test', current_password: THIRD_PASSWORD } });
    expect(moved.status).toBe(200);
    expect(moved.json.email).toBe('fay.fir@lantern.test');
  });

  it("a person may move one account to an address their other accounts use", async () => {
    // Max (a person of this test's own, so Kim keeps Kim's address): accounts in Oak and Pine under one password.
    const MAX = 'max@lantern.test';
    for (const school_id of [oak, pine]) {
      const res = await call(usersRoute.POST, 'POST', '/auth/users', {
        token: superToken,
        body: { email: MAX, username: 'max', password: STRONG_PASSWORD, first_name: 'Max', last_name: 'Moved', role: 'admin', school_id },
      });
      expect(res.status).toBe(201);
    }
    // Max's Pine account moves first, then the Oak account follows: the same password opens both.
    const max = (await call(checkAccountsRoute.POST, 'POST', '/auth/check-accounts', { body: { email: MAX, password: STRONG_PASSWORD } })).json.user_accounts;
    const tokenFor = async (id: number) =>
      (await call(loginSelectedRoute.POST, 'POST', '/auth/login-selected', { body: { email: MAX, password: STRONG_PASSWORD, selected_user_id: id } })).json.access_token;
    const [oakToken, pineToken] = [await tokenFor(max[0].user_id), await tokenFor(max[1].user_id)];
    const body = { first_name: 'Max', last_name: 'Moved', email: 'max.new@lantern.test', current_password: STRONG_PASSWORD };
    expect((await call(profileRoute.PUT, 'PUT', '/auth/profile', { token: pineToken, body })).status).toBe(200);
    expect((await call(profileRoute.PUT, 'PUT', '/auth/profile', { token: oakToken, body })).status).toBe(200);
  });
});
