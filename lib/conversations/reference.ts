import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';

// What staff, exports and the CRM see in place of a widget session id: a reference derived from it
// that names the conversation and cannot be turned back into the id (a random UUID behind SHA-256),
// so nothing that leaves the widget can be used to read or write the visitor's session. The same
// function in SQL, for searches and exports that compute it in the database.

const PREFIX = 'lantern conversation ';

/** "c-" and 20 hex digits of SHA-256 over the session id. */
export function conversationReference(sessionId: string): string;
export function conversationReference(sessionId: string | null): string | null;
export function conversationReference(sessionId: string | null): string | null {
  if (sessionId === null) return null;
  return 'c-' + createHash('sha256').update(PREFIX + sessionId).digest('hex').slice(0, 20);
}

/** The same reference computed by the database from a session id column. */
export const conversationReferenceSql = (sessionId: SQL) => sql`('c-' || left(encode(sha256(convert_to(${PREFIX} || ${sessionId}, 'UTF8')), 'hex'), 20))`;
