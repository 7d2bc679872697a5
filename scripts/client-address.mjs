// The client address of a request, decided where the socket is still visible (Next's route handlers
// never see it). `npm start` stamps every request with it under a private header that it first
// overwrites, so a caller cannot choose the address its rate limits are counted under.
import proxyaddr from 'proxy-addr';

/** The private header; lib/http/client.ts trusts it only when this server is in front (LANTERN_FRONT_SERVER). */
export const CLIENT_ADDRESS_HEADER = 'x-lantern-client-address';

/**
 * TRUSTED_PROXIES: comma-separated addresses, CIDR ranges or the names `loopback`, `linklocal` and
 * `uniquelocal` of the proxies allowed to say who the client is through X-Forwarded-For; `all` for a
 * host that can only be reached through an edge that overwrites the header. Unset: no proxy, the
 * socket address is the client. A value proxy-addr cannot read stops the start with its message.
 */
export function trustedProxies(value = process.env.TRUSTED_PROXIES ?? '') {
  const list = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (list.includes('all')) return () => true;
  return proxyaddr.compile(list);
}

/** The private header saying the visitor's connection is https; lib/http/client.ts trusts it only behind this server. */
export const CLIENT_PROTO_HEADER = 'x-lantern-client-proto';

/**
 * Sets the private header from the socket address, walking X-Forwarded-For right to left only
 * through trusted proxies. Whatever the caller sent under the header is replaced.
 */
export function stampClientAddress(req, trust) {
  let address;
  try {
    address = proxyaddr(req, trust);
  } catch {
    address = undefined;
  }
  // A socket already closed has no address: the request is refused by its own limits, not trusted.
  req.headers[CLIENT_ADDRESS_HEADER] = address || 'unknown';
  // https when this socket is TLS, or when the peer is a trusted proxy that says it received https.
  const forwarded = String(req.headers['x-forwarded-proto'] ?? '').split(',')[0].trim().toLowerCase();
  const peer = req.socket?.remoteAddress;
  let trustedPeer = false;
  try {
    trustedPeer = !!peer && trust(peer, 0);
  } catch {
    trustedPeer = false;
  }
  req.headers[CLIENT_PROTO_HEADER] = req.socket?.encrypted || (trustedPeer && forwarded === 'https') ? 'https' : 'http';
}
