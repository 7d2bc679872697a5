import { beforeAll, describe, expect, it } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as oneRoute from '@/app/(rest)/live/saved-replies/[id]/route';
import * as listRoute from '@/app/(rest)/live/saved-replies/route';
import { LIVE_TEXT_MAX } from '@/lib/live/schema';
import { call, STRONG_PASSWORD } from './http';
import { staffWithSchool, type StaffSchool } from './staff';

// Saved replies (issue 48 item 9): a school's short texts for live chats. Any account of the school
// keeps them; another school's replies are not found, whatever the call.

let su: string;
let alder: StaffSchool;
let birch: StaffSchool;
/** A user (not an admin) of Alder. */
let colleague: string;

const list = (token: string) => call(listRoute.GET, 'GET', '/live/saved-replies', { token });
const create = (token: string, body: unknown) => call(listRoute.POST, 'POST', '/live/saved-replies', { token, body });
const update = (token: string, id: number, body: unknown) => call(oneRoute.PUT, 'PUT', `/live/saved-replies/${id}`, { token, params: { id: String(id) }, body });
const remove = (token: string, id: number) => call(oneRoute.DELETE, 'DELETE', `/live/saved-replies/${id}`, { token, params: { id: String(id) } });

beforeAll(async () => {
  su = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'replies-root@lantern.test', password: STRONG_PASSWORD, username: 'repliesroot', first_name: 'R', last_name: 'R' } })).json.access_token;
  alder = await staffWithSchool(su, 'alder-replies@lantern.test', 'Alder Replies College');
  birch = await staffWithSchool(su, 'birch-replies@lantern.test', 'Birch Replies College');
  const made = await call(usersRoute.POST, 'POST', '/auth/users', { token: su, body: { email: 'sam-replies@lantern.test', username: 'samreplies', password: STRONG_PASSWORD, first_name: 'Sam', last_name: 'Staff', role: 'user', school_id: alder.id } });
  expect(made.status).toBe(201);
  colleague = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'sam-replies@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
});

describe('saved replies', () => {
  it('are created, listed by title, changed and deleted by any account of the school', async () => {
    expect((await list(alder.token)).json).toEqual([]);
    const tour = await create(alder.token, { title: '  Campus tour ', text: 'Tours run weekdays at 10:00 and 2:00. Book at /visit.' });
    expect(tour.status).toBe(201);
    expect(tour.json).toMatchObject({ id: expect.any(Number), title: 'Campus tour', text: 'Tours run weekdays at 10:00 and 2:00. Book at /visit.' });
    // A user of the school, not only its admin.
    const aid = await create(colleague, { title: 'Aid deadline', text: 'The FAFSA priority deadline is March 1.' });
    expect(aid.status).toBe(201);
    expect((await list(colleague)).json.map((r: { title: string }) => r.title)).toEqual(['Aid deadline', 'Campus tour']);

    const changed = await update(colleague, tour.json.id, { title: 'Campus tours', text: 'Tours run weekdays at 10:00.' });
    expect(changed.status).toBe(200);
    expect(changed.json).toMatchObject({ id: tour.json.id, title: 'Campus tours', text: 'Tours run weekdays at 10:00.' });

    const gone = await remove(alder.token, aid.json.id);
    expect(gone.status).toBe(204);
    expect((await list(alder.token)).json.map((r: { title: string }) => r.title)).toEqual(['Campus tours']);
    expect((await remove(alder.token, aid.json.id)).status).toBe(404);
  });

  it('keep one reply per title in a school, whatever its case', async () => {
    const first = await create(alder.token, { title: 'Office hours', text: 'We are in Monday to Friday, 9 to 5.' });
    expect(first.status).toBe(201);
    const twin = await create(alder.token, { title: 'OFFICE HOURS', text: 'Another text' });
    expect(twin.status).toBe(409);
    expect(twin.json.detail).toBe('A saved reply with this title already exists');
    const other = await create(alder.token, { title: 'Parking', text: 'Visitors park in lot B.' });
    expect((await update(alder.token, other.json.id, { title: 'office hours', text: 'x' })).status).toBe(409);
    // Keeping its own title (in another case) is no clash; another school may use the same title.
    expect((await update(alder.token, first.json.id, { title: 'Office Hours', text: 'We are in weekdays, 9 to 5.' })).status).toBe(200);
    expect((await create(birch.token, { title: 'Office hours', text: 'Birch is open 8 to 4.' })).status).toBe(201);
  });

  it('refuse a missing title or text and a text longer than a live message, naming the field', async () => {
    const cases: [unknown, string, string][] = [
      [{ title: ' ', text: 'Hello' }, 'title', 'Title is required'],
      [{ title: 'Hi', text: '   ' }, 'text', 'Text is required'],
      [{ title: 'Hi' }, 'text', 'Field required'],
      [{ title: 'Long', text: 'x'.repeat(LIVE_TEXT_MAX + 1) }, 'text', `Text must be at most ${LIVE_TEXT_MAX} characters`],
      [{ title: 'x'.repeat(101), text: 'Hello' }, 'title', 'Title must be at most 100 characters'],
      [{ title: 'Two\nlines', text: 'Hello' }, 'title', 'The title cannot contain line breaks or other control characters'],
    ];
    for (const [body, field, msg] of cases) {
      const res = await create(alder.token, body);
      expect([res.status, res.json.detail]).toEqual([422, [expect.objectContaining({ loc: ['body', field], msg })]]);
    }
    // A text of exactly the limit is a live message's length: kept whole.
    const full = await create(alder.token, { title: 'Full', text: 'y'.repeat(LIVE_TEXT_MAX) });
    expect([full.status, full.json.text.length]).toEqual([201, LIVE_TEXT_MAX]);
  });

  it("school B neither reads, changes nor deletes school A's replies (404), and A's stay as they were", async () => {
    const mine = await create(alder.token, { title: 'Tenancy probe', text: 'Only Alder says this.' });
    const before = (await list(alder.token)).json;
    expect((await list(birch.token)).json.map((r: { id: number }) => r.id)).not.toContain(mine.json.id);
    const edit = await update(birch.token, mine.json.id, { title: 'Taken over', text: 'Birch wrote this.' });
    expect([edit.status, edit.json.detail]).toEqual([404, 'Saved reply not found']);
    expect((await remove(birch.token, mine.json.id)).status).toBe(404);
    expect((await list(alder.token)).json).toEqual(before);
  });

  it('answer 401 without a sign-in and 404 to an account with no school', async () => {
    expect((await list('')).status).toBe(401);
    expect((await create('', { title: 'x', text: 'y' })).status).toBe(401);
    expect((await list(su)).status).toBe(404);
  });
});
