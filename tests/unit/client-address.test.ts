import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_ADDRESS_HEADER, stampClientAddress, trustedProxies } from '@/scripts/client-address.mjs';
import { CLIENT_ADDRESS_HEADER as APP_HEADER, clientAddressFrom, clientBucket } from '@/lib/http/client';

// A real node:http server stamping requests as scripts/start.mjs does, answering the address it decided.
let trust = trustedProxies('');
let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    stampClientAddress(req, trust);
    res.end(String(req.headers[CLIENT_ADDRESS_HEADER]));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => vi.unstubAllEnvs());

function seenAs(headers: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path: '/', headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve(body));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('front server client address', () => {
  it('the app reads the header the front server writes', () => {
    expect(APP_HEADER).toBe(CLIENT_ADDRESS_HEADER);
  });

  it('with no trusted proxy, the socket address wins over anything the caller sends', async () => {
    trust = trustedProxies('');
    expect(await seenAs({ 'x-forwarded-for': '203.0.113.9', [CLIENT_ADDRESS_HEADER]: '198.51.100.1' })).toBe('127.0.0.1');
    expect(await seenAs({})).toBe('127.0.0.1');
  });

  it('through trusted proxies, the nearest untrusted forwarded address is the client', async () => {
    trust = trustedProxies('loopback');
    // The caller wrote the first entry itself; the proxy appended the address it saw.
    expect(await seenAs({ 'x-forwarded-for': '192.0.2.1, 203.0.113.9' })).toBe('203.0.113.9');
    trust = trustedProxies('loopback, 203.0.113.0/24');
    expect(await seenAs({ 'x-forwarded-for': '192.0.2.1, 203.0.113.9' })).toBe('192.0.2.1');
    expect(await seenAs({ [CLIENT_ADDRESS_HEADER]: '198.51.100.1' })).toBe('127.0.0.1');
  });

  it('`all` trusts every hop (an edge that overwrites X-Forwarded-For)', async () => {
    trust = trustedProxies('all');
    expect(await seenAs({ 'x-forwarded-for': '192.0.2.1, 203.0.113.9' })).toBe('192.0.2.1');
  });

  it('refuses a TRUSTED_PROXIES value it cannot read', () => {
    expect(() => trustedProxies('not-an-address')).toThrow(/invalid IP address/);
  });
});

describe('client address in the app', () => {
  const headers = (h: Record<string, string>) => (name: string) => h[name] ?? null;

  it('trusts the private header only behind the front server', () => {
    vi.stubEnv('LANTERN_FRONT_SERVER', '1');
    expect(clientAddressFrom(headers({ [APP_HEADER]: '192.0.2.7', 'x-forwarded-for': '10.0.0.1' }))).toBe('192.0.2.7');
    vi.stubEnv('LANTERN_FRONT_SERVER', '');
    vi.stubEnv('NODE_ENV', 'production');
    vi.stubEnv('VERCEL', '');
    expect(clientAddressFrom(headers({ [APP_HEADER]: '192.0.2.7', 'x-forwarded-for': '10.0.0.1' }))).toBe('unknown');
  });

  it('on Vercel, takes X-Forwarded-For, which its edge overwrites', () => {
    vi.stubEnv('LANTERN_FRONT_SERVER', '');
    vi.stubEnv('VERCEL', '1');
    expect(clientAddressFrom(headers({ 'x-forwarded-for': '203.0.113.5' }))).toBe('203.0.113.5');
  });

  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4', () => {
    expect(clientBucket('2001:db8:1:2:aaaa::1')).toBe(clientBucket('2001:db8:1:2:bbbb::9'));
    expect(clientBucket('2001:db8:1:2::1')).not.toBe(clientBucket('2001:db8:1:3::1'));
    expect(clientBucket('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientBucket('unknown')).toBe('unknown');
  });
});
