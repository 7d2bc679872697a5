import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as fieldsRoute from '@/app/(rest)/lead-gen/field-definitions/route';
import * as settingsRoute from '@/app/(rest)/lead-gen/settings/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { call, STRONG_PASSWORD } from './http';

// PUT /lead-gen/settings refuses what it cannot store faithfully (an invalid
// expression, unknown or repeated fields) with a 422 naming the place, and saves nothing then.

let su: string;
let token: string;
let other: string;

async function account(email: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'A', last_name: 'S' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

const get = (as = token) => call(settingsRoute.GET, 'GET', '/lead-gen/settings', { token: as });
const put = (body: unknown, as = token) => call(settingsRoute.PUT, 'PUT', '/lead-gen/settings', { token: as, body });

const SAVED = {
  enabled: true,
  collection_mode: 'smart_card',
  field_order: ['email', 'first_name', 'phone'],
  field_settings: { email: 'critical', first_name: 'ask_twice', phone: 'natural' },
  minimum_requirements: 'email OR phone',
  collection_instructions: 'Ask gently.',
  smart_card_instructions: 'Leave your details.',
};

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'lgs@lantern.test', password: STRONG_PASSWORD, username: 'lgsroot', first_name: 'L', last_name: 'S' } })).json.access_token;
  token = await account('lea@lantern.test');
  other = await account('bruno@lantern.test');
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name: 'Alder College' } })).status).toBe(201);
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token: other, body: { name: 'Birch College' } })).status).toBe(201);
  expect((await put(SAVED)).status).toBe(200);
});

describe('PUT /lead-gen/settings bad input', () => {
  const cases: [string, Record<string, unknown>, (string | number)[], RegExp][] = [
    ['an unbalanced parenthesis', { minimum_requirements: 'first_name AND (email OR phone' }, ['body', 'minimum_requirements'], /Missing closing parenthesis/],
    ['an unknown field in the expression', { minimum_requirements: 'first_name AND shoe_size' }, ['body', 'minimum_requirements'], /Unknown field "shoe_size"/],
    ['a dangling operator', { minimum_requirements: 'first_name AND' }, ['body', 'minimum_requirements'], /Expected a field name after AND/],
    ['an empty expression', { minimum_requirements: '   ' }, ['body', 'minimum_requirements'], /empty/],
    ['an unknown field in field_order', { field_order: ['first_name', 'shoe_size'] }, ['body', 'field_order', 1], /Unknown lead field "shoe_size"/],
    ['a field listed twice in field_order', { field_order: ['email', 'first_name', 'email'] }, ['body', 'field_order', 2], /"email" is listed more than once/],
    ['an unknown field in field_settings', { field_settings: { email: 'critical', shoe_size: 'ask_once' } }, ['body', 'field_settings', 'shoe_size'], /Unknown lead field "shoe_size"/],
    ['an inherited property name in field_settings', { field_settings: JSON.parse('{"__proto__": "never"}') }, ['body', 'field_settings', '__proto__'], /Unknown lead field/],
    ['an unknown ask level', { field_settings: { email: 'sometimes' } }, ['body', 'field_settings', 'email'], /Ask level must be/],
    ['an unknown collection mode', { collection_mode: 'popup' }, ['body', 'collection_mode'], /conversational or smart_card/],
    ['field_order that is not a list', { field_order: 'email' }, ['body', 'field_order'], /./],
  ];

  for (const [what, change, loc, msg] of cases) {
    it(`answers 422 for ${what} and saves nothing`, async () => {
      const res = await put({ ...SAVED, ...change });
      expect(res.status).toBe(422);
      expect(res.json.detail).toEqual(expect.arrayContaining([expect.objectContaining({ loc, msg: expect.stringMatching(msg), type: expect.any(String) })]));
      expect((await get()).json).toMatchObject({ ...SAVED, field_settings: { ...SAVED.field_settings, last_name: 'never' } });
    });
  }

  it('reports every wrong field of one request at once', async () => {
    const res = await put({ ...SAVED, field_order: ['email', 'email'], field_settings: { shoe_size: 'never' }, minimum_requirements: 'email AND (' });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: unknown[] }) => d.loc)).toEqual([
      ['body', 'field_order', 1],
      ['body', 'field_settings', 'shoe_size'],
      ['body', 'minimum_requirements'],
    ]);
  });

  it('answers 422 for a body that is not JSON or not an object, never 500', async () => {
    const raw = await call(settingsRoute.PUT, 'PUT', '/lead-gen/settings', { token, rawBody: '{"enabled": tru', headers: { 'content-type': 'application/json' } });
    expect(raw.status).toBeGreaterThanOrEqual(400);
    expect(raw.status).toBeLessThan(500);
    expect(raw.json.detail).toBeDefined();
    for (const body of [[], 'settings', 7, null]) {
      const res = await put(body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await get()).json.minimum_requirements).toBe(SAVED.minimum_requirements);
  });

  it('still accepts a good change after refusing bad ones, applying the ask-level rules to the levels', async () => {
    const res = await put({ ...SAVED, field_order: ['first_name', 'last_name', 'email'], field_settings: { first_name: 'critical', phone: 'critical' }, minimum_requirements: 'first_name and email' });
    expect(res.status).toBe(200);
    expect(res.json.field_order).toEqual(['first_name', 'last_name', 'email']);
    // Left out of the order: never; added without a level: ask_once.
    expect(res.json.field_settings).toMatchObject({ first_name: 'critical', last_name: 'ask_once', email: 'ask_once', phone: 'never' });
    expect((await get()).json).toEqual(res.json);
    expect((await put(SAVED)).status).toBe(200);
  });
});

describe('lead-gen settings access', () => {
  it('answers 401 without a token or with a bad one', async () => {
    for (const res of [
      await call(settingsRoute.GET, 'GET', '/lead-gen/settings'),
      await call(settingsRoute.PUT, 'PUT', '/lead-gen/settings', { body: SAVED }),
      await call(fieldsRoute.GET, 'GET', '/lead-gen/field-definitions'),
      await call(settingsRoute.PUT, 'PUT', '/lead-gen/settings', { token: 'not-a-token', body: SAVED }),
    ]) {
      expect(res.status).toBe(401);
      expect(typeof res.json.detail).toBe('string');
    }
  });

  it("keeps each school's settings to itself", async () => {
    // B sees its own defaults, not A's saved settings.
    const before = await get(other);
    expect(before.json).toMatchObject({ enabled: true, collection_mode: 'smart_card', minimum_requirements: 'first_name AND (email OR phone)' });
    // B saving changes B's settings only.
    const mine = { ...SAVED, collection_mode: 'conversational', field_order: ['phone'], minimum_requirements: 'phone' };
    expect((await put(mine, other)).status).toBe(200);
    expect((await get(other)).json).toMatchObject({ collection_mode: 'conversational', field_order: ['phone'], minimum_requirements: 'phone' });
    expect((await get()).json).toMatchObject({ collection_mode: 'smart_card', field_order: ['email', 'first_name', 'phone'], minimum_requirements: 'email OR phone' });
    // A school id in the body is not a way into another school: it is not a field, and is ignored.
    expect((await put({ ...mine, school_id: 1 }, other)).status).toBe(200);
    expect((await get()).json.field_order).toEqual(['email', 'first_name', 'phone']);
  });

  it('answers the field definitions with labels', async () => {
    const res = await call(fieldsRoute.GET, 'GET', '/lead-gen/field-definitions', { token });
    expect(res.status).toBe(200);
    expect(res.json.fields.first_name).toEqual({ label: 'First Name', description: expect.any(String) });
  });
});
