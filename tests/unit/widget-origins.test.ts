import { describe, expect, it } from 'vitest';
import { allowedSitesNow, developmentOpen, frameAncestorSources, normalizeOriginEntry, originAllowed, originIndex, websiteDomain } from '@/lib/widget/origins';

const policy = (over: Partial<Parameters<typeof originAllowed>[1]> = {}) => ({ websiteUrl: 'https://www.riverside.edu', allowedOrigins: [] as string[], development: false, ...over });

describe('widget origin policy', () => {
  it('allows the website domain and its subdomains, on either scheme', () => {
    expect(websiteDomain('https://www.riverside.edu/admissions')).toBe('riverside.edu');
    for (const o of ['https://riverside.edu', 'https://www.riverside.edu', 'https://apply.riverside.edu', 'http://riverside.edu:8080']) expect(originAllowed(o, policy()), o).toBe(true);
    for (const o of ['https://evilriverside.edu', 'https://riverside.edu.evil.com', 'https://example.com', 'null', 'chrome-extension://abc', 'not a url']) expect(originAllowed(o, policy()), o).toBe(false);
  });

  it('allows listed sites by exact origin, host or wildcard', () => {
    const p = policy({ websiteUrl: null, allowedOrigins: ['https://apply.partner.org', 'events.partner.org', '*.campus.io'] });
    expect(originAllowed('https://apply.partner.org', p)).toBe(true);
    expect(originAllowed('http://apply.partner.org', p)).toBe(false);
    expect(originAllowed('http://events.partner.org', p)).toBe(true);
    expect(originAllowed('https://x.y.campus.io', p)).toBe(true);
    expect(originAllowed('https://campus.io', p)).toBe(true);
    expect(originAllowed('https://partner.org', p)).toBe(false);
  });

  it('allows localhost and pages from disk only on a development install, and only until the school says where its chat lives', () => {
    const fresh = { websiteUrl: null, allowedOrigins: [] as string[] };
    for (const o of ['http://localhost:8080', 'http://127.0.0.1:5500', 'null']) {
      expect(originAllowed(o, policy({ ...fresh })), o).toBe(false);
      expect(originAllowed(o, policy({ ...fresh, development: true })), o).toBe(true);
      // A school with a website, or with a list, keeps its key to those sites even on a development install.
      expect(originAllowed(o, policy({ development: true })), o).toBe(false);
      expect(originAllowed(o, policy({ websiteUrl: null, allowedOrigins: ['apply.partner.org'], development: true })), o).toBe(false);
    }
    expect(developmentOpen(policy({ ...fresh, development: true }))).toBe(true);
    expect(developmentOpen(policy({ development: true }))).toBe(false);
    // Listing a local page explicitly still works.
    const local = policy({ development: true, allowedOrigins: ['http://localhost:8080'] });
    expect(originAllowed('http://localhost:8080', local)).toBe(true);
    expect(originAllowed('http://localhost:9999', local)).toBe(false);
    expect(originAllowed('null', local)).toBe(false);
  });

  it('lists what is allowed right now, for the API Key tab', () => {
    expect(allowedSitesNow(policy({ allowedOrigins: ['https://apply.partner.org'], development: true }))).toEqual([
      { site: 'riverside.edu', why: 'website' },
      { site: '*.riverside.edu', why: 'website' },
      { site: 'https://apply.partner.org', why: 'listed' },
    ]);
    const dev = allowedSitesNow(policy({ websiteUrl: null, development: true }));
    expect(dev.map((s) => s.why)).toEqual(Array(dev.length).fill('development'));
    expect(dev.map((s) => s.site)).toContain('localhost');
    expect(allowedSitesNow(policy({ websiteUrl: null }))).toEqual([]);
  });

  it('answers preflights for exactly the origins some school allows', () => {
    const policies = [
      policy(),
      policy({ websiteUrl: null, allowedOrigins: ['https://apply.partner.org', 'events.partner.org', '*.campus.io', 'http://localhost:8080'] }),
      policy({ websiteUrl: 'https://cedar.edu', development: true }),
    ];
    const origins = [
      'https://riverside.edu', 'https://a.b.riverside.edu', 'https://evilriverside.edu', 'https://riverside.edu.evil.com', 'https://apply.partner.org', 'http://apply.partner.org',
      'http://events.partner.org', 'https://events.partner.org:8443', 'https://x.campus.io', 'https://campus.io', 'https://partner.org', 'https://cedar.edu', 'http://localhost:8080',
      'http://localhost:8081', 'http://127.0.0.1:5500', 'null', 'chrome-extension://abc', 'not a url', 'https://example.com',
    ];
    const index = originIndex(policies);
    for (const o of origins) expect(index.allows(o), o).toBe(policies.some((p) => originAllowed(o, p)));
    expect(index.allows('http://localhost:8081')).toBe(false);
    expect(index.allows('null')).toBe(false);
    // One fresh school on a development install opens localhost for preflights (its key then decides).
    const withFresh = originIndex([...policies, policy({ websiteUrl: null, development: true })]);
    for (const o of ['http://localhost:8081', 'null']) expect(withFresh.allows(o), o).toBe(true);
  });

  it('normalises what staff type and refuses what is not a site', () => {
    expect(normalizeOriginEntry(' HTTPS://Apply.Riverside.edu/path?q ')).toBe('https://apply.riverside.edu');
    expect(normalizeOriginEntry('riverside.edu')).toBe('riverside.edu');
    expect(normalizeOriginEntry('*.Riverside.edu')).toBe('*.riverside.edu');
    expect(normalizeOriginEntry('http://localhost:3000')).toBe('http://localhost:3000');
    expect(normalizeOriginEntry('Staging.School.edu:8443/x')).toBe('staging.school.edu:8443');
    for (const bad of ['', 'javascript:alert(1)', 'ftp://x.org', 'https://user:pw@x.org', 'intranet', 'https://*.x.org', 'a b.org', 'http://[::1]:8080', '*.10.0.0.5']) expect(normalizeOriginEntry(bad), bad).toBeNull();
  });

  it('gives the same rule to the chat frame as CSP frame-ancestors', () => {
    const sources = frameAncestorSources(policy({ allowedOrigins: ['https://apply.partner.org', '*.campus.io'] }));
    // The website on any port and either scheme; a listed site as written; a wildcard with its own domain.
    expect(sources).toEqual(["'self'", 'https://riverside.edu:*', 'https://*.riverside.edu:*', 'http://riverside.edu:*', 'http://*.riverside.edu:*', 'https://apply.partner.org', 'https://campus.io:*', 'https://*.campus.io:*', 'http://campus.io:*', 'http://*.campus.io:*']);
    expect(frameAncestorSources(policy({ websiteUrl: 'http://127.0.0.1:8870' }))).toEqual(["'self'", 'https://127.0.0.1:*', 'http://127.0.0.1:*']);
    expect(frameAncestorSources(policy({ websiteUrl: null, development: true }))).toEqual(["'self'", 'https://localhost:*', 'https://*.localhost:*', 'http://localhost:*', 'http://*.localhost:*', 'https://127.0.0.1:*', 'http://127.0.0.1:*', 'file:']);
    // Once the school has set its website, pages on localhost or opened from disk may not frame the chat.
    const set = frameAncestorSources(policy({ development: true }));
    for (const s of ['http://localhost:*', 'http://127.0.0.1:*', 'file:']) expect(set).not.toContain(s);
  });
});
