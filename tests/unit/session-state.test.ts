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
