import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { headerOrigin, originIsOwnHost } from '@/lib/http/origin';
import { proxy } from '@/proxy';

// Issue 47, item 6: an Origin or Referer that names no site is read as naming none, never thrown on.

describe('headerOrigin', () => {
  it('reads an http(s) origin exactly as browsers send it', () => {
    expect(headerOrigin('https://lantern.example')).toEqual({ origin: 'https://lantern.example', host: 'lantern.example' });
    expect(headerOrigin('http://localhost:3000')).toEqual({ origin: 'http://localhost:3000', host: 'localhost:3000' });
    expect(headerOrigin('http://[::1]:3000')).toEqual({ origin: 'http://[::1]:3000', host: '[::1]:3000' });
  });

  it('answers null for an Origin that names no site, whatever it is', () => {
    const none = ['null', 'file://', 'file:///etc/passwd', 'bareword', '', ' ', 'http://', 'https://', '://x', 'data:text/html,x', 'javascript:alert(1)', 'chrome-extension://abc', 'foo://localhost:3000', 'http://[::1', 'http://a b', 'https://lantern.example/', 'https://lantern.example/path', 'https://lantern.example:443', 'HTTPS://lantern.example', 'https://user@lantern.example'];
    for (const value of [...none, null, undefined]) expect(headerOrigin(value), JSON.stringify(value)).toBeNull();
  });

  it('reads the origin of a Referer, and null for one that names no site', () => {
    expect(headerOrigin('https://lantern.example/dashboard?x=1', 'referer')).toEqual({ origin: 'https://lantern.example', host: 'lantern.example' });
    for (const value of ['null', 'file:///etc/passwd', 'bareword', '', 'about:blank', 'http://']) expect(headerOrigin(value, 'referer'), value).toBeNull();
  });

  it('originIsOwnHost compares with the first X-Forwarded-Host or the Host, as Next.js does', () => {
    const h = (init: Record<string, string>) => new Headers(init);
    expect(originIsOwnHost(h({ origin: 'http://localhost:3000', host: 'localhost:3000' }))).toBe(true);
    expect(originIsOwnHost(h({ origin: 'https://lantern.example', host: 'internal:3000', 'x-forwarded-host': 'lantern.example, proxy' }))).toBe(true);
    for (const origin of ['null', 'file://', 'bareword', '', 'http://evil.example']) expect(originIsOwnHost(h({ origin, host: 'localhost:3000' })), origin).toBe(false);
    expect(originIsOwnHost(h({ host: 'localhost:3000' }))).toBe(false);
  });
});

describe('a server action with a malformed or foreign Origin', () => {
  const action = (headers: Record<string, string>) =>
    proxy(new NextRequest('http://localhost:3000/dashboard/leads', { method: 'POST', headers: { host: 'localhost:3000', 'next-action': 'abc123', 'content-type': 'text/plain;charset=UTF-8', ...headers }, body: '[]' }));

  it('is refused with a 403 in the API shape before Next.js handles it (which answers 500 or throws)', async () => {
    for (const origin of ['null', 'file://', 'bareword', '', 'http://', 'https://evil.example']) {
      const res = await action({ origin });
      expect(res.status, origin).toBe(403);
      expect(await res.json(), origin).toMatchObject({ detail: expect.any(String), code: 'forbidden' });
    }
  });

  it('from this site, or without Origin (its own session check decides), goes on', async () => {
    expect((await action({ origin: 'http://localhost:3000' })).status).not.toBe(403);
    expect((await action({})).status).not.toBe(403);
    // A page request with a malformed Origin is not an action: the page answers as usual.
    expect((await proxy(new NextRequest('http://localhost:3000/', { headers: { origin: 'null' } }))).status).toBe(200);
  });
});
