import 'server-only';
import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { getDb, resultRows } from '@/db/client';
import { refreshTokens } from '@/db/schema';
import { unauthorized } from '@/lib/http/errors';
import { randomToken, sha256 } from '@/lib/security/tokens';
import { getAuthSecret } from './secret';

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60;
export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;
const ISSUER = 'lantern';
const AUDIENCE = 'lantern-api';

export type TokenPair = { access_token: string; refresh_token: string; token_type: 'bearer'; expires_in: number };
export type AccessClaims = { userId: number; tokenVersion: number; familyId: string };

let key: Uint8Array | undefined;
const signingKey = () => (key ??= new TextEncoder().encode(`${getAuthSecret()}:access-token`));

async function signAccessToken(userId: number, tokenVersion: number, familyId: string): Promise<string> {
  return new SignJWT({ tv: tokenVersion, sid: familyId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
    .sign(signingKey());
}

export async function verifyAccessToken(token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, signingKey(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.tv !== 'number' || typeof payload.sid !== 'string') return null;
    return { userId, tokenVersion: payload.tv, familyId: payload.sid };
  } catch {
    return null;
  }
}

async function storeRefreshToken(userId: number, familyId: string, linkedUserIds: number[], expiresAt = new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000)): Promise<string> {
  const db = await getDb();
  const raw = randomToken();
  await db.insert(refreshTokens).values({
    userId,
    familyId,
    tokenHash: sha256(raw),
    linkedUserIds,
    expiresAt,
  });
  return raw;
}

/**
 * Starts a new token family (one sign-in). `linkedUserIds` are the accounts the same password
 * opened at this sign-in (the person's proven linked accounts); by default only the account itself.
 */
export async function issueTokens(user: { id: number; tokenVersion: number }, linkedUserIds: number[] = [user.id]): Promise<TokenPair> {
  const familyId = randomUUID();
  const refresh = await storeRefreshToken(user.id, familyId, linkedUserIds);
  return pairOf(await signAccessToken(user.id, user.tokenVersion, familyId), refresh);
}

/**
 * Starts the server-side record of a web (next-auth) session: a family whose refresh token is
 * never handed out, so it ends only by revocation or after the session's 30 days (or `expiresAt`,
 * sooner: a single sign-on lasts no longer than the provider's). Answers its id.
 */
export async function startWebSession(user: { id: number }, linkedUserIds: number[] = [user.id], expiresAt?: Date): Promise<string> {
  const familyId = randomUUID();
  await storeRefreshToken(user.id, familyId, linkedUserIds, expiresAt);
  return familyId;
}

/** The accounts proven at the sign-in that started this family (empty when unknown). */
export async function familyLinkedUserIds(familyId: string): Promise<number[]> {
  const db = await getDb();
  const [row] = await db
    .select({ ids: refreshTokens.linkedUserIds })
    .from(refreshTokens)
    .where(eq(refreshTokens.familyId, familyId))
    .orderBy(desc(refreshTokens.id))
    .limit(1);
  return row?.ids ?? [];
}

function pairOf(access: string, refresh: string): TokenPair {
  return { access_token: access, refresh_token: refresh, token_type: 'bearer', expires_in: ACCESS_TOKEN_TTL_SECONDS };
}

export async function revokeFamily(familyId: string): Promise<void> {
  const db = await getDb();
  await db.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

export async function revokeAllRefreshTokens(userIds: number[], exceptFamilyId?: string): Promise<void> {
  if (userIds.length === 0) return;
  const db = await getDb();
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date() })
    .where(
      and(
        inArray(refreshTokens.userId, userIds),
        isNull(refreshTokens.revokedAt),
        exceptFamilyId ? ne(refreshTokens.familyId, exceptFamilyId) : undefined,
      ),
    );
}

/** A family is alive while one of its tokens is neither rotated, revoked nor expired. */
export async function isFamilyActive(familyId: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db
    .select({ id: refreshTokens.id })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.familyId, familyId),
        isNull(refreshTokens.revokedAt),
        isNull(refreshTokens.rotatedAt),
        gt(refreshTokens.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Exchanges a refresh token for a new pair. A token that was already rotated is a sign of theft:
 * the whole family is revoked.
 */
export async function rotateRefreshToken(
  raw: string,
  loadUser: (userId: number) => Promise<{ id: number; tokenVersion: number; isActive: boolean } | null>,
): Promise<TokenPair> {
  const db = await getDb();
  const invalid = unauthorized('Invalid or expired refresh token');
  const [row] = await db.select().from(refreshTokens).where(eq(refreshTokens.tokenHash, sha256(raw))).limit(1);
  if (!row) throw invalid;
  if (row.rotatedAt && !row.revokedAt) {
    await revokeFamily(row.familyId);
    throw unauthorized('Refresh token reuse detected; please sign in again');
  }
  if (row.revokedAt || row.expiresAt <= new Date()) throw invalid;
  // Only one caller can claim the token; a second presentation is reuse.
  const claimed = await db
    .update(refreshTokens)
    .set({ rotatedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.rotatedAt), isNull(refreshTokens.revokedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeFamily(row.familyId);
    throw unauthorized('Refresh token reuse detected; please sign in again');
  }
  const user = await loadUser(row.userId);
  if (!user || !user.isActive) {
    await revokeFamily(row.familyId);
    throw invalid;
  }
  const refresh = await storeRefreshToken(user.id, row.familyId, row.linkedUserIds);
  return pairOf(await signAccessToken(user.id, user.tokenVersion, row.familyId), refresh);
}

/** A sign-in held open (an event stream): the account, the token version it was made with, its session record. */
export type OpenSignIn = { userId: number; tokenVersion: number; familyId?: string };

/**
 * Which of these sign-ins still stand (the account active, its token version unchanged, its session
 * not signed out): one statement for them all, for long-lived streams that a deactivation, a
 * deletion or a sign-out must end. Answers the indexes of those that stand.
 */
export async function signInsStanding(open: OpenSignIn[]): Promise<Set<number>> {
  if (!open.length) return new Set();
  const db = await getDb();
  const rows = resultRows<{ i: number }>(
    await db.execute(sql`
      select x.i from jsonb_to_recordset(${JSON.stringify(open.map((o, i) => ({ i, user_id: o.userId, version: o.tokenVersion, family: o.familyId ?? null })))}::jsonb)
        as x(i int, user_id int, version int, family text)
      join users u on u.id = x.user_id and u.is_active and u.token_version = x.version
      where x.family is null or exists (
        select 1 from refresh_tokens r
        where r.family_id = x.family::uuid and r.revoked_at is null and r.rotated_at is null and r.expires_at > now())`),
  );
  return new Set(rows.map((r) => Number(r.i)));
}
