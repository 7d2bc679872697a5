import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as basicRoute from '@/app/(rest)/schools/my-school/basic/route';
import * as brandingRoute from '@/app/(rest)/schools/my-school/branding/route';
import * as classificationRoute from '@/app/(rest)/schools/my-school/classification/route';
import * as contactRoute from '@/app/(rest)/schools/my-school/contact/route';
import * as factSheetRoute from '@/app/(rest)/schools/my-school/fact-sheet/route';
import * as mySchoolRoute from '@/app/(rest)/schools/my-school/route';
import * as socialRoute from '@/app/(rest)/schools/my-school/social/route';
import * as tuitionRoute from '@/app/(rest)/schools/my-school/tuition/route';
import * as logoRoute from '@/app/(rest)/schools/my-school/upload-logo/route';
import * as schoolsRoute from '@/app/(rest)/schools/route';
import * as uploadsRoute from '@/app/(rest)/uploads/[id]/route';
import { getDb } from '@/db/client';
import { blobs, factSheets } from '@/db/schema';
import { GIF_1x1, PNG_1x1, SVG } from '../fixtures/images';
import { call, fromClient, STRONG_PASSWORD } from './http';

let superToken: string;
let ownerA: string;
let ownerB: string;

async function newAccount(email: string): Promise<string> {
  const username = email.split('@')[0]!;
  expect((await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email, username, password: STRONG_PASSWORD, first_name: 'Sam', last_name: 'Staff' } })).status).toBe(201);
  return (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password: STRONG_PASSWORD } })).json.access_token;
}

/** A new account that has set up a school of its own (and so is its admin). */
async function newSchool(email: string, name: string): Promise<string> {
  const token = await newAccount(email);
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token, body: { name } })).status).toBe(201);
  return token;
}

async function uploadLogo(token: string, bytes: Buffer, filename: string, type = 'application/octet-stream') {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), filename);
  const req = new Request('http://localhost:3000/schools/my-school/upload-logo', { method: 'POST', headers: { authorization: `Bearer ${token}`, ...fromClient('203.0.113.7') }, body: form });
  const res = await logoRoute.POST(req, { params: Promise.resolve({}) });
  return { status: res.status, json: await res.json() };
}

beforeAll(async () => {
  superToken = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'root@lantern.test', password: STRONG_PASSWORD, username: 'rooty', first_name: 'R', last_name: 'T' } })).json.access_token;
  ownerA = await newAccount('alice@lantern.test');
  ownerB = await newAccount('bruno@lantern.test');
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token: ownerA, body: { name: 'Ashford College' } })).status).toBe(201);
  expect((await call(schoolsRoute.POST, 'POST', '/schools/', { token: ownerB, body: { name: 'Brookline Institute' } })).status).toBe(201);
});

