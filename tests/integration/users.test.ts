import { beforeAll, describe, expect, it } from 'vitest';
import * as linkedRoute from '@/app/(rest)/auth/linked-accounts/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as loginSelectedRoute from '@/app/(rest)/auth/login-selected/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as refreshRoute from '@/app/(rest)/auth/refresh/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as userRoute from '@/app/(rest)/auth/users/[id]/route';
import * as passwordRoute from '@/app/(rest)/auth/users/[id]/password/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { call, createSchool, OTHER_PASSWORD, STRONG_PASSWORD } from './http';

let superToken: string;
let schoolA: number;
let schoolB: number;

async function loginAs(email: string, password = STRONG_PASSWORD) {
  const res = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password } });
  expect(res.status).toBe(200);
  return res.json as { access_token: string; refresh_token: string };
}

async function createAs(token: string, user: Record<string, unknown>) {
  return call(usersRoute.POST, 'POST', '/auth/users', { token, body: { password: STRONG_PASSWORD, first_name: 'Test', last_name: 'Person', ...user } });
}

beforeAll(async () => {
  const reg = await call(registerRoute.POST, 'POST', '/auth/register', {
    body: { email: 'root@lantern.test', password: STRONG_PASSWORD, username: 'root', first_name: 'Root', last_name: 'User' },
  });
  superToken = reg.json.access_token;
  schoolA = await createSchool('Alder College');
  schoolB = await createSchool('Birch Academy');
  // The accounts the tests below act as or on: an admin and a user in each school.
  for (const user of [
    { email: 'admin.a@lantern.test', username: 'admina', role: 'admin', school_id: schoolA },
    { email: 'user.a@lantern.test', username: 'usera', role: 'user', school_id: schoolA },
    { email: 'admin.b@lantern.test', username: 'adminb', role: 'admin', school_id: schoolB },
    { email: 'user.b@lantern.test', username: 'userb', school_id: schoolB },
  ]) {
    expect((await createAs(superToken, user)).status).toBe(201);
  }
});

describe('superuser administration', () => {
  it('creates users in any school with any role and lists them with a total', async () => {
    // Other tests add users too: count from what is there now.
    const already = (await call(usersRoute.GET, 'GET', '/auth/users', { token: superToken, query: { skip: 0, limit: 100 } })).json.total as number;
    const adminA = await createAs(superToken, { email: 'second.admin.a@lantern.test', username: 'secondadmina', role: 'admin', school_id: schoolA });
    expect(adminA.status).toBe(201);
    expect(adminA.json).toMatchObject({ role: 'admin', school_id: schoolA, school_name: 'Alder College', is_active: true });
    expect(adminA.json).not.toHaveProperty('password_hash');
    expect((await createAs(superToken, { email: 'second.user.a@lantern.test', username: 'secondusera', role: 'user', school_id: schoolA })).status).toBe(201);
    expect((await createAs(superToken, { email: 'second.admin.b@lantern.test', username: 'secondadminb', role: 'admin', school_id: schoolB })).status).toBe(201);
    expect((await createAs(superToken, { email: 'second.user.b@lantern.test', username: 'seconduserb', school_id: schoolB })).status).toBe(201);
    // No school: the new user sets one up at first login.
    const noSchool = await createAs(superToken, { email: 'new@lantern.test', username: 'newbie' });
    expect(noSchool.json).toMatchObject({ school_id: null, school_name: '', role: 'user' });

    const list = await call(usersRoute.GET, 'GET', '/auth/users', { token: superToken, query: { skip: 0, limit: 100 } });
    expect(list.status).toBe(200);
    expect(list.json.total).toBe(already + 5);
    expect(list.json.data).toHaveLength(already + 5);
    const page = await call(usersRoute.GET, 'GET', '/auth/users', { token: superToken, query: { skip: already + 1, limit: 2 } });
    expect(page.json.data.map((u: { username: string }) => u.username)).toEqual(['secondusera', 'secondadminb']);
    expect(page.json.total).toBe(already + 5);
  });

  it('refuses duplicates within a school but allows the same e-mail in another school', async () => {
    expect((await createAs(superToken, { email: 'twice@lantern.test', username: 'twice', role: 'admin', school_id: schoolA })).status).toBe(201);
    const dup = await createAs(superToken, { email: 'TWICE@lantern.test', username: 'other', school_id: schoolA });
    expect(dup.status).toBe(409);
    expect(dup.json.detail).toBe('A user with this email already exists in this school');
    const dupName = await createAs(superToken, { email: 'someone@lantern.test', username: 'Twice', school_id: schoolA });
    expect(dupName.status).toBe(409);
    const elsewhere = await createAs(superToken, { email: 'twice@lantern.test', username: 'twice', role: 'user', school_id: schoolB });
    expect(elsewhere.status).toBe(201);
  });

  it('validates input: unknown school, bad role, weak password, bad paging, bad id', async () => {
    expect((await createAs(superToken, { email: 'x1@lantern.test', username: 'xone', school_id: 99999 })).status).toBe(404);
    const role = await createAs(superToken, { email: 'x2@lantern.test', username: 'xtwo', role: 'owner' });
    expect(role.status).toBe(422);
    expect(role.json.detail[0].loc).toEqual(['body', 'role']);
    const weak = await createAs(superToken, { email: 'x3@lantern.test', username: 'xthree', password: 'abc' });
    expect(weak.status).toBe(422);
    const noPassword = await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email: 'x4@lantern.test', username: 'xfour', first_name: 'a', last_name: 'b' } });
    expect(noPassword.json.detail).toEqual([{ loc: ['body', 'password'], msg: 'Field required', type: 'missing' }]);
    const paging = await call(usersRoute.GET, 'GET', '/auth/users', { token: superToken, query: { limit: 'ten' } });
    expect(paging.status).toBe(422);
    expect(paging.json.detail[0].loc).toEqual(['query', 'limit']);
    const badId = await call(userRoute.GET, 'GET', '/auth/users/abc', { token: superToken, params: { id: 'abc' } });
    expect(badId.status).toBe(422);
    expect(badId.json.detail[0].loc).toEqual(['path', 'id']);
    const missing = await call(userRoute.GET, 'GET', '/auth/users/424242', { token: superToken, params: { id: '424242' } });
    expect(missing.status).toBe(404);
  });

  it('never deletes or deactivates itself', async () => {
    const me = await call(meRoute.GET, 'GET', '/auth/me', { token: superToken });
    const id = String(me.json.user_id);
    const del = await call(userRoute.DELETE, 'DELETE', `/auth/users/${id}`, { token: superToken, params: { id } });
    expect(del.status).toBe(400);
    expect(del.json.detail).toBe('You cannot delete your own account');
    const off = await call(userRoute.PUT, 'PUT', `/auth/users/${id}`, { token: superToken, params: { id }, body: { is_active: false } });
    expect(off.status).toBe(400);
    expect(off.json.detail).toBe('You cannot deactivate your own account');
  });

  it('sees every school in the schools list', async () => {
    const res = await call(schoolsRoute.GET, 'GET', '/schools/', { token: superToken, query: { skip: 0, limit: 100 } });
    expect(res.json.map((s: { name: string }) => s.name)).toEqual(['Alder College', 'Birch Academy']);
    expect((await call(schoolsRoute.GET, 'GET', '/schools/')).status).toBe(401);
  });
});

