import NextAuth from 'next-auth';
import type { NextRequest } from 'next/server';
import { authOptions, withJudgedCallbackUrl } from '@/lib/auth/web-session';

type Ctx = { params: Promise<{ nextauth: string[] }> };

// Options are built per request so the secret is read at run time, never during `next build`.
async function handler(req: NextRequest, ctx: Ctx) {
  return NextAuth(withJudgedCallbackUrl(req) as never, { params: await ctx.params } as never, authOptions());
}

export { handler as GET, handler as POST };
