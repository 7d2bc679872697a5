// Which web pages may use a school's widget. The key is public (it sits in the page's source), so
// browsers are held to the school's own sites: its website's domain with every subdomain, the
// sites the school lists, Lantern's own pages (the chat frame, test chat), and, on a development
// install only, localhost and pages opened from disk. No server imports: the settings form
// normalises entries with the same function.

export type OriginPolicy = { websiteUrl: string | null; allowedOrigins: string[]; development: boolean };

/** A loopback host: localhost, *.localhost, 127.x.x.x or ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1';
}

/**
 * One allowed-site entry as staff may type it ("riverside.edu", "https://apply.riverside.edu",
 * "*.riverside.edu", "http://localhost:8080/page") in its stored form: `scheme://host[:port]`, or
 * `host` / `*.host` for any http(s) scheme. Null when it is not a site.
 */
export function normalizeOriginEntry(entry: string): string | null {
  const raw = entry.trim().toLowerCase();
  if (!raw) return null;
  const wildcard = raw.startsWith('*.');
  const rest = wildcard ? raw.slice(2) : raw;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//.test(rest);
  let url: URL;
  try {
    url = new URL(hasScheme ? rest : `https://${rest}`);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password || !url.hostname || url.hostname.includes('*')) return null;
  if (!/^[a-z0-9.-]+$|^\[[0-9a-f:.]+\]$/.test(url.hostname)) return null;
  if (!url.hostname.includes('.') && !isLoopbackHost(url.hostname)) return null;
  const host = url.host;
  if (wildcard) return `*.${url.hostname}`;
  return hasScheme ? `${url.protocol}//${host}` : host;
}

/** The registrable part of the school's website host ("www." dropped), or null. */
export function websiteDomain(websiteUrl: string | null): string | null {
  if (!websiteUrl) return null;
  try {
    const host = new URL(websiteUrl).hostname.toLowerCase();
    return host.replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

const withinDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

/** Whether a browser page at `origin` (the Origin header, possibly "null") may use the widget. */
export function originAllowed(origin: string, policy: OriginPolicy): boolean {
  if (origin === 'null') return policy.development;
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (policy.development && isLoopbackHost(host)) return true;
  const domain = websiteDomain(policy.websiteUrl);
  if (domain && withinDomain(host, domain)) return true;
  for (const entry of policy.allowedOrigins) {
    if (entry.startsWith('*.')) {
      if (withinDomain(host, entry.slice(2))) return true;
    } else if (entry.includes('://')) {
      if (`${url.protocol}//${url.host}` === entry) return true;
    } else if (url.host === entry) return true;
  }
  return false;
}

/** The same rule as CSP `frame-ancestors` sources, so browsers refuse the chat frame elsewhere. */
export function frameAncestorSources(policy: OriginPolicy): string[] {
  const sources = ["'self'"];
  const domain = websiteDomain(policy.websiteUrl);
  if (domain) sources.push(`https://${domain}`, `https://*.${domain}`, `http://${domain}`, `http://*.${domain}`);
  for (const entry of policy.allowedOrigins) {
    if (entry.includes('://')) sources.push(entry);
    else sources.push(`https://${entry}`, `http://${entry}`);
  }
  // CSP has no syntax for IPv6 literals, so [::1] pages cannot be allowed here.
  if (policy.development) sources.push('http://localhost:*', 'http://127.0.0.1:*', 'file:');
  return [...new Set(sources)];
}
