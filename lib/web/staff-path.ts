// Set by proxy.ts on staff requests (always overwritten there, so a client cannot choose it).
export const STAFF_PATH_HEADER = 'x-lantern-staff-path';

/** Where a staff page sends a visitor whose session has ended. */
export function sessionExpiredUrl(path: string | null | undefined): string {
  const next = path && path.startsWith('/dashboard') ? path : '/dashboard';
  return `/?session=expired&next=${encodeURIComponent(next)}`;
}
