import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import { signInDelayMs } from '@/lib/auth/accounts';
import { consume } from '@/lib/security/rate-limit';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { issueKey } from '@/lib/widget/keys';
import { call, createSchool, fromClient, STRONG_PASSWORD, unique } from './http';

let superToken: string;

async function newUser(): Promise<string> {
  const email = `${unique('owner')}@lantern.test`;
  const made = await call(usersRoute.POST, 'POST', '/auth/users', {
    token: superToken,
    body: { email, username: unique('u'), password: STRONG_PASSWORD, first_name: 'Olive', last_name: 'Owner' },
  });
  expect(made.status).toBe(201);
  return email;
}

const signIn = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  call(loginRoute.POST, 'POST', '/auth/login', { body: { email, password }, ip, headers });

beforeAll(async () => {
  const reg = await call(registerRoute.POST, 'POST', '/auth/register', {
    body: { email: 'root@lantern.test', password: STRONG_PASSWORD, username: 'root', first_name: 'R', last_name: 'Oot' },
    ip: '192.0.2.250',
  });
  superToken = reg.json.access_token;
});

describe('sign-in slowdown', () => {
  it('waits longer after each failure of one client on one account, from the 4th attempt, at most 8 × the base', () => {
    vi.stubEnv('SIGN_IN_SLOWDOWN_MS', '250');
    expect([1, 2, 3, 4, 5, 6, 7, 8, 10].map(signInDelayMs)).toEqual([0, 0, 0, 250, 500, 1000, 2000, 2000, 2000]);
    vi.unstubAllEnvs();
  });

  it('slows the failing client, not the owner signing in from elsewhere', async () => {
    vi.stubEnv('SIGN_IN_SLOWDOWN_MS', '500');
    try {
      const email = await newUser();
      const took: number[] = [];
      for (let i = 0; i < 6; i++) {
        const started = performance.now();
        expect((await signIn(email, 'wrong-password', '198.51.100.90')).status).toBe(401);
        took.push(performance.now() - started);
      }
      // The 4th, 5th and 6th attempts waited 0.5, 1 and 2 s before their password check.
      expect(took[3]).toBeGreaterThanOrEqual(500);
      expect(took[4]).toBeGreaterThanOrEqual(1000);
      expect(took[5]).toBeGreaterThanOrEqual(2000);
      const started = performance.now();
      expect((await signIn(email, STRONG_PASSWORD, '203.0.113.90')).status).toBe(200);
      const owner = performance.now() - started;
      expect(owner).toBeLessThan(took[5]! - 1000);
      console.info(`[sign-in slowdown] failing client: ${took.map((t) => Math.round(t)).join(', ')} ms; owner elsewhere: ${Math.round(owner)} ms`);
    } finally {
      vi.unstubAllEnvs();
    }
  }, 60_000);
});

