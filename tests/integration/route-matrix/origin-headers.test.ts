import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Browser } from '../browser';
import { STRONG_PASSWORD } from '../http';
import { judge } from './fuzz';
import { adminWithSchool, byKey, callOp, registerSuperuser, type Staff } from './harness';

vi.mock('next/headers', async () => (await import('../browser')).requestHeaders);

/**
 * Issue 47, item 6: the calls a signed-in browser makes with its staff session (the Live view's
 * stream, the two exports, the import list) answered 500 to `Origin: null` (and any Origin that does
 * not parse), with a stack in the log. An Origin that names no site is refused like a missing one.
 */

const HOST = 'localhost:3000';
const SESSION_ROUTES = ['GET /live/stream', 'GET /leads/export', 'GET /conversations/export', 'GET /api/prospects/my-school/batches'];
const MALFORMED = ['null', 'file://', 'bareword', 'http://', '', `http://${HOST}/dashboard`];

let admin: Staff;
let browser: Browser;

beforeAll(async () => {
  const su = await registerSuperuser();
  admin = await adminWithSchool(su.token, 'Origin');
  browser = new Browser();
  await browser.signIn(admin.email, STRONG_PASSWORD);
});

afterEach(() => vi.restoreAllMocks());

/** One call of a session route from the signed-in browser, with these headers beside its cookie. */
const fromBrowser = (key: string, headers: Record<string, string>) => browser.run(() => callOp(byKey(key), {}, { headers: { host: HOST, ...headers } }));

describe('a malformed Origin on the staff session routes', () => {
  it('the session works from this site, and a missing Origin is refused (the baseline)', async () => {
    for (const key of SESSION_ROUTES) {
      expect((await fromBrowser(key, { origin: `http://${HOST}` })).status, key).toBe(200);
      const missing = await fromBrowser(key, {});
      expect(missing.status, key).toBe(401);
      expect(missing.json, key).toMatchObject({ detail: 'Not authenticated' });
    }
  });

  it('answers 401 like a missing Origin for null, file://, a bare word and the rest, with nothing in the error log', async () => {
    const errors = vi.spyOn(console, 'error');
    for (const key of SESSION_ROUTES) {
      for (const origin of MALFORMED) {
        const res = await fromBrowser(key, { origin });
        expect(judge(res), `${key} with Origin ${JSON.stringify(origin)}`).toBeNull();
        expect(res.status, `${key} with Origin ${JSON.stringify(origin)}`).toBe(401);
        expect(res.json).toMatchObject({ detail: 'Not authenticated' });
      }
      // The download link's same-origin GET counts only without an Origin; `null` beside it is refused.
      expect((await fromBrowser(key, { 'sec-fetch-site': 'same-origin' })).status, key).toBe(200);
      expect((await fromBrowser(key, { origin: 'null', 'sec-fetch-site': 'same-origin' })).status, key).toBe(401);
    }
    expect(errors.mock.calls.map((c) => String(c[0])).filter((m) => m.includes('unhandled'))).toEqual([]);
  });

  it('never reads a session from a malformed Referer alone, and never fails on one', async () => {
    for (const key of SESSION_ROUTES) {
      for (const referer of ['null', 'file:///etc/passwd', 'bareword', `http://${HOST}/dashboard`]) {
        const res = await fromBrowser(key, { referer });
        expect(res.status, `${key} with Referer ${referer}`).toBe(401);
        // With this site's Origin, a broken Referer changes nothing.
        expect((await fromBrowser(key, { origin: `http://${HOST}`, referer })).status, `${key} with Referer ${referer}`).toBe(200);
      }
    }
  });
});
