import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb, type Executor } from '@/db/client';
import { widgetApiKeys, type ApiKeyKind } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { notFound } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { open, seal } from '@/lib/security/secret-box';
import { randomToken, sha256 } from '@/lib/security/tokens';

// Widget keys: 192 random bits behind a prefix that says which kind it is. Only the hash is
// compared; the sealed copy lets staff see and copy the key again.
const PREFIX: Record<ApiKeyKind, string> = { public: 'lk_pub_', internal: 'lk_int_' };
const SEAL_PURPOSE = 'widget-api-key';
export const NO_API_KEY = 'No API key has been generated yet';

export const hashApiKey = (key: string) => sha256(key);

async function storedKey(schoolId: number, kind: ApiKeyKind): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.select().from(widgetApiKeys).where(and(eq(widgetApiKeys.schoolId, schoolId), eq(widgetApiKeys.kind, kind))).limit(1);
  return row ? open(row.keyEncrypted, SEAL_PURPOSE) : null;
}

/** A new key of this kind replaces the old one in one statement: the old key stops working at once. */
export async function issueKey(schoolId: number, kind: ApiKeyKind, tx?: Executor): Promise<string> {
  const key = PREFIX[kind] + randomToken(24);
  const db = tx ?? (await getDb());
  const values = { keyHash: hashApiKey(key), keyEncrypted: seal(key, SEAL_PURPOSE), createdAt: new Date() };
  await db
    .insert(widgetApiKeys)
    .values({ schoolId, kind, ...values })
    .onConflictDoUpdate({ target: [widgetApiKeys.schoolId, widgetApiKeys.kind], set: values });
  return key;
}

/** GET /chatbot/current-key: 404 until one is generated. A key sealed under an older install secret cannot be shown: generate anew. */
export async function currentApiKey(ctx: AuthContext): Promise<{ api_key: string }> {
  const key = await storedKey(requireSchoolId(ctx), 'public');
  if (!key) throw notFound(NO_API_KEY);
  return { api_key: key };
}

/** POST /chatbot/generate-api-key. */
export async function generateApiKey(ctx: AuthContext): Promise<{ api_key: string }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const key = await db.transaction(async (tx) => {
    const issued = await issueKey(schoolId, 'public', tx);
    await recordAudit({ action: 'widget.key_regenerated', actor: staffActor(ctx), schoolId, target: { type: 'school', id: schoolId } }, tx);
    return issued;
  });
  return { api_key: key };
}

/** GET /chatbot/current-key/internal: the test chat's key, made on first use. */
export async function internalApiKey(ctx: AuthContext): Promise<{ api_key: string }> {
  const schoolId = requireSchoolId(ctx);
  return { api_key: (await storedKey(schoolId, 'internal')) ?? (await issueKey(schoolId, 'internal')) };
}

export function looksLikeApiKey(value: string): boolean {
  return /^lk_(pub|int)_[A-Za-z0-9_-]{20,64}$/.test(value);
}
