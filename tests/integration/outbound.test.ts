import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress, OutboundRefused, safeFetch } from '@/lib/security/outbound';

let server: http.Server;
let base: string;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    if (req.url === '/ok') return res.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Hello</h1>');
    if (req.url === '/to-private') return res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
    if (req.url === '/to-metadata') return res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    if (req.url?.startsWith('/loop')) return res.writeHead(302, { location: `/loop${Number(req.url.slice(5) || 0) + 1}` }).end();
    if (req.url === '/hop') return res.writeHead(302, { location: '/ok' }).end();
    if (req.url === '/big') return res.writeHead(200).end('x'.repeat(200_000));
    if (req.url === '/slow') return; // never answers
    res.writeHead(404).end('missing');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
  process.env.OUTBOUND_ALLOW_HOSTS = `127.0.0.1:${port}`;
});

afterAll(async () => {
  delete process.env.OUTBOUND_ALLOW_HOSTS;
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function refusal(url: string, init?: Parameters<typeof safeFetch>[1]) {
  try {
    await safeFetch(url, init);
  } catch (err) {
    expect(err).toBeInstanceOf(OutboundRefused);
    return (err as OutboundRefused).detail as string;
  }
  throw new Error(`expected ${url} to be refused`);
}

describe('safe outbound fetching', () => {
  it('fetches an allowed host and follows redirects', async () => {
    const res = await safeFetch(`${base}/hop`);
    expect(res).toMatchObject({ status: 200, url: `${base}/ok`, contentType: 'text/html' });
    expect(res.body.toString()).toBe('<h1>Hello</h1>');
  });

  it('refuses private, loopback, link-local and IPv6 loopback addresses', async () => {
    expect(await refusal('http://10.0.0.1/')).toBe('Refusing to connect to 10.0.0.1: this address is not allowed');
    expect(await refusal('http://169.254.169.254/latest/meta-data/')).toBe('Refusing to connect to 169.254.169.254: this address is not allowed');
    expect(await refusal(`http://[::1]:${port}/ok`)).toBe('Refusing to connect to [::1]: this address is not allowed');
    // The same server on a port that is not allowed.
    expect(await refusal(`http://127.0.0.1:${port + 1}/ok`)).toContain('127.0.0.1');
  });

  it('refuses a DNS name that resolves to a private address', async () => {
    // The answer never says what the name resolved to (that would let users probe internal DNS).
    expect(await refusal(`http://localhost:${port}/ok`)).toBe('Refusing to connect to localhost: this address is not allowed');
  });

  it('re-checks every redirect', async () => {
    expect(await refusal(`${base}/to-private`)).toBe('Refusing to connect to 10.0.0.1: this address is not allowed');
    expect(await refusal(`${base}/to-metadata`)).toBe('Refusing to connect to 169.254.169.254: this address is not allowed');
    expect(await refusal(`${base}/loop0`)).toBe('Too many redirects');
  });

  it('refuses other schemes, credentials, oversize bodies and slow servers', async () => {
    expect(await refusal('ftp://example.com/file')).toBe('Only http:// and https:// addresses can be fetched');
    expect(await refusal('file:///etc/passwd')).toBe('Only http:// and https:// addresses can be fetched');
    expect(await refusal('http://user:pass@example.com/')).toBe('Addresses with credentials in them are not fetched');
    expect(await refusal('not a url')).toBe('The address is not a valid URL');
    expect(await refusal(`${base}/big`, { maxBytes: 100_000 })).toBe('The response is larger than 98 KB');
    expect(await refusal(`${base}/slow`, { timeoutMs: 200 })).toBe(`127.0.0.1:${port} took longer than 0.2 seconds to answer`);
  });

  it('classifies addresses', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', 'fe80::1', 'fd00::1', 'ff02::1', '::ffff:127.0.0.1', '::ffff:a00:1']) {
      expect(isBlockedAddress(a), a).toBe(true);
    }
    for (const a of ['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700:4700::1111']) expect(isBlockedAddress(a), a).toBe(false);
  });
});
