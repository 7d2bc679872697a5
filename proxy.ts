import { getToken } from 'next-auth/jwt';
import { NextResponse, type NextRequest } from 'next/server';
import { getAuthSecret } from '@/lib/auth/secret';

/**
 * Session gate for staff pages: a signed-out request goes home with the session-expired flag and
 * the path to come back to after sign-in. Pages still re-check the account on the server.
 */
export async function proxy(request: NextRequest) {
  const token = await getToken({ req: request, secret: getAuthSecret() });
  if (token?.uid) return NextResponse.next();
  const back = request.nextUrl.pathname + request.nextUrl.search;
  const home = new URL('/', request.url);
  home.searchParams.set('session', 'expired');
  home.searchParams.set('next', back);
  return NextResponse.redirect(home);
}

export const config = { matcher: ['/dashboard', '/dashboard/:path*'] };