describe('sign-in limits', () => {
  it('refuses a stranger after 10 failures but lets the owner in from another client', async () => {
    const email = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await signIn(email, 'wrong-password', '198.51.100.66')).status);
    expect(statuses).toEqual([...Array(10).fill(401), 429, 429]);
    // Even the right password does not help the refused client until the window ends.
    const refused = await signIn(email, STRONG_PASSWORD, '198.51.100.66');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    // The owner, on a client never seen before, is not locked out by the stranger.
    const owner = await signIn(email, STRONG_PASSWORD, '203.0.113.44');
    expect(owner.status).toBe(200);
    expect(owner.json.access_token).toEqual(expect.any(String));
  });

  it('a superuser is not locked out by wrong passwords from elsewhere', async () => {
    for (let i = 0; i < 15; i++) await signIn('root@lantern.test', 'not-the-password', '198.51.100.67');
    expect((await signIn('root@lantern.test', STRONG_PASSWORD, '192.0.2.251')).status).toBe(200);
  });

  it('when many clients fail, only clients the owner signed in from may go on', async () => {
    const email = await newUser();
    expect((await signIn(email, STRONG_PASSWORD, '203.0.113.45')).status).toBe(200);
    for (let i = 0; i < 11; i++) await signIn(email, 'wrong-password', `198.51.100.${100 + i}`);
    // A new client is refused even with the right password: the account is under attack.
    expect((await signIn(email, STRONG_PASSWORD, '198.51.100.200')).status).toBe(429);
    // The owner's own client still signs in, and a few typos of its own do not lock it out either.
    expect((await signIn(email, 'typo', '203.0.113.45')).status).toBe(401);
    expect((await signIn(email, STRONG_PASSWORD, '203.0.113.45')).status).toBe(200);
  });

  it('a success clears the client\'s failures on that account', async () => {
    const email = await newUser();
    for (let i = 0; i < 9; i++) expect((await signIn(email, 'wrong-password', '198.51.100.70')).status).toBe(401);
    expect((await signIn(email, STRONG_PASSWORD, '198.51.100.70')).status).toBe(200);
    for (let i = 0; i < 9; i++) expect((await signIn(email, 'wrong-password', '198.51.100.70')).status).toBe(401);
  });

  it('rotating X-Forwarded-For from one client does not escape the limits', async () => {
    const email = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await signIn(email, 'wrong-password', '198.51.100.80', { 'x-forwarded-for': `10.9.${i}.1`, 'x-real-ip': `10.8.${i}.1` })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 401)).toBe(true);
    expect(statuses[10]).toBe(429);

    // Spraying random e-mails: 50 failures per client, whatever the forwarded header says.
    const spray: number[] = [];
    for (let i = 0; i < 51; i++) {
      spray.push((await signIn(`${unique('nobody')}@lantern.test`, 'wrong-password', '198.51.100.81', { 'x-forwarded-for': `10.7.${i}.1` })).status);
    }
    expect(spray.slice(0, 50).every((s) => s === 401)).toBe(true);
    expect(spray[50]).toBe(429);
  });

  it('counts a burst of concurrent failures exactly', async () => {
    const email = await newUser();
    const statuses = await Promise.all(Array.from({ length: 25 }, () => signIn(email, 'wrong-password', '198.51.100.90').then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });
});

describe('database counters', () => {
  it('count concurrent hits atomically: exactly max pass', async () => {
    const limit = { key: unique('burst:'), max: 7, windowSeconds: 60 };
    const outcomes = await Promise.allSettled(Array.from({ length: 30 }, () => consume([limit])));
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(7);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason).toMatchObject({ status: 429 });
  });
});

describe('widget chat limits', () => {
  let key: string;
  beforeAll(async () => {
    key = await issueKey(await createSchool('Limit College'), 'public');
  });
  afterEach(async () => {
    await resetMemoryLimits();
    vi.unstubAllEnvs();
  });

  const ask = (ip: string, headers: Record<string, string>, session: string) =>
    call(chatRoute.POST, 'POST', '/api/widget/chat', { ip, headers: { 'x-api-key': key, ...headers }, body: { message: 'hi', session_id: session } });

  it('rotating X-Forwarded-For from one client does not escape the per-client limit', async () => {
    vi.stubEnv('WIDGET_CLIENT_LIMIT_PER_MINUTE', '3');
    for (let i = 0; i < 3; i++) expect((await ask('198.51.100.5', { 'x-forwarded-for': `10.1.${i}.1` }, `rot${i}`)).status).toBe(200);
    const over = await ask('198.51.100.5', { 'x-forwarded-for': '10.1.99.1' }, 'rot9');
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another client is counted on its own.
    expect((await ask('198.51.100.6', {}, 'other')).status).toBe(200);
  });

  it('a caller cannot pick its client address through the private header when no front server set it', async () => {
    vi.stubEnv('WIDGET_CLIENT_LIMIT_PER_MINUTE', '2');
    vi.stubEnv('LANTERN_FRONT_SERVER', '');
    vi.stubEnv('NODE_ENV', 'production');
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await ask(`10.2.${i}.1`, fromClient(`10.3.${i}.1`), `nofront${i}`)).status);
    expect(statuses).toEqual([200, 200, 429]);
  });
});
