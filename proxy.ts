import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { THEME_BOOT_SCRIPT } from '@/components/theme/dark-mode';
import { getAuthSecret } from '@/lib/auth/secret';
import { secureCookies } from '@/lib/auth/cookies';
import { sessionExpiredUrl, STAFF_PATH_HEADER } from '@/lib/web/staff-path';
import { requestIsHttps } from '@/lib/http/client';
import { forbidden } from '@/lib/http/errors';
import { originIsOwnHost } from '@/lib/http/origin';
import { inlineScriptSource, newNonce, pageContentSecurityPolicy, pageSecurityHeaders, pathDecodes, SECRET_QUERY_PARAMS } from '@/lib/security/page-headers';

const themeScript = inlineScriptSource(THEME_BOOT_SCRIPT);

/**
 * Runs before the router for pages and for any path holding a %-escape. A path that does not decode
 * answers 400 in the API's shape (the router would fail with a bare 500). Pages get a nonce-based
 * CSP and anti-framing headers; a staff page requested without a session cookie goes home with the
 * session-expired flag and the path to come back to. Whether the session is still alive (not
 * signed out, password unchanged, account active) is checked against the database by every page
 * render and server action (`getStaffSession`), which this cookie-only check cannot do.
 */
export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (!pathDecodes(pathname)) return Response.json({ detail: 'The address contains a malformed %-escape' }, { status: 400 });
  if (isApiPath(pathname)) return NextResponse.next();
  // A server action (a POST to a page) sent with an Origin that is not this site's: Next.js refuses
  // it with a 500, or throws on one that does not parse (`Origin: bareword`). Refused here with a
  // 403 by the same reading of Origin and Host (next.config sets no serverActions.allowedOrigins);
  // an action without Origin goes on to its own session check, as in Next.js.
  if (request.method === 'POST' && request.headers.has('next-action') && request.headers.has('origin') && !originIsOwnHost(request.headers)) {
    return forbidden('This request did not come from this site').toResponse();
  }

  const nonce = newNonce();
  const csp = pageContentSecurityPolicy(nonce, [themeScript]);
  // Next.js reads the nonce from the request's CSP and puts it on the scripts it renders.
  const headers = new Headers(request.headers);
  headers.set('content-security-policy', csp);

  if (pathname === '/dashboard' || pathname.startsWith('/dashboard/')) {
    const back = pathname + request.nextUrl.search;
    const token = await getToken({ req: request, secret: getAuthSecret(), secureCookie: secureCookies() });
    // A cookie without a session record id (issued before records existed) can never pass
    // getStaffSession, which checks the record in the database on every page and action.
    const signedIn = !!token?.uid && typeof token.sid === 'string';
    // A server action posts to the page's address. Redirecting it would hand the client an HTML page
    // where it expects the action's answer; staffAction checks the session itself and answers the
    // `session_expired` code, which the client data layer turns into the sign-in prompt.
    const action = request.method === 'POST' && request.headers.has('next-action');
    if (!signedIn && !action) return withPageHeaders(NextResponse.redirect(new URL(sessionExpiredUrl(back), request.url)), request, csp);
    // Tells the staff layout where the visitor was, for its own session-expired redirect.
    headers.set(STAFF_PATH_HEADER, back);
  }
  return withPageHeaders(NextResponse.next({ request: { headers } }), request, csp);
}

const PAGE_PATHS = new Set(['/', '/login', '/docs/api']);
const isApiPath = (pathname: string) => !PAGE_PATHS.has(pathname) && pathname !== '/dashboard' && !pathname.startsWith('/dashboard/');

function withPageHeaders(res: NextResponse, request: NextRequest, csp: string) {
  const https = requestIsHttps((name) => request.headers.get(name));
  const carriesSecret = SECRET_QUERY_PARAMS.some((p) => request.nextUrl.searchParams.has(p));
  res.headers.set('Content-Security-Policy', csp);
  for (const [k, v] of Object.entries(pageSecurityHeaders(https, carriesSecret))) res.headers.set(k, v);
  return res;
}

// Next reads the matcher statically: it repeats PAGE_PATH_PATTERNS (lib/security/page-headers.ts),
// and tests/unit/page-headers.test.ts checks both against every page.tsx under app/.
export const config = {
  matcher: ['/', '/login', '/docs/api', '/dashboard', '/dashboard/:path*', '/(.*%.*)'],
};
