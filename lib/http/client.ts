import { createHmac } from 'node:crypto';
import ipaddr from 'ipaddr.js';
import { getAuthSecret } from '@/lib/auth/secret';

/** Set by `npm start` (scripts/start.mjs) from the socket and TRUSTED_PROXIES; a caller's own copy is replaced. */
export const CLIENT_ADDRESS_HEADER = 'x-lantern-client-address';

type HeaderGetter = (name: string) => string | null | undefined;

let warned = false;

/**
 * Who is calling, for rate limits. A header a caller can write is believed only when something in
 * front of Next has overwritten it: our own front server (`npm start`), or Vercel's edge, which
 * replaces X-Forwarded-For with the connecting address. `next dev` fills X-Forwarded-For from the
 * socket when the caller sent none, which is good enough on a developer's machine. Anything else
 * (`next start` run by hand) cannot tell callers apart: they share one bucket, and we say so once.
 */
export function clientAddressFrom(get: HeaderGetter): string {
  if (process.env.LANTERN_FRONT_SERVER === '1') return get(CLIENT_ADDRESS_HEADER)?.trim() || 'unknown';
  if (process.env.VERCEL || process.env.NODE_ENV === 'development') return get('x-forwarded-for')?.split(',')[0]?.trim() || 'unknown';
  if (!warned && process.env.NODE_ENV === 'production') {
    warned = true;
    console.warn('[lantern] client addresses are unknown: start the app with `npm start` (or on Vercel) so rate limits can tell callers apart');
  }
  return 'unknown';
}

/** Set by `npm start` beside the address: `https` when the visitor's connection was (scripts/client-address.mjs). */
export const CLIENT_PROTO_HEADER = 'x-lantern-client-proto';

/**
 * Whether the visitor reached us over https, for HSTS. X-Forwarded-Proto is believed only from a
 * trusted proxy, which only `npm start`'s front server can judge (it sees the socket) and says
 * under its private header; on Vercel the edge sets X-Forwarded-Proto itself. A bare `next start`
 * cannot tell, and sends no HSTS.
 */
export function requestIsHttps(get: HeaderGetter): boolean {
  // Not the request URL's scheme: Next builds it from X-Forwarded-Proto, whoever sent it.
  if (process.env.LANTERN_FRONT_SERVER === '1') return get(CLIENT_PROTO_HEADER) === 'https';
  if (process.env.VERCEL) return get('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
  return false;
}

export function clientAddress(req: Request): string {
  return clientAddressFrom((name) => req.headers.get(name));
}

/**
 * The bucket an address is counted in: an IPv4 address (IPv4-mapped IPv6 included) as it is, an
 * IPv6 address by its /64, since one subscriber usually holds a whole /64 and could rotate through it.
 */
export function clientBucket(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  return `${(parsed as ipaddr.IPv6).toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}

/** A keyed hash of a client address: enough to rate-limit, never stored in the clear. */
// A visitor sends many requests from one address (and a request asks for its hash more than once):
// each address is hashed once. The secret is fixed for the process (getAuthSecret keeps it), so the
// bucket alone is the key; bounded, dropped whole when full.
const addressHashes = new Map<string, string>();
const MAX_ADDRESS_HASHES = 50_000;

export function hashClientAddress(address: string): string {
  const bucket = clientBucket(address);
  let hash = addressHashes.get(bucket);
  if (hash === undefined) {
    hash = createHmac('sha256', getAuthSecret()).update(bucket).digest('hex').slice(0, 32);
    if (addressHashes.size >= MAX_ADDRESS_HASHES) addressHashes.clear();
    addressHashes.set(bucket, hash);
  }
  return hash;
}

export function clientHash(req: Request): string {
  return hashClientAddress(clientAddress(req));
}
