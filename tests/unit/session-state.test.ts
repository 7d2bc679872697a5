import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expireSession, rememberablePath, SESSION_EXPIRED_MESSAGE, storedSessionMessage, takeRedirectAfterLogin } from '@/lib/web/session-state';

class MemoryStorage {
  private data = new Map<string, string>();
  getItem = (k: string) => this.data.get(k) ?? null;
  setItem = (k: string, v: string) => void this.data.set(k, v);
  removeItem = (k: string) => void this.data.delete(k);
}

describe('session state in the browser', () => {
  const assign = vi.fn();
  beforeEach(() => {
    vi.stubGlobal('window', { sessionStorage: new MemoryStorage(), location: { pathname: '/dashboard/users', search: '?role=admin', assign } });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    assign.mockReset();
  });

  it('remembers any path but the landing and login pages', () => {
    expect(rememberablePath('/dashboard/school?x=1')).toBe('/dashboard/school?x=1');
    expect(rememberablePath('/')).toBeNull();
    expect(rememberablePath('/login?next=1')).toBeNull();
    expect(rememberablePath('//evil.example')).toBeNull();
    expect(rememberablePath('https://evil.example/x')).toBeNull();
  });

  it('never remembers a path that leaves this site, however it is written', () => {
    // As `next` arrives from the address (URLSearchParams has decoded it): %5C is a backslash, %09 a tab.
    const next = (query: string) => new URLSearchParams(query).get('next');
    const escapes = [
      next('next=/%5Cevil.example'),
      next('next=/%09/evil.example'),
      next('next=/%0A/evil.example'),
      next('next=/%0D%0A/evil.example'),
      next('next=/%5Cevil.example%2Fphish'),
      '/\\/evil.example',
      '/\\evil.example',
      '//evil.example',
      '///evil.example',
      '/\t/evil.example',
      'https://evil.example/',
      'https:evil.example',
      'javascript:alert(1)',
      ' /dashboard',
    ];
    for (const path of escapes) expect(rememberablePath(path), JSON.stringify(path)).toBeNull();
    // Paths on the site are kept, resolved (dot segments gone) and never longer than the site's own.
    expect(rememberablePath('/dashboard/leads?page=2#top')).toBe('/dashboard/leads?page=2#top');
    expect(rememberablePath('/dashboard/../dashboard/users')).toBe('/dashboard/users');
    expect(rememberablePath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
  });

  it('stores the message and the path, goes home once per second, and forgets the path once taken', () => {
    expect(expireSession(10_000)).toBe(true);
    expect(expireSession(10_500)).toBe(false);
    expect(assign).toHaveBeenCalledTimes(1);
    expect(assign).toHaveBeenCalledWith('/');
    expect(storedSessionMessage()).toBe(SESSION_EXPIRED_MESSAGE);
    expect(takeRedirectAfterLogin()).toBe('/dashboard/users?role=admin');
    expect(takeRedirectAfterLogin()).toBeNull();
    expect(expireSession(11_100)).toBe(true);
  });
});
