// What the browser remembers about the session: the session-expired
// message and the path to return to after the next sign-in, both in sessionStorage.

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

// Any origin works as the base: what matters is whether resolving the path leaves it.
const SITE = 'https://lantern.invalid';

/**
 * Paths worth returning to: a path on this site, other than the landing and login pages. The path is
 * resolved as the browser would resolve it (a backslash counts as a slash, tabs and newlines are
 * dropped, so `/\evil.example` and `/%09/evil.example` are `//evil.example`) and kept only when it
 * stays on this origin; what is returned is the resolved path, never the raw text.
 */
export function rememberablePath(path: string | null | undefined): string | null {
  if (!path || !path.startsWith('/')) return null;
  let url: URL;
  try {
    url = new URL(path, SITE);
  } catch {
    return null;
  }
  if (url.origin !== SITE) return null;
  if (url.pathname === '/' || url.pathname === '/login') return null;
  return url.pathname + url.search + url.hash;
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
