import { encode } from 'next-auth/jwt';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as userRoute from '@/app/(rest)/auth/users/[id]/route';
import * as passwordRoute from '@/app/(rest)/auth/users/[id]/password/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import { updateProfileAction } from '@/app/actions/profile';
import StaffLayout from '@/app/(staff)/layout';
import { getStaffSession } from '@/lib/auth/web-session';
import { getAuthSecret } from '@/lib/auth/secret';
import { STAFF_PATH_HEADER } from '@/lib/web/staff-path';
import { Browser } from './browser';
import { call, createSchool, OTHER_PASSWORD, STRONG_PASSWORD } from './http';

vi.mock('next/headers', async () => (await import('./browser')).requestHeaders);

const OWNER = { email: 'owen@lantern.test', password: STRONG_PASSWORD, username: 'owen', first_name: 'Owen', last_name: 'Owner' };
let ownerToken: string;
let school: number;

beforeAll(async () => {
  ownerToken = (await call(registerRoute.POST, 'POST', '/auth/register', { body: OWNER })).json.access_token;
  school = await createSchool('Cedar School');
});

async function newStaff(username: string) {
  const email = `${username}@lantern.test`;
  const res = await call(usersRoute.POST, 'POST', '/auth/users', {
    token: ownerToken,
    body: { email, username, password: STRONG_PASSWORD, first_name: 'Sam', last_name: 'Staff', role: 'admin', school_id: school },
  });
  expect(res.status).toBe(201);
  return { id: res.json.id as number, email };
}

const profile = (email: string, extra: Record<string, string> = {}) => ({ first_name: 'Sam', last_name: 'Staff', email, ...extra });

/** The redirect a server component answers with (Next.js throws it), or null when it renders. */
async function redirectOf(render: () => Promise<unknown>): Promise<string | null> {
  try {
    await render();
    return null;
  } catch (err) {
    const digest = (err as { digest?: string }).digest ?? '';
    if (!digest.startsWith('NEXT_REDIRECT')) throw err;
    return digest.split(';')[2]!;
  }
}

describe('the web session ends on the server', () => {
  it('a saved session cookie no longer works after sign-out', async () => {
    const staff = await newStaff('sid');
    const browser = new Browser();
    await browser.signIn(staff.email, STRONG_PASSWORD);
    const copy = browser.saved();

    const before = await copy.run(getStaffSession);
    expect(before?.user.id).toBe(staff.id);
    expect(await copy.run(() => updateProfileAction({ body: profile(staff.email) }))).toMatchObject({ ok: true });
    expect(await copy.run(() => redirectOf(() => StaffLayout({ children: null })), { [STAFF_PATH_HEADER]: '/dashboard/users' })).toBeNull();

    await browser.signOut();
    expect(await browser.run(getStaffSession)).toBeNull();
    // The copy still carries the cookie, but the session it names has ended.
    expect(await copy.run(getStaffSession)).toBeNull();
    expect(await copy.run(() => updateProfileAction({ body: profile(staff.email) }))).toMatchObject({ ok: false, code: 'session_expired' });
    expect(await copy.run(() => redirectOf(() => StaffLayout({ children: null })), { [STAFF_PATH_HEADER]: '/dashboard/users' })).toBe(
      '/?session=expired&next=%2Fdashboard%2Fusers',
    );

    // Signing in again starts a new session; the old copy stays dead.
    await browser.signIn(staff.email, STRONG_PASSWORD);
    expect((await browser.run(getStaffSession))?.user.id).toBe(staff.id);
    expect(await copy.run(getStaffSession)).toBeNull();
  });

  it('a profile password change ends the other sessions and keeps the one that made it', async () => {
    const staff = await newStaff('pat');
    const [here, elsewhere] = [new Browser(), new Browser()];
    await here.signIn(staff.email, STRONG_PASSWORD);
    await elsewhere.signIn(staff.email, STRONG_PASSWORD);
    const api = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: staff.email, password: STRONG_PASSWORD } })).json.access_token;

    const changed = await here.run(() => updateProfileAction({ body: profile(staff.email, { current_password: STRONG_PASSWORD, new_password: OTHER_PASSWORD }) }));
    expect(changed).toMatchObject({ ok: true });
    expect((await here.run(getStaffSession))?.user.id).toBe(staff.id);
    expect(await elsewhere.run(getStaffSession)).toBeNull();
    expect((await call(meRoute.GET, 'GET', '/auth/me', { token: api })).status).toBe(401);
  });

  it('deactivation and an administrator setting the password end every web session', async () => {
    const staff = await newStaff('dee');
    const params = { id: String(staff.id) };
    const browser = new Browser();
    await browser.signIn(staff.email, STRONG_PASSWORD);
    await call(userRoute.PUT, 'PUT', `/auth/users/${staff.id}`, { token: ownerToken, params, body: { is_active: false } });
    expect(await browser.run(getStaffSession)).toBeNull();
    await call(userRoute.PUT, 'PUT', `/auth/users/${staff.id}`, { token: ownerToken, params, body: { is_active: true } });
    // Reactivation does not bring the old session back.
    expect(await browser.run(getStaffSession)).toBeNull();

    await browser.signIn(staff.email, STRONG_PASSWORD);
    expect((await browser.run(getStaffSession))?.user.id).toBe(staff.id);
    const set = await call(passwordRoute.PUT, 'PUT', `/auth/users/${staff.id}/password`, { token: ownerToken, params, body: { new_password: OTHER_PASSWORD } });
    expect(set.status).toBe(200);
    expect(await browser.run(getStaffSession)).toBeNull();
  });

  it('a session cookie that names no server-side session is refused', async () => {
    const staff = await newStaff('old');
    const browser = new Browser();
    await browser.signIn(staff.email, STRONG_PASSWORD);
    const name = [...browser.cookies.keys()].find((k) => k.endsWith('next-auth.session-token'))!;
    const forge = async (token: Record<string, unknown>) => browser.cookies.set(name, await encode({ token, secret: getAuthSecret() }));
    expect((await browser.run(getStaffSession))?.user.id).toBe(staff.id);
    // What a cookie issued before session records existed carries: the account and its token version only.
    await forge({ uid: staff.id, tv: 0 });
    expect(await browser.run(getStaffSession)).toBeNull();
    await forge({ uid: staff.id, tv: 0, sid: '00000000-0000-4000-8000-000000000000' });
    expect(await browser.run(getStaffSession)).toBeNull();
  });
});
