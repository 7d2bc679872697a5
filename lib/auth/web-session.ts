import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import { getServerSession } from 'next-auth';
import { encode } from 'next-auth/jwt';
import CredentialsProvider from 'next-auth/providers/credentials';
import { NextRequest } from 'next/server';
import { cache } from 'react';
import { z } from 'zod';
import { clientAddressFrom, hashClientAddress } from '@/lib/http/client';
import { AppError } from '@/lib/http/errors';
import { requestContext, withRequestContext } from '@/lib/audit/context';
import { findUserById } from '@/lib/users/queries';
import { sitePath } from '@/lib/web/site-path';
import { authenticate, type AuthContext } from './accounts';
import { secureCookies } from './cookies';
import { credentialsSchema, idField } from './schema';
import { getAuthSecret } from './secret';
import { isFamilyActive, revokeFamily, startWebSession } from './tokens';

const webCredentials = credentialsSchema.extend({ selected_user_id: z.union([z.literal(''), idField]).optional() });

const headerOf = (headers: Record<string, unknown> | undefined) => (name: string) => {
  const value = headers?.[name];
  return value === undefined || value === null ? null : String(value);
};

/** next-auth hands authorize() plain headers, not a Request: the same client hash as the REST routes. */
function clientOf(headers: Record<string, unknown> | undefined): string {
  return hashClientAddress(clientAddressFrom(headerOf(headers)));
}

/** The sign-in's request for its audit entry, as the REST route frame makes it. */
const signInRequest = (headers: Record<string, unknown> | undefined) => requestContext(clientAddressFrom(headerOf(headers)), headerOf(headers)('x-request-id'));

/**
 * next-auth's `callbackUrl` (a query or form field, then its callback-url cookie) by the same
 * redirect rule as `?next=`: a path on this site, or an address on it whose path passes; anything
 * else (another site, `//host`, `/.//host`, a bare word that next-auth's default would throw on)
 * becomes the site's root.
 */
export function callbackRedirect({ url, baseUrl }: { url: string; baseUrl: string }): string {
  let path: string | null = null;
  if (url.startsWith('/')) path = sitePath(url);
  else if (URL.canParse(url) && URL.canParse(baseUrl)) {
    const target = new URL(url);
    if (target.origin === new URL(baseUrl).origin) path = sitePath(target.pathname + target.search + target.hash);
  }
  // The root is named as next-auth names it by default (no trailing slash), so its cookie stays as it is.
  return path && path !== '/' ? `${baseUrl}${path}` : baseUrl;
}

/**
 * The request next-auth is handed, with a `callbackUrl` in the address judged first: next-auth
 * answers 500 ("server configuration") to one that does not parse as an address (`bareword`), so a
 * path is replaced by what the redirect rule makes of it and anything unusable is dropped (next-auth
 * then goes to the site's root). An http(s) address is left to `callbackRedirect`.
 */
export function withJudgedCallbackUrl(req: NextRequest): NextRequest {
  const given = req.nextUrl.searchParams.get('callbackUrl');
  if (given === null) return req;
  let kept: string | null;
  if (given.startsWith('/')) kept = sitePath(given);
  else kept = URL.canParse(given) && /^https?:$/.test(new URL(given).protocol) ? given : null;
  if (kept === given) return req;
  const url = req.nextUrl.clone();
  if (kept) url.searchParams.set('callbackUrl', kept);
  else url.searchParams.delete('callbackUrl');
  const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : req.body;
  return new NextRequest(url, { method: req.method, headers: req.headers, body, ...(body ? { duplex: 'half' } : {}) });
}

// next-auth v4 reads its URL from NEXTAUTH_URL; trusting the Host header lets a fresh install work on any port.
process.env.AUTH_TRUST_HOST ??= 'true';

/** The staff web session: next-auth's Credentials provider over the same sign-in core as the REST API. */
export function authOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
    useSecureCookies: secureCookies(),
    session: { strategy: 'jwt', maxAge: 30 * 24 * 60 * 60 },
    pages: { signIn: '/', error: '/' },
    providers: [
      CredentialsProvider({
        name: 'Lantern',
        credentials: {
          email: { label: 'E-mail', type: 'email' },
          password: { label: 'Password', type: 'password' },
          selected_user_id: { label: 'Account', type: 'text' },
        },
        async authorize(raw, req) {
          const parsed = webCredentials.safeParse(raw ?? {});
          if (!parsed.success) throw new Error('Enter your e-mail and password');
          const { email, password, selected_user_id } = parsed.data;
          try {
            const { user, linkedUserIds } = await withRequestContext(signInRequest(req?.headers), () =>
              authenticate(email, password, clientOf(req?.headers), selected_user_id || undefined),
            );
            // The server-side record that sign-out, a password change or deactivation revokes.
            const sid = await startWebSession(user, linkedUserIds);
            return { id: String(user.id), name: `${user.firstName} ${user.lastName}`, email: user.email, tv: user.tokenVersion, sid };
          } catch (err) {
            if (err instanceof AppError && typeof err.detail === 'string') throw new Error(err.detail);
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      redirect: callbackRedirect,
      jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.tv = (user as { tv?: number }).tv ?? 0;
          token.sid = (user as { sid?: string }).sid;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, uid: token.uid, tv: token.tv, sid: token.sid };
      },
    },
    events: {
      // The cookie is only deleted in this browser; revoking the record ends a saved copy too.
      async signOut({ token }) {
        if (typeof token?.sid === 'string') await revokeFamily(token.sid);
      },
    },
  };
}

/**
 * The same web session a password sign-in ends in, for a sign-in that happened elsewhere (a single
 * sign-on callback): next-auth's session cookie holding the claims the jwt callback above keeps. It
 * lasts as long as the session record `sid`, which is what ends access (getStaffSession).
 */
export async function webSessionCookie(user: { id: number; firstName: string; lastName: string; email: string; tokenVersion: number }, sid: string, expiresAt: Date) {
  const maxAge = Math.max(60, Math.floor((expiresAt.getTime() - Date.now()) / 1000));
  const token = { name: `${user.firstName} ${user.lastName}`, email: user.email, sub: String(user.id), uid: user.id, tv: user.tokenVersion, sid };
  const secure = secureCookies();
  return {
    name: `${secure ? '__Secure-' : ''}next-auth.session-token`,
    value: await encode({ token, secret: getAuthSecret(), maxAge }),
    options: { httpOnly: true, sameSite: 'lax' as const, path: '/', secure, maxAge },
  };
}

/**
 * The signed-in staff member of this request, re-read from the database: deactivation, a bumped
 * token version or a revoked session record (sign-out, password change elsewhere) ends access at
 * once. A cookie from before session records existed has no `sid` and is refused.
 */
export async function getStaffSession(): Promise<AuthContext | null> {
  const session = (await getServerSession(authOptions())) as { uid?: number; tv?: number; sid?: string } | null;
  if (!session?.uid || typeof session.sid !== 'string') return null;
  const [user, live] = await Promise.all([findUserById(session.uid), isFamilyActive(session.sid)]);
  if (!user || !user.isActive || user.tokenVersion !== session.tv || !live) return null;
  return { user, role: user.role, schoolId: user.schoolId, familyId: session.sid };
}

/**
 * `getStaffSession` looked up once per page render: the layout and the page (and anything else
 * rendering for the same request) share the answer. Outside a render (actions, REST) it looks up
 * every time.
 */
export const staffSession = cache(getStaffSession);
