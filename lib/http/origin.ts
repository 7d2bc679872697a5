/**
 * The web origin an `Origin` or `Referer` header names, read without ever throwing. A header that
 * names no http(s) site is treated as naming none: absent, empty, unparseable (a bare word), opaque
 * (`null` from a sandboxed frame or a redirect, `file://`, `data:`), another scheme, or no host.
 * An `Origin` must also be exactly an origin (`scheme://host[:port]`, as browsers send it); a
 * `Referer` is a whole address, of which only the origin counts.
 */
export type HeaderOrigin = { origin: string; host: string };

export function headerOrigin(value: string | null | undefined, header: 'origin' | 'referer' = 'origin'): HeaderOrigin | null {
  if (!value) return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.host) return null;
  if (header === 'origin' && value !== url.origin) return null;
  return { origin: url.origin, host: url.host };
}

/**
 * Whether a request's `Origin` names this site: the host it was sent to (`X-Forwarded-Host`, first
 * entry, or `Host`, as Next.js's own server-action check reads them). A missing or malformed
 * `Origin` never does.
 */
export function originIsOwnHost(headers: Headers): boolean {
  const origin = headerOrigin(headers.get('origin'));
  if (!origin) return false;
  const forwarded = headers.get('x-forwarded-host')?.split(',')[0]?.trim();
  const host = headers.get('host');
  return (!!forwarded && origin.host === forwarded) || (!!host && origin.host === host);
}
