// Which web pages may use a school's widget. The key is public (it sits in the page's source), so
// browsers are held to the school's own sites: its website's domain with every subdomain, the
// sites the school lists, Lantern's own pages (the chat frame, test chat), and, on a development
// install only and only until the school has said where its chat lives, localhost and pages opened
// from disk. No server imports: the settings form and the widget use these functions too.
//
// One description, `siteRules`, says which pages are allowed; the API's origin check
// (`originAllowed`, `originIndex`), the chat frame's CSP `frame-ancestors` (`frameAncestorSources`)
// and the API Key tab's list (`allowedSitesNow`) are all read off it, so they cannot disagree
// (tests/unit/widget-origins-agree.test.ts checks the CSP and the API check against each other).

/** `development`: this install is a development one (access.ts isDevelopmentInstall). */
export type OriginPolicy = { websiteUrl: string | null; allowedOrigins: string[]; development: boolean };

/**
 * One kind of allowed page. `scheme: 'http'` covers https too: CSP lets a secure page match an
 * http source, so the API check does the same. `port`: a number, `'*'` for any, or null for the
 * scheme's default port. `subdomains`: every subdomain as well as the host itself.
 */
export type SiteRule =
  | { kind: 'host'; scheme: 'http' | 'https'; host: string; subdomains: boolean; port: number | '*' | null; why: AllowedSite['why']; label: string }
  | { kind: 'file'; why: 'development'; label: string };

/** A loopback host: localhost, *.localhost, 127.x.x.x or ::1. */
export function isLoopbackHost(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h.endsWith('.localhost') || /^127(\.\d{1,3}){3}$/.test(h) || h === '::1';
}

const isIpv4 = (host: string) => /^\d{1,3}(\.\d{1,3}){3}$/.test(host);

/**
 * One allowed-site entry as staff may type it ("riverside.edu", "https://apply.riverside.edu",
 * "*.riverside.edu", "http://localhost:8080/page") in its stored form: `scheme://host[:port]`, or
 * `host[:port]` / `*.host` for either scheme. Null when it is not a site. IPv6 literals are refused:
 * CSP has no syntax for them, so the chat frame could never open there.
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
  if (!/^[a-z0-9.-]+$/.test(url.hostname)) return null;
  if (!url.hostname.includes('.') && !isLoopbackHost(url.hostname)) return null;
  if (wildcard) return isIpv4(url.hostname) ? null : `*.${url.hostname}`;
  // Without a scheme the entry stands for http and https alike: keep the port as typed.
  if (!hasScheme) {
    const port = /:(\d+)$/.exec(rest.split(/[/?#]/)[0]!)?.[1];
    return port ? `${url.hostname}:${Number(port)}` : url.hostname;
  }
  return `${url.protocol}//${url.host}`;
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

/** The rule a stored allowed-site entry stands for, or null for an entry that is not one. */
function listedRule(entry: string): SiteRule | null {
  const normal = normalizeOriginEntry(entry);
  if (!normal) return null;
  if (normal.startsWith('*.')) return { kind: 'host', scheme: 'http', host: normal.slice(2), subdomains: true, port: '*', why: 'listed', label: entry };
  const hasScheme = normal.includes('://');
  const url = new URL(hasScheme ? normal : `http://${normal}`);
  const explicitPort = hasScheme ? url.port : /:(\d+)$/.exec(normal)?.[1];
  return {
    kind: 'host',
    scheme: hasScheme && url.protocol === 'https:' ? 'https' : 'http',
    host: url.hostname,
    subdomains: false,
    port: explicitPort ? Number(explicitPort) : null,
    why: 'listed',
    label: entry,
  };
}

/**
 * The one description of the pages a school allows. The website counts with every subdomain, on
 * any port and either scheme (a school's host is its own on every port: staging on :8443, a local
 * copy on :8870); a listed site counts as written.
 */
export function siteRules(policy: OriginPolicy): SiteRule[] {
  // Asked on every widget call from a page: the rules of a policy are read once.
  const memoKey = `${policy.development}|${policy.websiteUrl ?? ''}|${policy.allowedOrigins.join(' ')}`;
  const known = rulesMemo.get(memoKey);
  if (known) return known;
  const rules = rulesOf(policy);
  if (rulesMemo.size >= MAX_MEMO) rulesMemo.clear();
  rulesMemo.set(memoKey, rules);
  return rules;
}

const rulesMemo = new Map<string, SiteRule[]>();
const MAX_MEMO = 2_000;

function rulesOf(policy: OriginPolicy): SiteRule[] {
  const rules: SiteRule[] = [];
  const domain = websiteDomain(policy.websiteUrl);
  // An IPv6 website cannot be written as a CSP source, so it allows nothing.
  if (domain && !domain.startsWith('[')) {
    rules.push({ kind: 'host', scheme: 'http', host: domain, subdomains: !isIpv4(domain), port: '*', why: 'website', label: domain });
  }
  for (const entry of policy.allowedOrigins) {
    const rule = listedRule(entry);
    if (rule) rules.push(rule);
  }
  if (developmentOpen(policy)) {
    rules.push(
      { kind: 'host', scheme: 'http', host: 'localhost', subdomains: true, port: '*', why: 'development', label: 'localhost' },
      { kind: 'host', scheme: 'http', host: '127.0.0.1', subdomains: false, port: '*', why: 'development', label: '127.0.0.1' },
      { kind: 'file', why: 'development', label: 'file: (pages opened from disk)' },
    );
  }
  return rules;
}

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** A page's origin as the rules read it; null for anything but an http(s) page or "null". */
type PageOrigin = { file: true } | { file: false; protocol: 'http:' | 'https:'; host: string; port: number | null };

