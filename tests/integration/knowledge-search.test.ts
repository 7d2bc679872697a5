import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as factSheetRoute from '@/app/(rest)/schools/my-school/fact-sheet/route';
import * as mySchoolRoute from '@/app/(rest)/schools/my-school/route';
import * as tuitionRoute from '@/app/(rest)/schools/my-school/tuition/route';
import * as basicRoute from '@/app/(rest)/schools/my-school/basic/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import { getDb } from '@/db/client';
import { knowledgeChunks } from '@/db/schema';
import { chunkText } from '@/lib/knowledge/chunking';
import { searchSchoolKnowledge as searchKnowledge } from '@/lib/retrieval/knowledge-index';
import { call, STRONG_PASSWORD } from './http';

let su: string;
let tokenA: string;
let schoolA: number;
let schoolB: number;

async function account(superToken: string, email: string) {
  await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email, username: email.split('@')[0], password: STRONG_PASSWORD, first_name: 'K', last_name: 'S' } });
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token as string;
}

/** A school of a test's own, with its tuition saved, for a test that changes or deletes it. */
async function schoolOfItsOwn(email: string, name: string, tuition_info: string) {
  const token = await account(su, email);
  const id = (await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name } })).json.id as number;
  await call(tuitionRoute.PATCH, 'PATCH', '/schools/my-school/tuition', { token, body: { tuition_info } });
  return { token, id };
}

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'k@lantern.test', password: STRONG_PASSWORD, username: 'kroot', first_name: 'K', last_name: 'R' } })).json.access_token;
  tokenA = await account(su, 'kate@lantern.test');
  const tokenB = await account(su, 'kirk@lantern.test');
  schoolA = (await call(schoolsRoute.POST, 'POST', '/schools/', { token: tokenA, body: { name: 'Maplewood University', locations: ['Maplewood campus'] } })).json.id;
  schoolB = (await call(schoolsRoute.POST, 'POST', '/schools/', { token: tokenB, body: { name: 'Other School' } })).json.id;
  await call(tuitionRoute.PATCH, 'PATCH', '/schools/my-school/tuition', { token: tokenA, body: { tuition_info: 'Annual tuition is $31,000 for undergraduates. Room and board cost $12,000 per year. Most students receive scholarships.' } });
  await call(factSheetRoute.PUT, 'PUT', '/schools/my-school/fact-sheet', {
    token: tokenA,
    body: { programs: ['Marine Biology', 'Architecture', 'Nursing'], athletic_teams: ['Rowing', 'Lacrosse'], student_clubs: ['Chess Club'], important_deadlines: [{ name: 'Regular decision application', date: '2027-01-15' }] },
  });
  await call(tuitionRoute.PATCH, 'PATCH', '/schools/my-school/tuition', { token: tokenB, body: { tuition_info: 'Tuition at the other school is $9,999.' } });
});

describe('the retrieval engine (the in-process index chat uses)', () => {
  it('finds the tuition passage first for a question about costs', async () => {
    const hits = await searchKnowledge(schoolA, 'How much is tuition per year?', 3);
    expect(hits[0]!.title).toBe('Tuition and costs at Maplewood University');
    expect(hits[0]!.content).toContain('$31,000');
  });

  it('finds programs, sports and deadlines by their words', async () => {
    expect((await searchKnowledge(schoolA, 'Do you have a nursing program?'))[0]!.title).toBe('Programs at Maplewood University');
    expect((await searchKnowledge(schoolA, 'Is there a rowing team'))[0]!.title).toBe('Athletics at Maplewood University');
    expect((await searchKnowledge(schoolA, 'When is the application deadline?'))[0]!.title).toBe('Important dates at Maplewood University');
  });

  it("never returns another school's passages, and copes with odd questions", async () => {
    const hits = await searchKnowledge(schoolA, 'tuition', 10);
    expect(hits.every((h) => !h.content.includes('$9,999'))).toBe(true);
    expect((await searchKnowledge(schoolB, 'tuition'))[0]!.content).toContain('$9,999');
    expect(await searchKnowledge(schoolA, "'); drop table users; --")).toEqual(expect.any(Array));
    expect(await searchKnowledge(schoolA, '???')).toEqual([]);
    expect(await searchKnowledge(schoolA, "What's the cost & aid | scholarships?")).toEqual(expect.any(Array));
  });

  it('follows every change in the same transaction, replacing old passages', async () => {
    // A school of its own, so Maplewood keeps its figures for the other tests.
    const { token, id } = await schoolOfItsOwn('kim@lantern.test', 'Hollybrook University', 'Annual tuition is $31,000 for undergraduates.');
    expect((await searchKnowledge(id, 'tuition cost', 5)).some((h) => h.content.includes('$31,000'))).toBe(true);
    await call(tuitionRoute.PATCH, 'PATCH', '/schools/my-school/tuition', { token, body: { tuition_info: 'Tuition is now $33,500 per year.' } });
    const hits = await searchKnowledge(id, 'tuition cost', 5);
    expect(hits.some((h) => h.content.includes('$33,500'))).toBe(true);
    expect(hits.some((h) => h.content.includes('$31,000'))).toBe(false);
    await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token, body: { name: 'Hollybrook University', mascot: 'Mighty Moose' } });
    expect((await searchKnowledge(id, 'mascot'))[0]!.content).toContain('Mighty Moose');
  });

  it('removes a school’s passages with the school', async () => {
    // A school of its own to delete; the others keep theirs.
    const { token, id } = await schoolOfItsOwn('kurt@lantern.test', 'Doomed College', 'Tuition at Doomed College is $5,000.');
    const db = await getDb();
    const schoolsWithPassages = async () => new Set((await db.select({ school: knowledgeChunks.schoolId }).from(knowledgeChunks)).map((r) => r.school));
    expect(await schoolsWithPassages()).toContain(id);
    await call(mySchoolRoute.DELETE, 'DELETE', '/schools/my-school', { token });
    const left = await schoolsWithPassages();
    expect(left).not.toContain(id);
    expect(left).toContain(schoolA);
    expect(left).toContain(schoolB);
  });
});

describe('chunking', () => {
  it('keeps passages to a few hundred words on sentence boundaries', () => {
    const sentence = 'The campus library opens at eight in the morning and closes at midnight on weekdays. ';
    const chunks = chunkText(sentence.repeat(120));
    expect(chunks.length).toBeGreaterThan(3);
    for (const c of chunks) {
      expect(c.split(/\s+/).length).toBeLessThanOrEqual(320);
      expect(c.trim().endsWith('.')).toBe(true);
    }
    expect(chunkText('Short.\n\nAlso short.')).toEqual(['Short.\n\nAlso short.']);
  });
});
