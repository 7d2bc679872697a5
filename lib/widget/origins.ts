// Which web pages may use a school's widget. The key is public (it sits in the page's source), so
// browsers are held to the school's own sites: its website's domain with every subdomain, the
// sites the school lists, Lantern's own pages (the chat frame, test chat), and, on a development
// install only and only until the school has said where its chat lives, localhost and pages opened
// from disk. No server imports: the settings form normalises entries with the same function.

/** `development`: this install is a development one (access.ts isDevelopmentInstall). */
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


/**
 * Whether localhost, 127.0.0.1 and pages opened from disk (Origin "null", which any sandboxed
 * frame on any site can also send) may use the key: on a development install, only while the
 * school has neither set its website nor listed a site. Once it has, its key works only there, so
 * a school's key copied into another page cannot ride on the convenience; staff who still want a
 * local page list it (e.g. http://localhost:8080).
 */
export function developmentOpen(policy: OriginPolicy): boolean {
  return policy.development && !websiteDomain(policy.websiteUrl) && policy.allowedOrigins.length === 0;
}

/** An Origin header of an http(s) page, parsed; null for anything else. */
function webPageUrl(origin: string): URL | null {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url : null;
  } catch {
    return null;
  }
}

/** Whether a browser page at `origin` (the Origin header, possibly "null") may use the widget. */
export function originAllowed(origin: string, policy: OriginPolicy): boolean {
  return originIndex([policy]).allows(origin);
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
  if (developmentOpen(policy)) sources.push('http://localhost:*', 'http://127.0.0.1:*', 'file:');
  return [...new Set(sources)];
}

/** One line of the API Key tab's "allowed right now" list. */
export type AllowedSite = { site: string; why: 'website' | 'listed' | 'development' };

/** What `originAllowed` lets in for this policy, as staff read it (Lantern's own pages aside). */
export function allowedSitesNow(policy: OriginPolicy): AllowedSite[] {
  const sites: AllowedSite[] = [];
  const domain = websiteDomain(policy.websiteUrl);
  if (domain) sites.push({ site: domain, why: 'website' }, { site: `*.${domain}`, why: 'website' });
  for (const entry of policy.allowedOrigins) sites.push({ site: entry, why: 'listed' });
  if (developmentOpen(policy)) for (const site of ['localhost', '*.localhost', '127.0.0.1', '[::1]', 'file: (pages opened from disk)']) sites.push({ site, why: 'development' });
  return sites;
}

/**
 * Every origin some school's key could accept, for CORS preflights (which carry the page's Origin
 * but never the key): one set lookup per label of the host instead of a pass over every school.
 * `allows(o)` is true exactly when `originAllowed(o, p)` is for one of the policies.
 */
export function originIndex(policies: OriginPolicy[]): { allows: (origin: string) => boolean } {
  const domains = new Set<string>();
  const exact = new Set<string>();
  const hosts = new Set<string>();
  let devOpen = false;
  for (const policy of policies) {
    const domain = websiteDomain(policy.websiteUrl);
    if (domain) domains.add(domain);
    for (const entry of policy.allowedOrigins) {
      if (entry.startsWith('*.')) domains.add(entry.slice(2));
      else if (entry.includes('://')) exact.add(entry);
      else hosts.add(entry);
    }
    devOpen ||= developmentOpen(policy);
  }
  return {
    allows(origin) {
      if (origin === 'null') return devOpen;
      const url = webPageUrl(origin);
      if (!url) return false;
      const host = url.hostname.toLowerCase();
      if (devOpen && isLoopbackHost(host)) return true;
      if (exact.has(`${url.protocol}//${url.host}`) || hosts.has(url.host)) return true;
      const labels = host.split('.');
      for (let i = 0; i < labels.length; i++) if (domains.has(labels.slice(i).join('.'))) return true;
      return false;
    },
  };
}
