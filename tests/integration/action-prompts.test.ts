import { beforeAll, describe, expect, it } from 'vitest';
import * as promptRoute from '@/app/(rest)/action-prompts/[id]/route';
import * as promptsRoute from '@/app/(rest)/action-prompts/route';
import * as insightsRoute from '@/app/(rest)/insights/all/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { searchSchoolKnowledge as searchKnowledge } from '@/lib/retrieval/knowledge-index';
import { call, STRONG_PASSWORD } from './http';

let tokenA: string;
let tokenB: string;
let noSchool: string;
let schoolA: number;

const valid = { name: 'Apply now', target_audience: 'Prospective undergraduates', action_description: 'Start your application online; it takes about 20 minutes.', action_type: 'link', action_data: 'https://apply.example.edu', priority: 50, is_active: true };

async function account(su: string, email: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'A', last_name: 'P' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

beforeAll(async () => {
  const su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'ap@lantern.test', password: STRONG_PASSWORD, username: 'aproot', first_name: 'A', last_name: 'R' } })).json.access_token;
  tokenA = await account(su, 'anna@lantern.test');
  tokenB = await account(su, 'boris@lantern.test');
  noSchool = await account(su, 'nora@lantern.test');
  schoolA = (await call(schoolsRoute.POST, 'POST', '/schools/', { token: tokenA, body: { name: 'Aspen College' } })).json.id;
  await call(schoolsRoute.POST, 'POST', '/schools/', { token: tokenB, body: { name: 'Birch College' } });
});

describe('action prompts', () => {
  it('creates, lists by priority, updates and deletes, keeping the retrieval index in step', async () => {
    const a = await call(promptsRoute.POST, 'POST', '/action-prompts/', { token: tokenA, body: valid });
    expect(a.status).toBe(201);
    const b = await call(promptsRoute.POST, 'POST', '/action-prompts/', { token: tokenA, body: { ...valid, name: 'Call admissions', action_type: 'phone', action_data: '+1 (503) 555-0100', priority: 90 } });
    const c = await call(promptsRoute.POST, 'POST', '/action-prompts/', { token: tokenA, body: { ...valid, name: 'Write to us', action_type: 'email', action_data: 'admissions@aspen.example.edu', priority: 'high' } });
    expect(c.json.priority).toBe(0);
    const list = await call(promptsRoute.GET, 'GET', '/action-prompts/', { token: tokenA });
    expect(list.json.map((p: { name: string }) => p.name)).toEqual(['Call admissions', 'Apply now', 'Write to us']);
    expect((await searchKnowledge(schoolA, 'How do I apply?'))[0]!.content).toContain('https://apply.example.edu');

    const id = String(b.json.id);
    const upd = await call(promptRoute.PUT, 'PUT', `/action-prompts/${id}`, { token: tokenA, params: { id }, body: { ...valid, name: 'Call us', action_type: 'phone', action_data: '503 555 0199', is_active: false } });
    expect(upd.json).toMatchObject({ name: 'Call us', is_active: false, action_data: '503 555 0199' });
    expect((await searchKnowledge(schoolA, 'Call us 0199')).some((h) => h.content.includes('0199'))).toBe(false);

    const del = await call(promptRoute.DELETE, 'DELETE', `/action-prompts/${a.json.id}`, { token: tokenA, params: { id: String(a.json.id) } });
    expect(del.status).toBe(200);
    expect((await searchKnowledge(schoolA, 'apply application online', 10)).some((h) => h.title === 'Apply now')).toBe(false);
  });

  it('validates with the spec messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...valid, name: ' ' }, 'Action name is required'],
      [{ ...valid, target_audience: '' }, 'Target audience is required'],
      [{ ...valid, action_description: '' }, 'Action description is required'],
      [{ ...valid, action_data: '' }, 'Action data is required'],
      [{ ...valid, action_data: 'apply.example.edu' }, 'Please enter a valid URL'],
      [{ ...valid, action_type: 'form', action_data: 'javascript:alert(1)' }, 'Please enter a valid URL'],
      [{ ...valid, action_type: 'email', action_data: 'not-an-address' }, 'Please enter a valid email address'],
      [{ ...valid, action_type: 'phone', action_data: '0123 456' }, 'Please enter a valid phone number'],
      [{ ...valid, action_type: 'phone', action_data: '+1 234 567 890 123 456 789' }, 'Please enter a valid phone number'],
      [{ ...valid, priority: 101 }, 'Priority must be between 0 and 100'],
    ];
    for (const [body, msg] of cases) {
      const res = await call(promptsRoute.POST, 'POST', '/action-prompts/', { token: tokenA, body });
      expect(res.status, msg).toBe(422);
      expect(res.json.detail.map((d: { msg: string }) => d.msg)).toContain(msg);
    }
    expect((await call(promptsRoute.POST, 'POST', '/action-prompts/', { token: tokenA, body: { ...valid, action_type: 'fax' } })).status).toBe(422);
  });

  it("answers 404 'No school associated' without a school, and keeps schools apart", async () => {
    const res = await call(promptsRoute.GET, 'GET', '/action-prompts/', { token: noSchool });
    expect(res.status).toBe(404);
    expect(res.json.detail).toContain('No school associated');
    expect((await call(promptsRoute.POST, 'POST', '/action-prompts/', { token: noSchool, body: valid })).status).toBe(404);
    // A prompt of this test's own in school A, removed again at the end (the listing test counts A's prompts).
    const created = await call(promptsRoute.POST, 'POST', '/action-prompts/', { token: tokenA, body: { ...valid, name: 'Visit campus' } });
    expect(created.status).toBe(201);
    const id = String(created.json.id);
    try {
      const mine = (await call(promptsRoute.GET, 'GET', '/action-prompts/', { token: tokenA })).json;
      expect((await call(promptsRoute.GET, 'GET', '/action-prompts/', { token: tokenB })).json).toEqual([]);
      expect((await call(promptRoute.PUT, 'PUT', `/action-prompts/${id}`, { token: tokenB, params: { id }, body: valid })).status).toBe(404);
      expect((await call(promptRoute.DELETE, 'DELETE', `/action-prompts/${id}`, { token: tokenB, params: { id } })).status).toBe(404);
      expect((await call(promptsRoute.GET, 'GET', '/action-prompts/', { token: tokenA })).json).toHaveLength(mine.length);
    } finally {
      await call(promptRoute.DELETE, 'DELETE', `/action-prompts/${id}`, { token: tokenA, params: { id } });
    }
  });
});

describe('GET /insights/all', () => {
  it("answers every knowledge source of the caller's school only", async () => {
    const res = await call(insightsRoute.GET, 'GET', '/insights/all', { token: tokenA });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['action_prompts', 'corrections', 'fact_sheet', 'files', 'interviews', 'web_links']);
    expect(res.json.fact_sheet).toEqual({ programs: [], athletic_teams: [], student_clubs: [], important_deadlines: [] });
    expect(res.json.action_prompts.every((p: { is_active: boolean }) => p.is_active)).toBe(true);
    expect((await call(insightsRoute.GET, 'GET', '/insights/all', { token: tokenB })).json.action_prompts).toEqual([]);
    expect((await call(insightsRoute.GET, 'GET', '/insights/all', { token: noSchool })).status).toBe(404);
  });
});
