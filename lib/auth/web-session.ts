import 'server-only';
import type { NextAuthOptions } from 'next-auth';
import { getServerSession } from 'next-auth';
import CredentialsProvider from 'next-auth/providers/credentials';
import { z } from 'zod';
import { hashClientAddress } from '@/lib/http/client';
import { AppError } from '@/lib/http/errors';
import { findUserById } from '@/lib/users/queries';
import { authenticate, type AuthContext } from './accounts';
import { credentialsSchema, idField } from './schema';
import { getAuthSecret } from './secret';

const webCredentials = credentialsSchema.extend({ selected_user_id: z.union([z.literal(''), idField]).optional() });

/** next-auth hands authorize() plain headers, not a Request: the same client hash as the REST routes. */
function clientOf(headers: Record<string, unknown> | undefined): string {
  return hashClientAddress(String(headers?.['x-forwarded-for'] ?? headers?.['x-real-ip'] ?? 'unknown').split(',')[0]!.trim());
}

// next-auth v4 reads its URL from NEXTAUTH_URL; trusting the Host header lets a fresh install work on any port.
process.env.AUTH_TRUST_HOST ??= 'true';

/** The staff web session: next-auth's Credentials provider over the same sign-in core as the REST API. */
export function authOptions(): NextAuthOptions {
  return {
    secret: getAuthSecret(),
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
            const user = await authenticate(email, password, clientOf(req?.headers), selected_user_id || undefined);
            return { id: String(user.id), name: `${user.firstName} ${user.lastName}`, email: user.email, tv: user.tokenVersion };
          } catch (err) {
            if (err instanceof AppError && typeof err.detail === 'string') throw new Error(err.detail);
            throw err;
          }
        },
      }),
    ],
    callbacks: {
      jwt({ token, user }) {
        if (user) {
          token.uid = Number(user.id);
          token.tv = (user as { tv?: number }).tv ?? 0;
        }
        return token;
      },
      session({ session, token }) {
        return { ...session, uid: token.uid, tv: token.tv };
      },
    },
  };
}

/** The signed-in staff member of this request, re-read from the database (deactivation ends access at once). */
export async function getStaffSession(): Promise<AuthContext | null> {
  const session = (await getServerSession(authOptions())) as { uid?: number; tv?: number } | null;
  if (!session?.uid) return null;
  const user = await findUserById(session.uid);
  if (!user || !user.isActive || user.tokenVersion !== session.tv) return null;
  return { user, role: user.role, schoolId: user.schoolId };
}
