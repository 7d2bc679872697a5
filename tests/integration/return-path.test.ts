import { NextRequest } from 'next/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as nextAuthRoute from '@/app/api/auth/[...nextauth]/route';
import * as staffLayout from '@/app/(staff)/layout';
import { Browser } from './browser';
import { STRONG_PASSWORD } from './http';
import { adminWithSchool, registerSuperuser, type Staff } from './route-matrix/harness';

vi.mock('next/headers', async () => (await import('./browser')).requestHeaders);

/**
 * Issue 47, item 7: a path to go to after sign-in is judged by one rule wherever it is accepted or
 * stored (resolved first, refused when it then starts with `//` or `/\`). Here, next-auth's
 * `callbackUrl` (kept in its callback-url cookie, answered as the address to go to after signing in)
 * and the staff layout's session-expired redirect; `?next=` in the browser is
 * tests/unit/session-state.test.ts.
 */

const SITE = 'http://localhost:3000';
/** The site as next-auth names it: the Host it trusts (AUTH_TRUST_HOST), https without X-Forwarded-Proto. */
const BASE = 'https://localhost:3000';
/** Each resolves to `//evil.example` (another site) once dot segments, backslashes or %-escapes are undone. */
const LEAVING = ['/.//evil.example', '/..//evil.example', '/./\\evil.example', '/dashboard/..//evil.example', '/%2F%2Fevil.example', '/%5Cevil.example', '/.%2F/evil.example', '//evil.example', '/\\evil.example', 'https://evil.example/x', 'bareword'];

let admin: Staff;

beforeAll(async () => {
  const su = await registerSuperuser();
  admin = await adminWithSchool(su.token, 'Return');
});

afterEach(() => vi.restoreAllMocks());

type AuthAnswer = { status: number; json: unknown; callbackCookie: string | null };

/** A call to next-auth's own route handler, as the browser makes it. */
async function nextAuth(browser: Browser, method: 'GET' | 'POST', segments: string[], query: Record<string, string> = {}, form?: Record<string, string>): Promise<AuthAnswer> {
  const url = new URL(`${SITE}/api/auth/${segments.join('/')}`);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  const req = new NextRequest(url, {
    method,
    headers: form ? { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.21' } : {},
    body: form ? new URLSearchParams(form).toString() : undefined,
  });
  const handler = method === 'GET' ? nextAuthRoute.GET : nextAuthRoute.POST;
  const res: Response = await browser.run(() => handler(req, { params: Promise.resolve({ nextauth: segments }) }));
  let callbackCookie: string | null = null;
  for (const line of res.headers.getSetCookie()) {
    const pair = line.split(';')[0]!;
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = decodeURIComponent(pair.slice(at + 1).trim());
    browser.cookies.set(name, value);
    if (name.endsWith('next-auth.callback-url')) callbackCookie = value;
  }
  const text = await res.text();
  let json: unknown = text;
  try {
    json = JSON.parse(text);
  } catch {
    // a page or an empty answer
  }
  return { status: res.status, json, callbackCookie };
}

/** The address next-auth answers for going on after a sign-in with this callbackUrl. */
async function signInGoingTo(callbackUrl: string): Promise<{ cookie: string | null; url: string }> {
  const browser = new Browser();
  const csrf = await nextAuth(browser, 'GET', ['csrf'], { callbackUrl });
  expect(csrf.status, `csrf with callbackUrl ${callbackUrl}: ${JSON.stringify(csrf.json)}`).toBe(200);
  const { csrfToken } = csrf.json as { csrfToken: string };
  const signedIn = await nextAuth(browser, 'POST', ['callback', 'credentials'], {}, { csrfToken, email: admin.email, password: STRONG_PASSWORD, selected_user_id: '', callbackUrl, json: 'true' });
  expect(signedIn.status, `sign-in with callbackUrl ${callbackUrl}: ${JSON.stringify(signedIn.json)}`).toBe(200);
  return { cookie: csrf.callbackCookie, url: (signedIn.json as { url: string }).url };
}

describe("next-auth's callbackUrl", () => {
  it('keeps a path on this site, resolved', async () => {
    expect(await signInGoingTo('/dashboard/leads?page=2')).toEqual({ cookie: `${BASE}/dashboard/leads?page=2`, url: `${BASE}/dashboard/leads?page=2` });
    expect(await signInGoingTo('/dashboard/x/../users')).toEqual({ cookie: `${BASE}/dashboard/users`, url: `${BASE}/dashboard/users` });
    expect(await signInGoingTo(`${BASE}/dashboard/school`)).toEqual({ cookie: `${BASE}/dashboard/school`, url: `${BASE}/dashboard/school` });
  });

  it('stores and answers only the site itself for a path that resolves to another site (or names none), never a 500', async () => {
    const errors = vi.spyOn(console, 'error');
    for (const path of LEAVING) {
      const { cookie, url } = await signInGoingTo(path);
      expect({ path, cookie, url }).toEqual({ path, cookie: BASE, url: BASE });
    }
    // next-auth logs its own failures with console.error; none happened.
    expect(errors.mock.calls.map((c) => String(c[0]))).toEqual([]);
  });

  it('a form post with a callbackUrl in its address too still signs in, the address judged by the same rule', async () => {
    for (const [path, expected] of [['bareword', BASE], ['/.//evil.example', BASE], ['/dashboard/./users', `${BASE}/dashboard/users`]] as const) {
      const browser = new Browser();
      const { csrfToken } = (await nextAuth(browser, 'GET', ['csrf'])).json as { csrfToken: string };
      const res = await nextAuth(browser, 'POST', ['callback', 'credentials'], { callbackUrl: path }, { csrfToken, email: admin.email, password: STRONG_PASSWORD, selected_user_id: '', json: 'true' });
      expect(res.status, path).toBe(200);
      // Set again only when it changes: what the browser now holds.
      expect([...browser.cookies].find(([k]) => k.endsWith('next-auth.callback-url'))?.[1], path).toBe(expected);
      expect(res.json, path).toEqual({ url: expected });
      expect([...browser.cookies.keys()].some((k) => k.endsWith('next-auth.session-token')), path).toBe(true);
    }
  });

  it('a callback-url cookie planted earlier is judged again when read', async () => {
    const browser = new Browser();
    browser.cookies.set('next-auth.callback-url', `${BASE}/.//evil.example`);
    const session = await nextAuth(browser, 'GET', ['session']);
    expect(session.status).toBe(200);
    expect(session.callbackCookie).toBe(BASE);
  });
});

describe("the staff layout's session-expired redirect", () => {
  it('names only a staff path as next, resolved, whatever the path header says', async () => {
    const redirectOf = async (path: string) => {
      try {
        await new Browser().run(() => staffLayout.default({ children: null }), { 'x-lantern-staff-path': path });
      } catch (err) {
        // next/navigation's redirect() throws its target in the digest: NEXT_REDIRECT;replace;<url>;307;
        const digest = (err as { digest?: string }).digest ?? '';
        if (digest.startsWith('NEXT_REDIRECT')) return digest.split(';')[2];
        throw err;
      }
      throw new Error('no redirect');
    };
    expect(await redirectOf('/dashboard/leads?page=2')).toBe(`/?session=expired&next=${encodeURIComponent('/dashboard/leads?page=2')}`);
    for (const path of ['/dashboard/..//evil.example', '/dashboard/.././/evil.example', '/dashboard/%2E%2E/%2F%2Fevil.example', '/dashboardevil']) {
      expect(await redirectOf(path), path).toBe(`/?session=expired&next=${encodeURIComponent('/dashboard')}`);
    }
  });
});
