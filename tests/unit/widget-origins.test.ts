import { describe, expect, it } from 'vitest';
import { frameAncestorSources, normalizeOriginEntry, originAllowed, websiteDomain } from '@/lib/widget/origins';

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

  it('allows localhost and pages from disk only on a development install', () => {
    for (const o of ['http://localhost:8080', 'http://127.0.0.1:5500', 'null']) {
      expect(originAllowed(o, policy()), o).toBe(false);
      expect(originAllowed(o, policy({ development: true })), o).toBe(true);
    }
  });

  it('normalises what staff type and refuses what is not a site', () => {
    expect(normalizeOriginEntry(' HTTPS://Apply.Riverside.edu/path?q ')).toBe('https://apply.riverside.edu');
    expect(normalizeOriginEntry('riverside.edu')).toBe('riverside.edu');
    expect(normalizeOriginEntry('*.Riverside.edu')).toBe('*.riverside.edu');
    expect(normalizeOriginEntry('http://localhost:3000')).toBe('http://localhost:3000');
    for (const bad of ['', 'javascript:alert(1)', 'ftp://x.org', 'https://user:pw@x.org', 'intranet', 'https://*.x.org', 'a b.org']) expect(normalizeOriginEntry(bad), bad).toBeNull();
  });

  it('gives the same rule to the chat frame as CSP frame-ancestors', () => {
    const sources = frameAncestorSources(policy({ allowedOrigins: ['https://apply.partner.org', '*.campus.io'] }));
    expect(sources).toEqual(["'self'", 'https://riverside.edu', 'https://*.riverside.edu', 'http://riverside.edu', 'http://*.riverside.edu', 'https://apply.partner.org', 'https://*.campus.io', 'http://*.campus.io']);
    expect(frameAncestorSources(policy({ development: true }))).toContain('http://localhost:*');
  });
});