describe('section updates', () => {
  it('updates each section and answers the school', async () => {
    const basic = await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: ownerA, body: { name: 'Ashford College', locations: ['North', ' ', 'South'], website_url: 'https://ashford.example.edu', mascot: 'Hawks' } });
    expect(basic.status).toBe(200);
    expect(basic.json).toMatchObject({ locations: ['North', 'South'], website_url: 'https://ashford.example.edu', mascot: 'Hawks' });
    const cls = await call(classificationRoute.PATCH, 'PATCH', '/schools/my-school/classification', {
      token: ownerA,
      body: { classification: 'mixed', degree_levels: ['associate', 'bachelor', 'bachelor'], institution_control: 'private', tax_status: 'for_profit', accreditation_info: 'ABC' },
    });
    expect(cls.json).toMatchObject({ classification: 'mixed', degree_levels: ['associate', 'bachelor'], institution_control: 'private', tax_status: 'for_profit' });
    const brand = await call(brandingRoute.PATCH, 'PATCH', '/schools/my-school/branding', { token: ownerA, body: { primary_color: '#0B3D91', secondary_color: '#ffffff', tertiary_color: '#F2B705', font_family: 'Lato' } });
    expect(brand.json).toMatchObject({ primary_color: '#0b3d91', tertiary_color: '#f2b705', font_family: 'Lato' });
    const contact = await call(contactRoute.PATCH, 'PATCH', '/schools/my-school/contact', {
      token: ownerA,
      body: { contact_points: [{ name: 'Admissions', phone: '+1 555 0100', email: 'adm@ashford.example.edu', website: '' }, { name: '', phone: '', email: '', website: '' }] },
    });
    expect(contact.json.contact_points).toEqual([{ name: 'Admissions', phone: '+1 555 0100', email: 'adm@ashford.example.edu', website: null }]);
    const tuition = await call(tuitionRoute.PATCH, 'PATCH', '/schools/my-school/tuition', { token: ownerA, body: { tuition_info: '$20,000 a year', tuition_instructions: 'Mention scholarships' } });
    expect(tuition.json).toMatchObject({ tuition_info: '$20,000 a year', tuition_instructions: 'Mention scholarships' });
    const social = await call(socialRoute.PATCH, 'PATCH', '/schools/my-school/social', { token: ownerA, body: { social_media_links: { Instagram: 'https://instagram.com/ashford', TikTok: '' } } });
    expect(social.json.social_media_links).toEqual({ Instagram: 'https://instagram.com/ashford' });
    // A bare address, as people paste it, gets https://; a refusal names the network it is about.
    const bare = await call(socialRoute.PATCH, 'PATCH', '/schools/my-school/social', { token: ownerA, body: { social_media_links: { Instagram: 'https://instagram.com/ashford', Facebook: 'facebook.com/ashford' } } });
    expect(bare.json.social_media_links).toEqual({ Instagram: 'https://instagram.com/ashford', Facebook: 'https://facebook.com/ashford' });
    const bad = await call(socialRoute.PATCH, 'PATCH', '/schools/my-school/social', { token: ownerA, body: { social_media_links: { LinkedIn: 'ashford college page' } } });
    expect(bad.status).toBe(422);
    expect(bad.json.detail[0]).toMatchObject({ loc: ['body', 'social_media_links', 'LinkedIn'], msg: expect.stringMatching(/^LinkedIn link must be a web address/) });
  });

  it('refuses bad input with 422 details and changes nothing', async () => {
    const before = (await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: ownerA })).json;
    const cases = [
      [basicRoute.PATCH, '/schools/my-school/basic', { name: '', website_url: 'not a url' }, ['name', 'website_url']],
      [basicRoute.PATCH, '/schools/my-school/basic', { name: 'X', website_url: 'javascript:alert(1)' }, ['website_url']],
      [classificationRoute.PATCH, '/schools/my-school/classification', { classification: '3_year', degree_levels: [], institution_control: 'state', tax_status: 'nonprofit' }, ['classification', 'degree_levels', 'institution_control', 'tax_status']],
      [classificationRoute.PATCH, '/schools/my-school/classification', { classification: '4_year', degree_levels: ['phd'], institution_control: 'public', tax_status: 'non_profit' }, ['degree_levels']],
      [brandingRoute.PATCH, '/schools/my-school/branding', { primary_color: 'red', secondary_color: '#fff', tertiary_color: '#cccccc', font_family: 'Comic Sans' }, ['primary_color', 'secondary_color', 'font_family']],
      [contactRoute.PATCH, '/schools/my-school/contact', { contact_points: [{ email: 'nope' }] }, ['contact_points']],
      [socialRoute.PATCH, '/schools/my-school/social', { social_media_links: { MySpace: 'https://myspace.com/x' } }, ['social_media_links']],
      [tuitionRoute.PATCH, '/schools/my-school/tuition', { tuition_info: 'x'.repeat(10_001) }, ['tuition_info']],
    ] as const;
    for (const [handler, path, body, fields] of cases) {
      const res = await call(handler, 'PATCH', path, { token: ownerA, body });
      expect(res.status, path).toBe(422);
      expect([...new Set(res.json.detail.map((d: { loc: string[] }) => d.loc[1]))].sort(), JSON.stringify(body)).toEqual([...fields].sort());
    }
    expect((await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: ownerA })).json).toEqual(before);
  });

  it('replaces the whole profile with PUT', async () => {
    const res = await call(mySchoolRoute.PUT, 'PUT', '/schools/my-school', { token: ownerA, body: { name: 'Ashford College', degree_levels: ['master'], tuition_info: 'Ask us' } });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ name: 'Ashford College', degree_levels: ['master'], classification: '4_year', mascot: null, tuition_info: 'Ask us', primary_color: '#000000' });
  });
});

