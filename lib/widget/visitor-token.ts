import 'server-only';
import { createHmac } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { getAuthSecret } from '@/lib/auth/secret';
import { AppError } from '@/lib/http/errors';
import { safeEqual } from '@/lib/security/tokens';

// A visitor's proof that a widget session is theirs (docs/widget.md, "Visitor token"). A session id
// travels far (the CRM, Logs, exports once did): it names a conversation, it does not open one. The
// server hands the widget a token the first time a session asks for something of its own (a
// message, the card, a handoff, a person); from then on reading or writing that session needs it.
// The token is signed with a key derived from AUTH_SECRET and bound to the school and the session;
// it is stored nowhere but in the visitor's browser. Every answer renews it, so it lasts while the
// visitor keeps coming back within the school's timeout (at most a day).

export const VISITOR_TOKEN_HEADER = 'X-Visitor-Token';
export const VISITOR_TOKEN_REFUSED = 'This conversation needs its visitor token (the X-Visitor-Token of its first answer)';
const LIFE_MS = 7 * 24 * 3600_000;
const VERSION = 'v1';

let derived: { secret: string; key: Buffer } | null = null;
function signingKey(): Buffer {
  const secret = getAuthSecret();
  if (derived?.secret !== secret) derived = { secret, key: createHmac('sha256', secret).update('lantern visitor token').digest() };
  return derived.key;
}

const signature = (schoolId: number, sessionId: string, expires: number) =>
  createHmac('sha256', signingKey()).update(`${schoolId}\n${sessionId}\n${expires}`).digest('base64url');

/** A token for this school's session, valid for a week from `now`. */
export function issueVisitorToken(schoolId: number, sessionId: string, now = Date.now()): string {
  const expires = Math.floor((now + LIFE_MS) / 1000);
  return `${VERSION}.${expires.toString(36)}.${signature(schoolId, sessionId, expires)}`;
}

/** Whether `token` was issued for exactly this school's session and has not expired. */
export function visitorTokenValid(token: string | null | undefined, schoolId: number, sessionId: string, now = Date.now()): boolean {
  if (!token || token.length > 200) return false;
  const [version, expiresText, sig, extra] = token.trim().split('.');
  if (version !== VERSION || !expiresText || !sig || extra !== undefined || !/^[0-9a-z]{1,10}$/.test(expiresText)) return false;
  const expires = parseInt(expiresText, 36);
  if (expires * 1000 <= now) return false;
  return safeEqual(sig, signature(schoolId, sessionId, expires));
}

export const visitorTokenRefused = () => new AppError(401, VISITOR_TOKEN_REFUSED);

/**
 * A call without a valid token on a session: allowed when nobody holds the session's token yet (a
 * new session, or one only the loader's analytics made), which it now claims; refused when a token
 * was already handed out. One statement: of two callers racing for an unclaimed row, one claims it.
 */
export async function claimVisitorSession(schoolId: number, sessionId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = resultRows<{ claimed: boolean; known: boolean }>(
    await db.execute(sql`
      with claimed as (
        update conversations set visitor_token_at = now()
        where school_id = ${schoolId} and session_id = ${sessionId} and visitor_token_at is null
        returning 1
      )
      select exists(select 1 from claimed) as claimed,
             exists(select 1 from conversations where school_id = ${schoolId} and session_id = ${sessionId}) as known`),
  );
  return !!row && (row.claimed || !row.known);
}
