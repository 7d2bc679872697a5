import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { refreshTokens } from '@/db/schema';
import { sha256 } from '@/lib/security/tokens';
import type { AuthContext } from './accounts';
import { revokeFamily } from './tokens';

/** Ends the session of the access token and/or refresh token presented. Always succeeds. */
export async function logout(ctx: AuthContext | null, refreshToken?: string): Promise<{ message: string }> {
  if (ctx?.familyId) await revokeFamily(ctx.familyId);
  if (refreshToken) {
    const db = await getDb();
    const [row] = await db.select({ familyId: refreshTokens.familyId }).from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(refreshToken))).limit(1);
    if (row) await revokeFamily(row.familyId);
  }
  return { message: 'Logged out' };
}