function pageOrigin(origin: string): PageOrigin | null {
  if (origin === 'null') return { file: true };
  try {
    const url = new URL(origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return { file: false, protocol: url.protocol, host: url.hostname.toLowerCase(), port: url.port ? Number(url.port) : null };
  } catch {
    return null;
  }
}

/** Whether one rule lets the page in (CSP's host-source matching, on the rule's fields). */
function ruleAllows(rule: SiteRule, page: PageOrigin): boolean {
  if (rule.kind === 'file' || page.file) return rule.kind === 'file' && page.file;
  if (rule.scheme === 'https' && page.protocol !== 'https:') return false;
  if (page.host !== rule.host && !(rule.subdomains && page.host.endsWith(`.${rule.host}`))) return false;
  if (rule.port === '*') return true;
  if (rule.port === null) return page.port === null;
  return page.port === rule.port || (page.port === null && DEFAULT_PORT[page.protocol] === rule.port);
}

/** Whether a browser page at `origin` (the Origin header, possibly "null") may use the widget. */
export function originAllowed(origin: string, policy: OriginPolicy): boolean {
  const page = pageOrigin(origin);
  return !!page && siteRules(policy).some((rule) => ruleAllows(rule, page));
}

/** The same rules as CSP `frame-ancestors` sources, so browsers refuse the chat frame elsewhere. */
export function frameAncestorSources(policy: OriginPolicy): string[] {
  const sources = ["'self'"];
  for (const rule of siteRules(policy)) {
    if (rule.kind === 'file') {
      sources.push('file:');
      continue;
    }
    const port = rule.port === null ? '' : `:${rule.port}`;
    // Both schemes written out for an http rule: no reliance on how a browser upgrades http sources.
    const schemes = rule.scheme === 'https' ? ['https'] : ['https', 'http'];
    const hosts = rule.subdomains ? [rule.host, `*.${rule.host}`] : [rule.host];
    for (const scheme of schemes) for (const host of hosts) sources.push(`${scheme}://${host}${port}`);
  }
  return [...new Set(sources)];
}

/** One line of the API Key tab's "allowed right now" list. */
export type AllowedSite = { site: string; why: 'website' | 'listed' | 'development' };

/** What `originAllowed` lets in for this policy, as staff read it (Lantern's own pages aside). */
export function allowedSitesNow(policy: OriginPolicy): AllowedSite[] {
  return siteRules(policy).flatMap((rule) => {
    if (rule.kind === 'file' || rule.why === 'listed') return [{ site: rule.label, why: rule.why }];
    return rule.subdomains ? [{ site: rule.label, why: rule.why }, { site: `*.${rule.label}`, why: rule.why }] : [{ site: rule.label, why: rule.why }];
  });
}

/**
 * Every origin some school's key could accept, for CORS preflights (which carry the page's Origin
 * but never the key): one map lookup per label of the host instead of a pass over every school.
 * `allows(o)` is true exactly when `originAllowed(o, p)` is for one of the policies.
 */
export function originIndex(policies: OriginPolicy[]): { allows: (origin: string) => boolean } {
  const byHost = new Map<string, SiteRule[]>();
  let file = false;
  for (const policy of policies) {
    for (const rule of siteRules(policy)) {
      if (rule.kind === 'file') file = true;
      else byHost.set(rule.host, [...(byHost.get(rule.host) ?? []), rule]);
    }
  }
  return {
    allows(origin) {
      const page = pageOrigin(origin);
      if (!page) return false;
      if (page.file) return file;
      const labels = page.host.split('.');
      for (let i = 0; i < labels.length; i++) {
        for (const rule of byHost.get(labels.slice(i).join('.')) ?? []) if (ruleAllows(rule, page)) return true;
      }
      return false;
    },
  };
}

/**
 * Whether a link in an answer may stay clickable: it points at one of the school's own sites (the
 * website and its subdomains, the listed sites) or at one of `extraHosts` (its action prompts'
 * hosts). The development allowance does not count: it is about where the chat runs, not where
 * it sends visitors.
 */
export function linkAllowed(href: string, sites: LinkSites): boolean {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return false;
  }
  if (url.protocol === 'mailto:' || url.protocol === 'tel:') return true;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  const host = url.hostname.toLowerCase();
  if (sites.hosts.includes(host)) return true;
  return sites.domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/** The sites an answer's links may point at, as the widget receives them with its configuration. */
export type LinkSites = { domains: string[]; hosts: string[] };

export function linkSites(policy: OriginPolicy, actionUrls: string[]): LinkSites {
  const domains = new Set<string>();
  const hosts = new Set<string>();
  for (const rule of siteRules({ ...policy, development: false })) {
    if (rule.kind !== 'host') continue;
    (rule.subdomains ? domains : hosts).add(rule.host);
  }
  for (const u of actionUrls) {
    try {
      const url = new URL(u);
      if (url.protocol === 'http:' || url.protocol === 'https:') hosts.add(url.hostname.toLowerCase());
    } catch {
      /* not a web address: nothing to allow */
    }
  }
  return { domains: [...domains], hosts: [...hosts] };
}
