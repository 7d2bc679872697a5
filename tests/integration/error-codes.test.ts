import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as mySchoolRoute from '@/app/(rest)/schools/my-school/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { call, STRONG_PASSWORD, unique } from './http';

// Every REST error carries a machine-readable `code` beside the spec's `detail`.

let superToken: string;
let userToken: string;
let userEmail: string;

beforeAll(async () => {
  superToken = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'codes@lantern.test', password: STRONG_PASSWORD, username: 'codes', first_name: 'Co', last_name: 'Des' }, ip: '192.0.2.240' })).json.access_token;
  userEmail = `${unique('coder')}@lantern.test`;
  const made = await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email: userEmail, username: unique('coder'), password: STRONG_PASSWORD, first_name: 'No', last_name: 'School' } });
  expect(made.status).toBe(201);
  userToken = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: userEmail, password: STRONG_PASSWORD }, ip: '192.0.2.241' })).json.access_token;
});

describe('REST error codes', () => {
  it('401: a missing or bad sign-in is session_expired; a refused password is unauthorized', async () => {
    const res = await call(meRoute.GET, 'GET', '/auth/me', { token: 'not-a-token' });
    expect(res.status).toBe(401);
    expect(res.json).toEqual({ detail: 'Could not validate credentials', code: 'session_expired' });
    const refused = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: userEmail, password: 'wrong-password' }, ip: '198.51.100.91' });
    expect(refused.status).toBe(401);
    expect(refused.json).toEqual({ detail: 'Incorrect email or password', code: 'unauthorized' });
  });

  it('404 for an account without a school: no_school, detail as the spec writes it', async () => {
    const res = await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: userToken });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ detail: 'No school associated with this account', code: 'no_school' });
  });

  it('422 keeps the FastAPI list and adds validation', async () => {
    const res = await call(schoolsRoute.POST, 'POST', '/schools/', { token: userToken, body: { name: ' ' } });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('validation');
    expect(res.json.detail[0]).toEqual({ loc: expect.any(Array), msg: expect.any(String), type: expect.any(String) });
  });

  it('409 for a taken e-mail: conflict', async () => {
    const res = await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email: userEmail, username: unique('other'), password: STRONG_PASSWORD, first_name: 'Du', last_name: 'Plicate' } });
    expect(res.status).toBe(409);
    expect(res.json.code).toBe('conflict');
    expect(typeof res.json.detail).toBe('string');
  });

  it('429 after too many sign-in failures: rate_limited', async () => {
    let last = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: userEmail, password: 'wrong-password' }, ip: '198.51.100.90' });
    expect(last.json).toEqual({ detail: 'Incorrect email or password', code: 'unauthorized' });
    for (let i = 0; i < 11 && last.status !== 429; i++) last = await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: userEmail, password: 'wrong-password' }, ip: '198.51.100.90' });
    expect(last.status).toBe(429);
    expect(last.json.code).toBe('rate_limited');
  });
});
