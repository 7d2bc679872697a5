import { describe, expect, it } from 'vitest';
import * as meRoute from '@/app/(rest)/auth/me/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as userCountRoute from '@/app/(rest)/auth/user-count/route';
import { call, STRONG_PASSWORD } from './http';

// A file of its own: each test file gets a fresh database, so this is the only place where no user
// exists yet, whatever order the tests run in (auth.test.ts registers its superuser in beforeAll).
const admin = { email: 'ada@lantern.test', password: STRONG_PASSWORD, username: 'ada', first_name: 'Ada', last_name: 'Lovelace' };

describe('first run', () => {
  it('reports zero users with registration open, then registers the superuser and logs in', async () => {
    const before = await call(userCountRoute.GET, 'GET', '/auth/user-count');
    expect(before.json).toEqual({ count: 0, allow_registration: true });

    const reg = await call(registerRoute.POST, 'POST', '/auth/register', { body: admin });
    expect(reg.status).toBe(201);
    expect(reg.json.user).toMatchObject({ username: 'ada', role: 'superuser', school_id: null, is_active: true });
    expect(reg.json.user).not.toHaveProperty('password_hash');
    expect(reg.json.access_token).toEqual(expect.any(String));

    const me = await call(meRoute.GET, 'GET', '/auth/me', { token: reg.json.access_token });
    expect(me.status).toBe(200);
    expect(me.json).toMatchObject({ user_id: reg.json.user.user_id, email: admin.email, first_name: 'Ada', requires_password_update: false });

    const after = await call(userCountRoute.GET, 'GET', '/auth/user-count');
    expect(after.json).toEqual({ count: 1, allow_registration: false });
  });
});