describe('logo upload', () => {
  it('accepts images by their content, serves them with the right type, and replaces the old logo', async () => {
    const png = await uploadLogo(ownerA, PNG_1x1, 'logo.jpg', 'image/jpeg');
    expect(png.status).toBe(200);
    expect(png.json.logo_url).toMatch(/^\/uploads\/[0-9a-f-]{36}$/);
    const id = png.json.logo_url.split('/').pop();
    const served = await uploadsRoute.GET(new Request(`http://localhost${png.json.logo_url}`), { params: Promise.resolve({ id }) });
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG_1x1)).toBe(true);

    const gif = await uploadLogo(ownerA, GIF_1x1, 'logo.gif');
    expect(gif.status).toBe(200);
    const db = await getDb();
    const rows = await db.select({ id: blobs.id, type: blobs.contentType }).from(blobs);
    expect(rows).toEqual([{ id: gif.json.logo_url.split('/').pop(), type: 'image/gif' }]);
    const gone = await uploadsRoute.GET(new Request(`http://localhost/uploads/${id}`), { params: Promise.resolve({ id }) });
    expect(gone.status).toBe(404);
  });

  it('refuses text renamed .png, SVG, oversize files and non-multipart bodies', async () => {
    const text = await uploadLogo(ownerA, Buffer.from('hello, not an image'), 'logo.png', 'image/png');
    expect(text.status).toBe(422);
    expect(text.json.detail[0].msg).toBe('Please upload a valid image file (PNG, JPEG, WebP or GIF)');
    expect((await uploadLogo(ownerA, SVG, 'logo.svg', 'image/svg+xml')).status).toBe(422);
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(5 * 1024 * 1024)]);
    const large = await uploadLogo(ownerA, big, 'big.png', 'image/png');
    expect(large.status).toBe(413);
    expect(large.json.detail).toBe('File size must be less than 5MB');
    const json = await call(logoRoute.POST, 'POST', '/schools/my-school/upload-logo', { token: ownerA, body: { file: 'x' } });
    expect(json.status).toBe(422);
    expect((await call(uploadsRoute.GET, 'GET', '/uploads/not-a-uuid', { params: { id: 'not-a-uuid' } })).status).toBe(404);
  });
});

describe('fact sheet', () => {
  it('answers empty lists for a new school, and saves with items split on commas', async () => {
    const owner = await newSchool('carmen@lantern.test', 'Carrow College');
    expect((await call(factSheetRoute.GET, 'GET', '/schools/my-school/fact-sheet', { token: owner })).json).toEqual({ programs: [], athletic_teams: [], student_clubs: [], important_deadlines: [] });
    const saved = await call(factSheetRoute.PUT, 'PUT', '/schools/my-school/fact-sheet', {
      token: owner,
      body: { programs: ['Nursing, Biology', ' ', 'Nursing'], athletic_teams: ['Soccer'], student_clubs: [], important_deadlines: [{ name: 'Early action', date: '2026-11-01', description: '' }] },
    });
    expect(saved.status).toBe(200);
    expect(saved.json).toEqual({ programs: ['Nursing', 'Biology'], athletic_teams: ['Soccer'], student_clubs: [], important_deadlines: [{ name: 'Early action', date: '2026-11-01', description: null }] });
    expect((await call(factSheetRoute.GET, 'GET', '/schools/my-school/fact-sheet', { token: owner })).json).toEqual(saved.json);
  });

  it('requires a name and a real date for each deadline', async () => {
    const res = await call(factSheetRoute.PUT, 'PUT', '/schools/my-school/fact-sheet', {
      token: ownerB,
      body: { important_deadlines: [{ name: '', date: '2026-02-30' }, { name: 'No date' }] },
    });
    expect(res.status).toBe(422);
    expect(res.json.detail.map((d: { loc: (string | number)[] }) => d.loc.join('.'))).toEqual(['body.important_deadlines.0.name', 'body.important_deadlines.0.date', 'body.important_deadlines.1.date']);
  });
});

