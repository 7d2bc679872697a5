import 'server-only';
import { sessionEnded } from '@/lib/http/errors';
import { findUserById } from '@/lib/users/queries';
import type { AuthContext } from './accounts';
import { isFamilyActive, verifyAccessToken } from './tokens';

/**
 * Resolves `Authorization: Bearer <access token>` to the signed-in account. The account is read
 * anew on each request, so deactivation, deletion, a password reset or logout end access at once.
 */
export async function principalFromRequest(req: Request): Promise<AuthContext> {
  const header = req.headers.get('authorization') ?? '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw sessionEnded('Not authenticated');
  const claims = await verifyAccessToken(match[1]!);
  if (!claims) throw sessionEnded('Could not validate credentials');
  const user = await findUserById(claims.userId);
  if (!user || !user.isActive || user.tokenVersion !== claims.tokenVersion) throw sessionEnded('Could not validate credentials');
  if (!(await isFamilyActive(claims.familyId))) throw sessionEnded('Session has ended; please sign in again');
  return { user, role: user.role, schoolId: user.schoolId, familyId: claims.familyId };
}
