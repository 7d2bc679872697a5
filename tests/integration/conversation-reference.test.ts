import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb, openDatabase, resultRows } from '@/db/client';
import { conversationReference, conversationReferenceSql } from '@/lib/conversations/reference';
import { privatePostgresUnavailable, startPrivatePostgres, type PrivatePostgres } from './private-postgres';

// The conversation reference staff, exports and the CRM see in place of a session id is computed in
// JavaScript (lists, the CRM payload) and by the database (the conversations and leads exports, the
// export's search): every engine must give the very same text, or a reference copied from one place
// would not be found in another. Checked on PGlite and on Postgres (TEST_DATABASE_URL's server, else
// a private cluster of this file's own).

type DbHandle = Awaited<ReturnType<typeof openDatabase>>;

const SESSIONS = [
  '0b7c1a52-9d4e-4f3a-8c21-5e6f7a8b9c0d',
  crypto.randomUUID(),
  'a',
  '-',
  '_under_score_',
  'sess-quoted',
  'x'.repeat(100),
  // Sessions are [A-Za-z0-9_-] by the widget's rule; the function still hashes any text as UTF-8.
  'café-ünïcödé',
  'visitor-🙂',
  '',
];

/** The references the database computes for SESSIONS (and null), from a text column as the tables hold them. */
async function referencesIn(db: DbHandle['db']): Promise<(string | null)[]> {
  const values = sql.join(
    [...SESSIONS, null].map((s, i) => sql`(${i}::int, ${s}::text)`),
    sql`, `,
  );
  const rows = resultRows<{ i: number; ref: string | null }>(
    await db.execute(sql`select t.i, ${conversationReferenceSql(sql`t.session_id`)} as ref from (values ${values}) as t(i, session_id) order by t.i`),
  );
  return rows.map((r) => r.ref);
}

const expected = [...SESSIONS.map((s) => conversationReference(s)), null];

describe('conversationReference', () => {
  it('is "c-" and 20 hex digits, the same for the same session, different for another, and null for none', () => {
    for (const s of SESSIONS) expect(conversationReference(s)).toMatch(/^c-[0-9a-f]{20}$/);
    expect(conversationReference(SESSIONS[0]!)).toBe(conversationReference(SESSIONS[0]!));
    expect(new Set(SESSIONS.map((s) => conversationReference(s))).size).toBe(SESSIONS.length);
    expect(conversationReference(null)).toBeNull();
    // Nothing of the session id shows in its reference.
    expect(conversationReference(SESSIONS[0]!)).not.toContain(SESSIONS[0]!.slice(-6));
  });

  it("is computed identically by this file's database (the one the exports read)", async () => {
    expect(await referencesIn(await getDb())).toEqual(expected);
  });

  describe('on each engine', () => {
    let pglite: DbHandle;
    let pg: PrivatePostgres | null = null;
    let postgresHandle: DbHandle | null = null;
    const pgUrl = process.env.TEST_DATABASE_URL;
    const why = pgUrl ? null : privatePostgresUnavailable();
    if (why) console.warn(`[conversation-reference] Postgres part skipped: ${why}`);

    beforeAll(async () => {
      pglite = await openDatabase({ pgliteDir: null });
      if (why) return;
      if (!pgUrl) pg = await startPrivatePostgres();
      postgresHandle = await openDatabase({ url: pgUrl ?? pg!.url });
    }, 90_000);

    afterAll(async () => {
      await pglite?.close();
      await postgresHandle?.close();
      await pg?.destroy();
    });

    it('PGlite', async () => {
      expect(await referencesIn(pglite.db)).toEqual(expected);
    });

    it.skipIf(why !== null)('Postgres', async () => {
      expect(await referencesIn(postgresHandle!.db)).toEqual(expected);
    });
  });
});
