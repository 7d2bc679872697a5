import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frameAncestorSources, originAllowed, type OriginPolicy } from '@/lib/widget/origins';

// The chat frame's CSP and the API's origin check must agree on every page: when the API lets a page
// in but the CSP does not, the launcher shows and the chat opens on Chromium's error page (a school
// whose website has a port). Here a CSP `frame-ancestors` matcher written from the CSP Level 3 text
// ("Does url match expression", host-source only) judges the sources, and generated policies and
// pages must get the same answer from both.

/** CSP3 §6.7.2.8 for one source expression and one page URL (the ancestor); 'self' never matches here. */
function cspMatches(source: string, page: URL): boolean {
  if (source === "'self'") return false;
  const schemeSource = /^([a-z][a-z0-9+.-]*):$/.exec(source);
  if (schemeSource) return schemeMatches(schemeSource[1]!, page.protocol.slice(0, -1));
  const m = /^([a-z][a-z0-9+.-]*):\/\/(\*\.[^:/]+|[^:/]+)(?::(\d+|\*))?$/.exec(source);
  if (!m) throw new Error(`not a host-source: ${source}`);
  const [, scheme, host, port] = m;
  if (!page.hostname) return false;
  if (!schemeMatches(scheme!, page.protocol.slice(0, -1))) return false;
  if (!hostMatches(host!, page.hostname)) return false;
  return portMatches(port ?? '', page);
}

// "scheme-part matches": equal, or an http source and an https page (the upgrade CSP allows).
const schemeMatches = (a: string, b: string) => a === b || (a === 'http' && b === 'https') || (a === 'ws' && (b === 'wss' || b === 'http' || b === 'https'));

// "host-part matches": "*." followed by a suffix matches any host ending in ".suffix" (not the suffix itself).
const hostMatches = (pattern: string, host: string) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : pattern === host);

// "port-part matches": "*" anything; otherwise the port itself, or the scheme's default when the page gives none.
function portMatches(input: string, page: URL): boolean {
  if (input === '*') return true;
  const normalized = input === '' ? null : Number(input);
  const pagePort = page.port === '' ? null : Number(page.port);
  if (normalized === pagePort) return true;
  if (pagePort === null) return ({ 'http:': 80, 'https:': 443 } as Record<string, number>)[page.protocol] === normalized;
  return false;
}

const HOSTS = ['riverside.edu', 'www.riverside.edu', 'apply.riverside.edu', 'a.b.riverside.edu', 'evilriverside.edu', 'riverside.edu.evil.com', 'partner.org', 'apply.partner.org', 'school.edu', 'staging.school.edu', 'x.staging.school.edu', 'localhost', 'app.localhost', '127.0.0.1', '127.0.0.2', '10.0.0.5'];
const PORTS = ['', '80', '443', '3000', '8080', '8443', '8870'];

const WEBSITES = [null, 'https://www.riverside.edu', 'https://riverside.edu/admissions', 'http://127.0.0.1:8870', 'https://staging.school.edu:8443', 'http://localhost:3000', 'http://10.0.0.5', 'not a url'];
const ENTRIES = ['riverside.edu', 'apply.riverside.edu:8443', 'https://partner.org', 'http://partner.org:8080', 'partner.org:80', 'school.edu:443', '*.school.edu', '*.partner.org', 'http://localhost:8080', 'https://127.0.0.1:8443', '127.0.0.1:3000', 'http://apply.partner.org:443', 'https://staging.school.edu:8443'];

const page = fc.oneof(
  { weight: 20, arbitrary: fc.record({ scheme: fc.constantFrom('http', 'https'), host: fc.constantFrom(...HOSTS), port: fc.constantFrom(...PORTS) }).map(({ scheme, host, port }) => new URL(`${scheme}://${host}${port ? `:${port}` : ''}/page`)) },
  { weight: 1, arbitrary: fc.constant(new URL('file:///home/staff/widget.html')) },
);
const policy: fc.Arbitrary<OriginPolicy> = fc.record({
  websiteUrl: fc.constantFrom(...WEBSITES),
  allowedOrigins: fc.subarray(ENTRIES, { maxLength: 4 }),
  development: fc.boolean(),
});

/** The Origin header a browser sends for a page (a page opened from disk sends "null"). */
const originHeader = (url: URL) => (url.protocol === 'file:' ? 'null' : url.origin);

describe('the chat frame and the API agree on every page', () => {
  it('for generated policies and pages (ports, subdomains, www., listed sites with and without scheme, http and https)', () => {
    fc.assert(
      fc.property(policy, page, (p, url) => {
        const api = originAllowed(originHeader(url), p);
        const csp = frameAncestorSources(p).some((s) => cspMatches(s, url));
        expect(csp, `${url.href} for ${JSON.stringify(p)}: CSP ${frameAncestorSources(p).join(' ')}`).toBe(api);
      }),
      { numRuns: 3000, seed: 31 },
    );
  });

  it('lets a school whose website has a port open the chat on that site, and nowhere else', () => {
    for (const websiteUrl of ['http://127.0.0.1:8870', 'https://staging.school.edu:8443']) {
      const p = { websiteUrl, allowedOrigins: [], development: false };
      const site = new URL(websiteUrl);
      expect(originAllowed(site.origin, p), websiteUrl).toBe(true);
      expect(frameAncestorSources(p).some((s) => cspMatches(s, site)), websiteUrl).toBe(true);
      for (const other of ['http://127.0.0.2:8870', 'https://school.edu:8443', 'https://evil.example:8443']) {
        expect(originAllowed(other, p), other).toBe(false);
        expect(frameAncestorSources(p).some((s) => cspMatches(s, new URL(other))), other).toBe(false);
      }
    }
  });

  it('the matcher reads CSP as the standard does (so agreement means something)', () => {
    const at = (u: string) => new URL(u);
    expect(cspMatches('http://example.com', at('https://example.com'))).toBe(true);
    expect(cspMatches('https://example.com', at('http://example.com'))).toBe(false);
    expect(cspMatches('https://example.com', at('https://example.com:8443'))).toBe(false);
    expect(cspMatches('https://example.com:*', at('https://example.com:8443'))).toBe(true);
    expect(cspMatches('https://*.example.com', at('https://example.com'))).toBe(false);
    expect(cspMatches('https://*.example.com', at('https://a.b.example.com'))).toBe(true);
    expect(cspMatches('https://example.com:443', at('https://example.com'))).toBe(true);
    expect(cspMatches('file:', at('file:///x.html'))).toBe(true);
  });
});
