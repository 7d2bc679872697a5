import 'server-only';
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { AppError } from '@/lib/http/errors';
import { logValue } from '@/lib/system/log';

export const OUTBOUND_TIMEOUT_MS = 10_000;
export const OUTBOUND_MAX_BYTES = 5 * 1024 * 1024;
export const OUTBOUND_MAX_REDIRECTS = 5;

/** Addresses no outbound request may reach: loopback, private, link-local, shared, multicast, documentation and reserved ranges. */
const blocked = new net.BlockList();
for (const [range, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12], ['192.0.0.0', 24], ['192.0.2.0', 24],
  ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) blocked.addSubnet(range, bits, 'ipv4');
for (const [range, bits] of [
  ['::', 128], ['::1', 128], ['64:ff9b::', 96], ['64:ff9b:1::', 48], ['100::', 64], ['2001::', 23], ['2001:db8::', 32], ['2002::', 16], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8],
] as const) blocked.addSubnet(range, bits, 'ipv6');

export class OutboundRefused extends AppError {
  constructor(detail: string) {
    super(400, detail);
  }
}

/** True when the address is in a range outbound requests must not reach. IPv4-mapped IPv6 is judged as IPv4. */
export function isBlockedAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped) return blocked.check(mapped[1]!, 'ipv4');
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
    if (hexMapped) {
      const n = (parseInt(hexMapped[1]!, 16) << 16) | parseInt(hexMapped[2]!, 16);
      return blocked.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.'), 'ipv4');
    }
    return blocked.check(address, 'ipv6');
  }
  return true;
}

/** OUTBOUND_ALLOW_HOSTS: `host[:port]` entries that may be private (local development and tests). */
export function allowListed(url: URL): boolean {
  const entries = (process.env.OUTBOUND_ALLOW_HOSTS ?? '')
    .split(',')
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  return entries.some((e) => {
    const m = /^\[?([^\]]+?)\]?(?::(\d+))?$/.exec(e);
    return !!m && m[1] === host && (!m[2] || m[2] === port);
  });
}

/**
 * Why a URL saved for later requests (a CRM webhook) would be refused, judged without DNS: a
 * private or reserved literal address, or a local-only name. Null when it may be saved; every
 * request still checks the resolved addresses.
 */
export function savedAddressProblem(input: string): string | null {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    return 'The address is not a valid URL';
  }
  if (allowListed(url)) return null;
  const host = url.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (net.isIP(host) && isBlockedAddress(host)) return 'The address points at a private or reserved network address';
  if (host === 'localhost' || /\.(localhost|local|internal|localdomain|home\.arpa)$/.test(host)) return 'The address points at a local network name';
  return null;
}

/** The answer names the host as typed, never what it resolved to: users must not map the server's network by asking. */
function refusedAddress(host: string, address: string): OutboundRefused {
  console.warn(`[outbound] refused ${logValue(host)}: private or reserved address ${address}`);
  return new OutboundRefused(`Refusing to connect to ${host}: this address is not allowed`);
}

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

export type OutboundResponse = { url: string; status: number; headers: http.IncomingHttpHeaders; contentType: string; body: Buffer };

/** One request, no redirects followed. Every resolved address is checked before connecting. */
function requestOnce(url: URL, opts: { method: string; headers: Record<string, string>; body?: string | Buffer; signal: AbortSignal; timeoutMs: number; maxBytes: number; allow: boolean }): Promise<Omit<OutboundResponse, 'url'>> {
  return new Promise((resolve, reject) => {
    const lookup: net.LookupFunction = (hostname, options, callback) => {
      dns.lookup(hostname, { all: true, verbatim: true }, (err, addresses) => {
        if (err) return callback(new OutboundRefused(`Could not resolve ${hostname}`), '', 4);
        const list = addresses as dns.LookupAddress[];
        const bad = opts.allow ? undefined : list.find((a) => isBlockedAddress(a.address));
        if (bad) return callback(refusedAddress(hostname, bad.address), '', 4);
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
        callback(null, list[0]!.address, list[0]!.family);
      });
    };
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, { method: opts.method, headers: opts.headers, lookup, signal: opts.signal }, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          req.destroy(new OutboundRefused(`The response is larger than ${sizeText(opts.maxBytes)}`));
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, contentType: String(res.headers['content-type'] ?? ''), body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', (err) => {
      if (err instanceof AppError) return reject(err);
      if (opts.signal.aborted) return reject(new OutboundRefused(`${url.host} took longer than ${opts.timeoutMs / 1000} seconds to answer`));
      reject(new OutboundRefused(`Could not reach ${url.host}: ${(err as NodeJS.ErrnoException).code ?? err.message}`));
    });
    if (opts.body) req.write(opts.body);
    req.end();
  });
}

/**
 * Fetches a URL the way every outbound call of Lantern must (web pages, CRM webhooks): http and
 * https only, never towards a private or reserved address (checked on every resolved address of
 * every hop, redirects included, at most 5), within 10 seconds, and at most 5 MB of body.
 */
export async function safeFetch(
  input: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number; maxBytes?: number; maxRedirects?: number } = {},
): Promise<OutboundResponse> {
  const timeoutMs = init.timeoutMs ?? OUTBOUND_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundRefused('The address is not a valid URL');
  }
  let method = init.method ?? 'GET';
  let body = init.body;
  for (let hop = 0; ; hop++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRefused('Only http:// and https:// addresses can be fetched');
    if (url.username || url.password) throw new OutboundRefused('Addresses with credentials in them are not fetched');
    const allow = allowListed(url);
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    if (!allow && net.isIP(literal) && isBlockedAddress(literal)) throw refusedAddress(url.hostname, literal);
    const res = await requestOnce(url, {
      method,
      headers: { 'user-agent': 'LanternBot/1.0 (+admissions assistant)', accept: '*/*', 'accept-encoding': 'identity', ...init.headers },
      body,
      signal,
      timeoutMs,
      maxBytes: init.maxBytes ?? OUTBOUND_MAX_BYTES,
      allow,
    });
    const location = res.headers.location;
    if (res.status >= 300 && res.status < 400 && location) {
      if (hop >= (init.maxRedirects ?? OUTBOUND_MAX_REDIRECTS)) throw new OutboundRefused('Too many redirects');
      url = new URL(location, url);
      if (res.status !== 307 && res.status !== 308) {
        method = 'GET';
        body = undefined;
      }
      continue;
    }
    return { url: url.toString(), ...res };
  }
}
