import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, getDbKind } from '@/db/client';
import { FAULT_RETRY_AFTER } from '@/db/faults';

/** How long readiness waits for the database before answering that it is not ready. */
const READY_TIMEOUT_MS = 5_000;
/** Seconds a not-ready answer asks the caller to wait: as for any request the database cannot serve. */
export const NOT_READY_RETRY_AFTER = FAULT_RETRY_AFTER.unavailable;

export type Readiness = { ready: true; database: 'postgres' | 'pglite'; latency_ms: number } | { ready: false; detail: string };

/**
 * Whether this instance can serve: the database opened, migrated and answering a query. A load
 * balancer sends traffic only to instances that answer ready; /health stays the liveness check.
 */
export async function checkReadiness(): Promise<Readiness> {
  const t0 = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the database did not answer within ${READY_TIMEOUT_MS / 1000} s`)), READY_TIMEOUT_MS);
  });
  try {
    const check = (async () => {
      const db = await getDb();
      await db.execute(sql`select 1`);
      return getDbKind();
    })();
    const database = await Promise.race([check, timeout]);
    return { ready: true, database, latency_ms: Math.round((performance.now() - t0) * 10) / 10 };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    console.error('[lantern] not ready:', message);
    return { ready: false, detail: `Database unavailable: ${message}` };
  } finally {
    clearTimeout(timer);
  }
}
