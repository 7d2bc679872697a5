import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { NextRequest } from 'next/server';
import { pathToRegexp } from 'next/dist/compiled/path-to-regexp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { config, proxy } from '@/proxy';
import { CLIENT_PROTO_HEADER, stampClientAddress, trustedProxies } from '@/scripts/client-address.mjs';
import { CLIENT_PROTO_HEADER as APP_PROTO_HEADER } from '@/lib/http/client';
import { PAGE_PATH_PATTERNS } from '@/lib/security/page-headers';
import { secureCookies } from '@/lib/auth/cookies';

// Every page under app/ (found by walking the tree, so a new page is covered the
// day it is added) goes through proxy.ts and gets its CSP and headers.

const root = path.resolve(__dirname, '../..');

/** Every page.tsx under app/ as a sample address: route groups dropped, `[id]` → 1, `[...rest]` → a/b. */
function pageAddresses(): string[] {
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const s = entry.name;
        if (s.startsWith('_') || s.startsWith('@')) continue;
        const next = /^\(.*\)$/.test(s) ? segments : [...segments, s.startsWith('[...') || s.startsWith('[[...') ? 'a/b' : s.startsWith('[') ? '1' : s];
        walk(path.join(dir, s), next);
      } else if (/^page\.(tsx|ts|jsx|js|mdx)$/.test(entry.name)) {
        found.push(`/${segments.join('/')}`);
      }
    }
  };
  walk(path.join(root, 'app'), []);
  return found.sort();
}

const matches = (patterns: string[], address: string) => patterns.some((p) => pathToRegexp(p).test(address));

afterEach(() => vi.unstubAllEnvs());

describe('pages under app/', () => {
  const pages = pageAddresses();

  it('are all matched by the proxy and listed in PAGE_PATH_PATTERNS', () => {
    expect(pages.length).toBeGreaterThanOrEqual(15);
    expect(pages.filter((p) => !matches(config.matcher, p))).toEqual([]);
    expect(pages.filter((p) => !matches(PAGE_PATH_PATTERNS, p))).toEqual([]);
    // The matcher holds the page patterns and the %-escape catch, nothing else.
    expect(config.matcher.filter((m) => m !== '/(.*%.*)')).toEqual(PAGE_PATH_PATTERNS);
  });

  it('each answers with a nonce CSP that forbids framing, nosniff and a Referrer-Policy', async () => {
    const nonces = new Set<string>();
    for (const address of pages) {
      const res = await proxy(new NextRequest(`http://localhost:3000${address}`));
      const csp = res.headers.get('content-security-policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      expect(nonce, address).toBeTruthy();
      nonces.add(nonce!);
      expect(csp, address).toContain("frame-ancestors 'none'");
      expect(csp, address).toContain("object-src 'none'");
      expect(csp, address).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      expect(res.headers.get('x-frame-options'), address).toBe('DENY');
      expect(res.headers.get('x-content-type-options'), address).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), address).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('strict-transport-security'), address).toBeNull();
    }
    // A fresh nonce per answer.
    expect(nonces.size).toBe(pages.length);
  });

  it('a page carrying a reset token sends no Referer and is not cached', async () => {
    const res = await proxy(new NextRequest('http://localhost:3000/?token=abc123'));
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
  });

  it('HSTS only when the front server says the visitor came over https, never from a forged header', async () => {
    vi.stubEnv('LANTERN_FRONT_SERVER', '1');
    const forged = await proxy(new NextRequest('http://localhost:3000/login', { headers: { 'x-forwarded-proto': 'https' } }));
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    // Next derives the URL's scheme from X-Forwarded-Proto: an https URL alone proves nothing.
    expect((await proxy(new NextRequest('https://localhost:3000/login', { headers: { 'x-forwarded-proto': 'https' } }))).headers.get('strict-transport-security')).toBeNull();
    const stamped = await proxy(new NextRequest('http://localhost:3000/login', { headers: { [APP_PROTO_HEADER]: 'https' } }));
    expect(stamped.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    // A bare `next start` cannot tell who set X-Forwarded-Proto: no HSTS.
    vi.stubEnv('LANTERN_FRONT_SERVER', '');
    expect((await proxy(new NextRequest('http://localhost:3000/login', { headers: { 'x-forwarded-proto': 'https' } }))).headers.get('strict-transport-security')).toBeNull();
  });

  it('session cookies are Secure when the public address is https', () => {
    vi.stubEnv('APP_URL', 'https://lantern.example.edu');
    expect(secureCookies()).toBe(true);
    vi.stubEnv('APP_URL', 'http://localhost:3000');
    expect(secureCookies()).toBe(false);
  });
});

describe("the front server's https stamp", () => {
  let trust = trustedProxies('');
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      stampClientAddress(req, trust);
      res.end(String(req.headers[CLIENT_PROTO_HEADER]));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const seenAs = (headers: Record<string, string>) =>
    new Promise<string>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
        let body = '';
        res.on('data', (c) => (body += c));
        res.on('end', () => resolve(body));
      });
      req.on('error', reject);
      req.end();
    });

  it('believes X-Forwarded-Proto only from a trusted proxy, and replaces a forged stamp', async () => {
    expect(CLIENT_PROTO_HEADER).toBe(APP_PROTO_HEADER);
    trust = trustedProxies('');
    expect(await seenAs({ 'x-forwarded-proto': 'https' })).toBe('http');
    expect(await seenAs({ [CLIENT_PROTO_HEADER]: 'https' })).toBe('http');
    trust = trustedProxies('loopback');
    expect(await seenAs({ 'x-forwarded-proto': 'https' })).toBe('https');
    expect(await seenAs({})).toBe('http');
  });
});
