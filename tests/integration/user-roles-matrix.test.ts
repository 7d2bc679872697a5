import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as userRoute from '@/app/(rest)/auth/users/[id]/route';
import * as passwordRoute from '@/app/(rest)/auth/users/[id]/password/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import { call, createSchool, STRONG_PASSWORD, unique } from './http';

type Actor = 'superuser' | 'adminA' | 'adminB' | 'userA';
const tokens = {} as Record<Actor, string>;
let schoolA: number;
let schoolB: number;

async function login(email: string) {
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

function newUser(school_id: number | null, role = 'user') {
  const name = unique('m');
  return { email: `${name}@lantern.test`, username: name, password: STRONG_PASSWORD, first_name: 'Matrix', last_name: 'Case', role, ...(school_id === null ? {} : { school_id }) };
}

/** A fresh target account in school A for each action, so actions cannot affect one another. */
async function target(): Promise<string> {
  const res = await call(usersRoute.POST, 'POST', '/auth/users', { token: tokens.superuser, body: newUser(schoolA) });
  expect(res.status).toBe(201);
  return String(res.json.id);
}

const actions: Record<string, (token: string) => Promise<number>> = {
  'read a user of school A': async (token) => {
    const id = await target();
    return (await call(userRoute.GET, 'GET', `/auth/users/${id}`, { token, params: { id } })).status;
  },
  'rename a user of school A': async (token) => {
    const id = await target();
    return (await call(userRoute.PUT, 'PUT', `/auth/users/${id}`, { token, params: { id }, body: { first_name: 'Renamed' } })).status;
  },
  'make a user of school A an admin': async (token) => {
    const id = await target();
    return (await call(userRoute.PUT, 'PUT', `/auth/users/${id}`, { token, params: { id }, body: { role: 'admin' } })).status;
  },
  'make a user of school A a superuser': async (token) => {
    const id = await target();
    return (await call(userRoute.PUT, 'PUT', `/auth/users/${id}`, { token, params: { id }, body: { role: 'superuser' } })).status;
  },
  'deactivate a user of school A': async (token) => {
    const id = await target();
    return (await call(userRoute.PUT, 'PUT', `/auth/users/${id}`, { token, params: { id }, body: { is_active: false } })).status;
  },
  'set the password of a user of school A': async (token) => {
    const id = await target();
    return (await call(passwordRoute.PUT, 'PUT', `/auth/users/${id}/password`, { token, params: { id }, body: { new_password: 'Fresh-Matrix-Pass-31' } })).status;
  },
  'delete a user of school A': async (token) => {
    const id = await target();
    return (await call(userRoute.DELETE, 'DELETE', `/auth/users/${id}`, { token, params: { id } })).status;
  },
  'create a user in school A': async (token) => (await call(usersRoute.POST, 'POST', '/auth/users', { token, body: newUser(schoolA) })).status,
  'create a user in school B': async (token) => (await call(usersRoute.POST, 'POST', '/auth/users', { token, body: newUser(schoolB) })).status,
  'create a user with no school': async (token) => (await call(usersRoute.POST, 'POST', '/auth/users', { token, body: newUser(null) })).status,
  'create a superuser': async (token) => (await call(usersRoute.POST, 'POST', '/auth/users', { token, body: newUser(schoolA, 'superuser') })).status,
  'list users': async (token) => (await call(usersRoute.GET, 'GET', '/auth/users', { token })).status,
};

// Expected status per actor, in the order of `actions`.
const expected: Record<Actor, number[]> = {
  superuser: [200, 200, 200, 200, 200, 200, 200, 201, 201, 201, 201, 200],
  adminA: [200, 200, 200, 403, 200, 200, 200, 201, 403, 403, 403, 200],
  adminB: [404, 404, 404, 404, 404, 404, 404, 403, 201, 403, 403, 200],
  userA: [403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403, 403],
};

beforeAll(async () => {
  tokens.superuser = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { ...newUser(null), role: undefined } })).json.access_token;
  schoolA = await createSchool('Cedar College');
  schoolB = await createSchool('Spruce School');
  for (const [actor, school, role] of [['adminA', schoolA, 'admin'], ['adminB', schoolB, 'admin'], ['userA', schoolA, 'user']] as const) {
    const body = newUser(school, role);
    expect((await call(usersRoute.POST, 'POST', '/auth/users', { token: tokens.superuser, body })).status).toBe(201);
    tokens[actor] = await login(body.email);
  }
});

describe('the role matrix of user administration', () => {
  for (const actor of Object.keys(expected) as Actor[]) {
    it(`${actor} gets the allowed answer for every action`, async () => {
      const got: Record<string, number> = {};
      const want: Record<string, number> = {};
      const names = Object.keys(actions);
      for (const [i, name] of names.entries()) {
        got[name] = await actions[name]!(tokens[actor]);
        want[name] = expected[actor][i]!;
      }
      expect(got).toEqual(want);
    });
  }

  it('scopes the list: an admin sees only their school, the superuser every school', async () => {
    const a = await call(usersRoute.GET, 'GET', '/auth/users', { token: tokens.adminA, query: { limit: 5000 } });
    expect(a.json.data.every((u: { school_id: number }) => u.school_id === schoolA)).toBe(true);
    const all = await call(usersRoute.GET, 'GET', '/auth/users', { token: tokens.superuser, query: { limit: 5000 } });
    expect(new Set(all.json.data.map((u: { school_id: number | null }) => u.school_id))).toEqual(new Set([null, schoolA, schoolB]));
    expect(all.json.total).toBe(all.json.data.length);
  });
});
