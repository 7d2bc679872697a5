import 'server-only';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { scimTokens } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { notFound } from '@/lib/http/errors';
import { randomToken, safeEqual, sha256 } from '@/lib/security/tokens';
import { publicOrigin } from '@/lib/system/public-origin';
import { recordSsoChange, requireSsoAdmin } from '@/lib/sso/connection';
import { scimUnauthorized } from './http';
import type { ScimTokenCreated, ScimTokenStatus } from './schema';

// A school's SCIM token (GET/POST/DELETE /schools/my-school/sso/scim-token, administrators like the
// single sign-on connection), and the school a SCIM call's bearer token belongs to. The token names
// its school (`scim_<school id>_<256 random bits>`) so the one stored hash is found by the school and
// compared in constant time; only its sha256 is kept, and the token is shown once.

export const SCIM_TOKEN_NOT_FOUND = 'No SCIM token for this school';
const TOKEN = /^scim_(\d{1,10})_([A-Za-z0-9_-]{43})$/;
/** last_used_at is written at most this often, not on every call of a provisioning run. */
const LAST_USED_EVERY_MS = 60_000;

/** The address to give the identity provider (Entra ID's Tenant URL, Okta's base URL). */
export const scimBaseUrl = () => `${publicOrigin()}/scim/v2`;

export async function scimTokenStatus(ctx: AuthContext): Promise<ScimTokenStatus> {
  const schoolId = requireSsoAdmin(ctx);
  const db = await getDb();
  const [row] = await db.select({ createdAt: scimTokens.createdAt, lastUsedAt: scimTokens.lastUsedAt }).from(scimTokens).where(eq(scimTokens.schoolId, schoolId)).limit(1);
  return { active: !!row, created_at: row?.createdAt.toISOString() ?? null, last_used_at: row?.lastUsedAt?.toISOString() ?? null, scim_base_url: scimBaseUrl() };
}

/** A new token for the school, replacing the old one (which stops working at once). */
export async function createScimToken(ctx: AuthContext): Promise<ScimTokenCreated> {
  const schoolId = requireSsoAdmin(ctx);
  const token = `scim_${schoolId}_${randomToken()}`;
  const createdAt = new Date();
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [old] = await tx.select({ schoolId: scimTokens.schoolId }).from(scimTokens).where(eq(scimTokens.schoolId, schoolId)).limit(1);
    const values = { tokenHash: sha256(token), createdBy: ctx.user.id, createdAt, lastUsedAt: null };
    await tx.insert(scimTokens).values({ schoolId, ...values }).onConflictDoUpdate({ target: scimTokens.schoolId, set: values });
    await recordSsoChange(ctx, schoolId, { scim_token: 'created', replaced: !!old }, tx);
  });
  return { token, scim_base_url: scimBaseUrl(), created_at: createdAt.toISOString() };
}

export async function revokeScimToken(ctx: AuthContext): Promise<{ message: string }> {
  const schoolId = requireSsoAdmin(ctx);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const gone = await tx.delete(scimTokens).where(eq(scimTokens.schoolId, schoolId)).returning({ id: scimTokens.schoolId });
    if (!gone.length) throw notFound(SCIM_TOKEN_NOT_FOUND);
    await recordSsoChange(ctx, schoolId, { scim_token: 'revoked' }, tx);
  });
  return { message: 'SCIM token revoked' };
}

/** The school whose SCIM token the request's `Authorization: Bearer` carries; 401 (SCIM's shape) otherwise. */
export async function scimSchoolOf(req: Request): Promise<number> {
  const header = req.headers.get('authorization') ?? '';
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  const parts = m ? TOKEN.exec(m[1]!) : null;
  const schoolId = parts ? Number(parts[1]) : NaN;
  if (!parts || !Number.isSafeInteger(schoolId) || schoolId > 2147483647) throw scimUnauthorized();
  const hash = sha256(m![1]!);
  const db = await getDb();
  const [row] = await db.select({ tokenHash: scimTokens.tokenHash, lastUsedAt: scimTokens.lastUsedAt }).from(scimTokens).where(eq(scimTokens.schoolId, schoolId)).limit(1);
  if (!row || !safeEqual(hash, row.tokenHash)) throw scimUnauthorized();
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_EVERY_MS) {
    const now = new Date();
    await db
      .update(scimTokens)
      .set({ lastUsedAt: now })
      .where(and(eq(scimTokens.schoolId, schoolId), eq(scimTokens.tokenHash, hash), or(isNull(scimTokens.lastUsedAt), lt(scimTokens.lastUsedAt, new Date(now.getTime() - LAST_USED_EVERY_MS)))));
  }
  return schoolId;
}
