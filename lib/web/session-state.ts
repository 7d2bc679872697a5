// What the browser remembers about the session: the session-expired
// message and the path to return to after the next sign-in, both in sessionStorage.

import { sitePath } from './site-path';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please log in again.';
const MESSAGE_KEY = 'sessionExpiredMessage';
const REDIRECT_KEY = 'redirectAfterLogin';
const LAST_REDIRECT_KEY = 'lastSessionRedirectAt';
export const REDIRECT_GUARD_MS = 1000;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * Paths worth returning to: a path on this site by the one redirect rule (`sitePath`: resolved as
 * the browser would, refused if it leaves the origin or starts with `//` or `/\` once resolved),
 * other than the landing and login pages. Checked when the path is stored and again when it is read.
 */
export function rememberablePath(path: string | null | undefined): string | null {
  const resolved = sitePath(path);
  if (!resolved) return null;
  const pathname = resolved.replace(/[?#].*$/s, '');
  if (pathname === '/' || pathname === '/login') return null;
  return resolved;
}

export function rememberExpiredSession(path: string | null): void {
  const s = store();
  if (!s) return;
  s.setItem(MESSAGE_KEY, SESSION_EXPIRED_MESSAGE);
  const keep = rememberablePath(path);
  if (keep) s.setItem(REDIRECT_KEY, keep);
}

export function storedSessionMessage(): string | null {
  return store()?.getItem(MESSAGE_KEY) ?? null;
}

export function clearSessionMessage(): void {
  store()?.removeItem(MESSAGE_KEY);
}

/** The remembered path, removed as it is read. */
export function takeRedirectAfterLogin(): string | null {
  const s = store();
  const path = s?.getItem(REDIRECT_KEY) ?? null;
  s?.removeItem(REDIRECT_KEY);
  return rememberablePath(path);
}

/**
 * Sends the browser home after a call found the session gone, remembering where it was.
 * Repeated calls within a second do nothing, so parallel failing calls redirect once.
 */
export function expireSession(now = Date.now()): boolean {
  const s = store();
  const last = Number(s?.getItem(LAST_REDIRECT_KEY) ?? 0);
  if (now - last < REDIRECT_GUARD_MS) return false;
  s?.setItem(LAST_REDIRECT_KEY, String(now));
  rememberExpiredSession(window.location.pathname + window.location.search);
  // Outside React (called from any failed call), so a plain navigation home.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign('/');
  return true;
}
