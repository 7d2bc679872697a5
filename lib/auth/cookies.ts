/**
 * Whether the staff session cookies are marked Secure (and named `__Secure-…`): when the install's
 * public address is https. next-auth makes them HttpOnly and SameSite=Lax in either case. Read by
 * next-auth's options and by proxy.ts, which must look for the cookie under the same name.
 */
export const secureCookies = () => (process.env.APP_URL || process.env.NEXTAUTH_URL || '').startsWith('https://');
