import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expireSession, rememberablePath, rememberExpiredSession, SESSION_EXPIRED_MESSAGE, storedSessionMessage, takeRedirectAfterLogin } from '@/lib/web/session-state';
import { sitePath } from '@/lib/web/site-path';
import { sessionExpiredUrl } from '@/lib/web/staff-path';

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
  });

  it('refuses a path that starts with // or /\\ once resolved, however it is spelt (issue 47, item 7)', () => {
    const leaving = [
      '/.//h',
      '/./\\h',
      '/.\\/h',
      '/..//h',
      '/../..//h',
      '/a/..//h',
      '/dashboard/..//h',
      '/dashboard/.././/h',
      '/%2e%2e//h',
      '/a/%2E%2E//h',
      '/%2F%2Fh',
      '/%2f/h',
      '/%5Ch',
      '/%5C%5Ch',
      '/%5C/h',
      '/.%2F/h',
      '/dashboard/..%2F%2Fh',
      '/%252F%252Fh',
      '/%25252F/h',
      '/%09/h',
      '/\\h',
      '//h',
      '///h',
    ];
    for (const path of leaving) {
      expect(sitePath(path), JSON.stringify(path)).toBeNull();
      expect(rememberablePath(path), JSON.stringify(path)).toBeNull();
    }
    // Paths that only contain // or an escaped slash further on are this site's.
    expect(sitePath('/dashboard//leads')).toBe('/dashboard//leads');
    expect(sitePath('/dashboard/%2F%2Fh')).toBe('/dashboard/%2F%2Fh');
    expect(sitePath('/dashboard/leads?next=//h#//h')).toBe('/dashboard/leads?next=//h#//h');
    expect(sitePath('/dashboard/a%20b/%00')).toBe('/dashboard/a%20b/%00');
    expect(sitePath('/')).toBe('/');
    expect(rememberablePath('/./login')).toBeNull();
  });

  it('stores nothing for such a path, so nothing is left for the read to drop', () => {
    rememberExpiredSession('/.//evil.example');
    expect(window.sessionStorage.getItem('redirectAfterLogin')).toBeNull();
    expect(storedSessionMessage()).toBe(SESSION_EXPIRED_MESSAGE);
    rememberExpiredSession('/dashboard/./leads');
    expect(window.sessionStorage.getItem('redirectAfterLogin')).toBe('/dashboard/leads');
  });

  it("the session-expired redirect's next is a staff path by the same rule, else /dashboard", () => {
    const nextOf = (path: string | null) => new URLSearchParams(sessionExpiredUrl(path).split('?')[1]).get('next');
    expect(nextOf('/dashboard/leads?page=2')).toBe('/dashboard/leads?page=2');
    expect(nextOf('/dashboard/x/../users')).toBe('/dashboard/users');
    for (const path of ['/dashboard/..//h', '/dashboard/.././/h', '/dashboard/%2E%2E/%2F%2Fh', '/dashboardevil', '//h', null]) expect(nextOf(path), String(path)).toBe('/dashboard');
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
