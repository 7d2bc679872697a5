import { sitePath } from './site-path';

// Set by proxy.ts on staff requests (always overwritten there, so a client cannot choose it).
export const STAFF_PATH_HEADER = 'x-lantern-staff-path';

/** Where a staff page sends a visitor whose session has ended: `next` is a staff path by the redirect rule, else /dashboard. */
export function sessionExpiredUrl(path: string | null | undefined): string {
  const resolved = sitePath(path);
  const staff = resolved && /^\/dashboard(?:[/?#]|$)/.test(resolved) ? resolved : '/dashboard';
  return `/?session=expired&next=${encodeURIComponent(staff)}`;
}