describe('no school yet, and tenancy', () => {
  it('answers 404 with the set-up message before a school exists', async () => {
    const token = await newAccount('nobody@lantern.test');
    const school = await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token });
    expect(school.json).toEqual({ detail: 'No school associated with this account', code: 'no_school' });
    const facts = await call(factSheetRoute.GET, 'GET', '/schools/my-school/fact-sheet', { token });
    expect(facts.status).toBe(404);
    expect(facts.json.detail).toContain('Please set up your school information first.');
    expect((await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token, body: { name: 'Sneaky' } })).status).toBe(404);
    expect((await uploadLogo(token, PNG_1x1, 'a.png')).status).toBe(404);
  });

  it("never shows or changes another school's data", async () => {
    await call(factSheetRoute.PUT, 'PUT', '/schools/my-school/fact-sheet', { token: ownerB, body: { programs: ['Nursing', 'Biology'], athletic_teams: [], student_clubs: [], important_deadlines: [] } });
    await call(basicRoute.PATCH, 'PATCH', '/schools/my-school/basic', { token: ownerB, body: { name: 'Brookline Institute', mascot: 'Beavers' } });
    const a = (await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: ownerA })).json;
    expect(a.name).toBe('Ashford College');
    expect(a.mascot).not.toBe('Beavers');
    const bFacts = (await call(factSheetRoute.GET, 'GET', '/schools/my-school/fact-sheet', { token: ownerB })).json;
    const aFacts = (await call(factSheetRoute.GET, 'GET', '/schools/my-school/fact-sheet', { token: ownerA })).json;
    expect(aFacts.programs).toEqual([]);
    expect(bFacts.programs).toEqual(['Nursing', 'Biology']);
  });
});

describe('deleting the school', () => {
  it('is for admins; it removes everything the school owns and leaves its users without a school', async () => {
    // A school of its own, with a fact sheet to remove. Its owner created it, so is its admin; a plain member may not delete it.
    const owner = await newSchool('doris@lantern.test', 'Dunmore College');
    const me = (await call(meRoute.GET, 'GET', '/auth/me', { token: owner })).json;
    expect((await call(factSheetRoute.PUT, 'PUT', '/schools/my-school/fact-sheet', { token: owner, body: { programs: ['History'], athletic_teams: [], student_clubs: [], important_deadlines: [] } })).status).toBe(200);
    const member = await call(usersRoute.POST, 'POST', '/auth/users', { token: owner, body: { email: 'mem@lantern.test', username: 'member', password: STRONG_PASSWORD, first_name: 'M', last_name: 'M', school_id: me.school_id } });
    expect(member.status).toBe(201);
    const memberToken = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'mem@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
    expect((await call(mySchoolRoute.DELETE, 'DELETE', '/schools/my-school', { token: memberToken })).status).toBe(403);

    const res = await call(mySchoolRoute.DELETE, 'DELETE', '/schools/my-school', { token: owner });
    expect(res.status).toBe(200);
    const db = await getDb();
    expect(await db.select().from(factSheets).where(eq(factSheets.schoolId, me.school_id))).toHaveLength(0);
    expect((await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: owner })).status).toBe(404);
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: memberToken })).json.school_id).toBeNull();
    // The other schools are untouched.
    expect((await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: ownerA })).json.name).toBe('Ashford College');
    expect((await call(mySchoolRoute.GET, 'GET', '/schools/my-school', { token: ownerB })).json.name).toBe('Brookline Institute');
  });
});

describe('large uploads', () => {
  it('stores a logo over one part in parts and serves it back byte for byte', async () => {
    const big = Buffer.concat([PNG_1x1, Buffer.alloc(3 * 1024 * 1024 + 123, 7)]);
    const res = await uploadLogo(ownerA, big, 'big.png', 'image/png');
    expect(res.status).toBe(200);
    const id = res.json.logo_url.split('/').pop();
    const served = await uploadsRoute.GET(new Request(`http://localhost${res.json.logo_url}`), { params: Promise.resolve({ id }) });
    expect(Buffer.from(await served.arrayBuffer()).equals(big)).toBe(true);
  });
});