describe('an admin acts only within their school', () => {
  let adminA: string;
  let userBId: string;
  let userAId: string;

  beforeAll(async () => {
    adminA = (await loginAs('admin.a@lantern.test')).access_token;
    const all = await call(usersRoute.GET, 'GET', '/auth/users', { token: superToken });
    const byName = (n: string) => String(all.json.data.find((u: { username: string; school_id: number }) => u.username === n && u.school_id === (n.endsWith('b') ? schoolB : schoolA)).id);
    userBId = byName('userb');
    userAId = byName('usera');
  });

  it('lists only the users of their school', async () => {
    const list = await call(usersRoute.GET, 'GET', '/auth/users', { token: adminA });
    expect(list.status).toBe(200);
    expect(new Set(list.json.data.map((u: { school_id: number }) => u.school_id))).toEqual(new Set([schoolA]));
    expect(list.json.total).toBe(list.json.data.length);
    const schools = await call(schoolsRoute.GET, 'GET', '/schools', { token: adminA });
    expect(schools.json).toEqual([expect.objectContaining({ id: schoolA, name: 'Alder College' })]);
  });

  it('cannot read, change, delete or reset the password of a user in school B', async () => {
    const params = { id: userBId };
    expect((await call(userRoute.GET, 'GET', `/auth/users/${userBId}`, { token: adminA, params })).status).toBe(404);
    expect((await call(userRoute.PUT, 'PUT', `/auth/users/${userBId}`, { token: adminA, params, body: { first_name: 'Hacked' } })).status).toBe(404);
    expect((await call(userRoute.DELETE, 'DELETE', `/auth/users/${userBId}`, { token: adminA, params })).status).toBe(404);
    expect((await call(passwordRoute.PUT, 'PUT', `/auth/users/${userBId}/password`, { token: adminA, params, body: { new_password: OTHER_PASSWORD } })).status).toBe(404);
    const check = await call(userRoute.GET, 'GET', `/auth/users/${userBId}`, { token: superToken, params });
    expect(check.json.first_name).toBe('Test');
  });

  it('cannot create users outside their school or grant superuser, nor move users away', async () => {
    expect((await createAs(adminA, { email: 'c1@lantern.test', username: 'cee1', school_id: schoolB })).status).toBe(403);
    expect((await createAs(adminA, { email: 'c2@lantern.test', username: 'cee2' })).status).toBe(403);
    const su = await createAs(adminA, { email: 'c3@lantern.test', username: 'cee3', role: 'superuser', school_id: schoolA });
    expect(su.status).toBe(403);
    expect(su.json.detail).toBe('Only a superuser can assign the superuser role');
    const ok = await createAs(adminA, { email: 'c4@lantern.test', username: 'cee4', role: 'admin', school_id: schoolA });
    expect(ok.status).toBe(201);
    const move = await call(userRoute.PUT, 'PUT', `/auth/users/${userAId}`, { token: adminA, params: { id: userAId }, body: { school_id: schoolB } });
    expect(move.status).toBe(403);
  });

  it('edits, deactivates, resets and deletes users of their school; deactivation ends sessions at once', async () => {
    // A user of its own: this test deletes it, and the other tests still act on user.a.
    const created = await createAs(superToken, { email: 'doomed@lantern.test', username: 'doomed', role: 'user', school_id: schoolA });
    expect(created.status).toBe(201);
    const doomedId = String(created.json.id);
    const doomed = await loginAs('doomed@lantern.test');
    const params = { id: doomedId };
    const renamed = await call(userRoute.PUT, 'PUT', `/auth/users/${doomedId}`, { token: adminA, params, body: { first_name: 'Una' } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toMatchObject({ first_name: 'Una', last_name: 'Person', is_active: true });

    const off = await call(userRoute.PUT, 'PUT', `/auth/users/${doomedId}`, { token: adminA, params, body: { is_active: false } });
    expect(off.json.is_active).toBe(false);
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: doomed.access_token })).status).toBe(401);
    expect((await call(refreshRoute.POST, 'POST', '/auth/refresh', { body: { refresh_token: doomed.refresh_token } })).status).toBe(401);
    expect((await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'doomed@lantern.test', password: STRONG_PASSWORD } })).status).toBe(401);

    await call(userRoute.PUT, 'PUT', `/auth/users/${doomedId}`, { token: adminA, params, body: { is_active: true } });
    const pw = await call(passwordRoute.PUT, 'PUT', `/auth/users/${doomedId}/password`, { token: adminA, params, body: { new_password: OTHER_PASSWORD } });
    expect(pw.status).toBe(200);
    const relogin = await loginAs('doomed@lantern.test', OTHER_PASSWORD);
    const me = await call(meRoute.GET, 'GET', '/auth/me', { token: relogin.access_token });
    expect(me.json.requires_password_update).toBe(true);
    expect((await call(passwordRoute.PUT, 'PUT', `/auth/users/${doomedId}/password`, { token: adminA, params, body: { new_password: '' } })).status).toBe(422);

    const del = await call(userRoute.DELETE, 'DELETE', `/auth/users/${doomedId}`, { token: adminA, params });
    expect(del.json).toEqual({ message: 'User deleted successfully' });
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: relogin.access_token })).status).toBe(401);
  });

  it("accounts an admin puts under school B's e-mails stay apart from the owners' accounts", async () => {
    const planted = 'Copper-Harbor-Gate-57';
    const linkedOf = async (token: string) =>
      (await call(linkedRoute.GET, 'GET', '/auth/linked-accounts', { token })).json.accounts.map((a: { user_id: number; school_id: number }) => [a.user_id, a.school_id]);
    // Allowed (e-mails are unique per school), but the e-mail alone links nothing.
    const created = await createAs(adminA, { email: 'admin.b@lantern.test', username: 'planted', password: planted, role: 'admin', school_id: schoolA });
    expect(created.status).toBe(201);
    const other = await createAs(adminA, { email: 'c6@lantern.test', username: 'cee6', password: planted, school_id: schoolA });
    const edited = await call(userRoute.PUT, 'PUT', `/auth/users/${other.json.id}`, { token: adminA, params: { id: String(other.json.id) }, body: { email: 'user.b@lantern.test' } });
    expect(edited.status).toBe(200);

    for (const [email, mine] of [['admin.b@lantern.test', created.json.id], ['user.b@lantern.test', other.json.id]] as const) {
      const asPlanted = await loginAs(email, planted);
      expect(await linkedOf(asPlanted.access_token)).toEqual([[mine, schoolA]]);
      const owner = await loginAs(email);
      const ownerLinked = await linkedOf(owner.access_token);
      expect(ownerLinked).toHaveLength(1);
      expect(ownerLinked[0][1]).toBe(schoolB);
      // The owner's account cannot be entered with the planted password.
      const enter = await call(loginSelectedRoute.POST, 'POST', '/auth/login-selected', { body: { email, password: planted, selected_user_id: ownerLinked[0][0] } });
      expect(enter.status).toBe(401);
    }
  });
});

describe('a plain user', () => {
  it('gets 403 from every administration call', async () => {
    const { access_token: token } = await loginAs('user.b@lantern.test');
    expect((await call(usersRoute.GET, 'GET', '/auth/users', { token })).status).toBe(403);
    expect((await createAs(token, { email: 'z@lantern.test', username: 'zed' })).status).toBe(403);
    expect((await call(userRoute.GET, 'GET', '/auth/users/1', { token, params: { id: '1' } })).status).toBe(403);
    expect((await call(userRoute.DELETE, 'DELETE', '/auth/users/1', { token, params: { id: '1' } })).status).toBe(403);
  });

  it('needs a token at all', async () => {
    expect((await call(usersRoute.GET, 'GET', '/auth/users')).status).toBe(401);
  });
});
