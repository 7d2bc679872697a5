import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as mySchoolRoute from '@/app/(rest)/schools/my-school/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { getDb } from '@/db/client';
import { schools } from '@/db/schema';
import { call, STRONG_PASSWORD } from './http';

let superToken: string;
let userToken: string;

beforeAll(async () => {
  superToken = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'su@lantern.test', password: STRONG_PASSWORD, username: 'suzy', first_name: 'Su', last_name: 'Per' } })).json.access_token;
  const created = await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email: 'new@lantern.test', username: 'newcomer', password: STRONG_PASSWORD, first_name: 'New', last_name: 'Comer' } });
  expect(created.status).toBe(201);
  userToken = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'new@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
});

/** A new account without a school. */
async function newUser(email: string, username: string) {
  const created = await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email, username, password: STRONG_PASSWORD, first_name: 'New', last_name: 'User' } });
  expect(created.status).toBe(201);
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

describe('creating the own school', () => {
  it('answers 404 with the spec detail before a school exists', async () => {
    const userToken = await newUser('schoolless@lantern.test', 'schoolless');
    const res = await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: userToken });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ detail: 'No school associated with this account', code: 'no_school' });
  });

  it('validates the payload with 422 details', async () => {
    const userToken = await newUser('invalid@lantern.test', 'invalid');
    const res = await call(schoolsRoute.POST, 'POST', '/schools/', { token: userToken, body: { name: ' ', website_url: 'ftp://x', degree_levels: [], classification: 'online' } });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: string[] }) => d.loc[1]).sort()).toEqual(['classification', 'degree_levels', 'name', 'website_url']);
  });

  it('creates the school with the defaults, attaches it, and makes the creator its admin', async () => {
    const res = await call(schoolsRoute.POST, 'POST', '/schools/', { token: userToken, body: { name: 'Willow College', locations: ['North campus', ''], website_url: 'https://willow.example.edu' } });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({
      name: 'Willow College',
      locations: ['North campus'],
      classification: '4_year',
      degree_levels: ['bachelor'],
      institution_control: 'public',
      tax_status: 'non_profit',
      primary_color: '#000000',
      secondary_color: '#ffffff',
      tertiary_color: '#cccccc',
      font_family: 'Inter',
    });
    const mine = await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: userToken });
    expect(mine.json.id).toBe(res.json.id);
    const me = await call(meRoute.GET, 'GET', '/auth/me', { token: userToken });
    expect(me.json).toMatchObject({ school_name: 'Willow College', role: 'admin' });

    const again = await call(schoolsRoute.POST, 'POST', '/schools/', { token: userToken, body: { name: 'Second' } });
    expect(again.status).toBe(409);
  });

  it('keeps schools apart: each account sees only its own', async () => {
    const userToken = await newUser('elm@lantern.test', 'elmer');
    expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token: userToken, body: { name: 'Elm College' } })).status).toBe(201);
    await call(schoolsRoute.POST, 'POST', '/schools', { token: superToken, body: { name: 'Aspen Academy' } });
    // The superuser sees every school, by name (other tests add schools of their own).
    const superList = await call(schoolsRoute.GET, 'GET', '/schools/', { token: superToken });
    const superNames: string[] = superList.json.map((s: { name: string }) => s.name);
    const db = await getDb();
    expect(superNames).toEqual(expect.arrayContaining(['Aspen Academy', 'Elm College']));
    expect(superNames).toHaveLength((await db.select({ id: schools.id }).from(schools)).length);
    expect(superNames).toEqual([...superNames].sort());
    const userList = await call(schoolsRoute.GET, 'GET', '/schools/', { token: userToken });
    expect(userList.json.map((s: { name: string }) => s.name)).toEqual(['Elm College']);
    const superMine = await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: superToken });
    expect(superMine.json.name).toBe('Aspen Academy');
    const signedOut = await call(mySchoolRoute.GET, 'GET', '/schools/my-school');
    expect(signedOut.status).toBe(401);
    // The machine-readable code the client data layer acts on.
    expect(signedOut.json).toEqual({ detail: 'Not authenticated', code: 'session_expired' });
  });

  it('keeps the mascot typed when the school is created (issue 14 #15)', async () => {
    await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email: 'mascot@lantern.test', username: 'mascotmaker', password: STRONG_PASSWORD, first_name: 'Mo', last_name: 'Scot' } });
    const token = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'mascot@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
    const res = await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Birch College', mascot: '  Barking Beavers ' } });
    expect(res.status).toBe(201);
    expect(res.json.mascot).toBe('Barking Beavers');
    const mine = await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token });
    expect(mine.json.mascot).toBe('Barking Beavers');
  });
});
