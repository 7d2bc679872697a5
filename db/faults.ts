// Errors that say the database cannot serve right now (down, restarting, out of connections, out of
// disk), as opposed to errors the request caused. Callers answer them 503 with Retry-After: the work
// can be tried again. A statement that never ran wrote nothing; one cut during its commit may have
// been applied, so callers say "may not have been stored", never "was not".

export type DatabaseFault = 'unavailable' | 'busy' | 'full';

// SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html) and postgres.js's own
// codes. (configuration_limit_exceeded, 53400, is not here: the same query would fail again.)
const BY_CODE: Record<string, DatabaseFault> = {
  '57P01': 'unavailable', // admin_shutdown: the server is stopping or restarting
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now: starting up or in recovery
  '53300': 'busy', // too_many_connections
  POOL_TIMEOUT: 'busy', // no pool connection became free in time (db/pool-gate.ts)
  '53200': 'busy', // out_of_memory
  '53100': 'full', // disk_full
  CONNECTION_CLOSED: 'unavailable',
  CONNECTION_ENDED: 'unavailable',
  CONNECTION_DESTROYED: 'unavailable',
  CONNECT_TIMEOUT: 'unavailable',
};

// Node's socket errors, which postgres.js passes on as they are. They say "database" only when thrown
// by the driver itself or wrapped by drizzle's query error: a failed fetch to another service (undici
// puts the same codes on its cause) or a visitor's dropped upload is not a database fault.
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN']);

/** The kind of database fault behind `err` (drizzle wraps the driver's error as `cause`), or null. */
export function databaseFault(err: unknown): DatabaseFault | null {
  type Link = { code?: unknown; cause?: unknown; query?: unknown };
  let parent: Link | null = null;
  for (let e = err as Link | undefined, depth = 0; e && typeof e === 'object' && depth < 8; parent = e, e = e.cause as Link, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (BY_CODE[code]) return BY_CODE[code];
    if (SOCKET_CODES.has(code) && (parent === null || typeof parent.query === 'string')) return 'unavailable';
    // Class 08: connection exceptions (08000, 08003, 08006, 08001, 08004...).
    if (/^08[0-9A-Z]{3}$/.test(code)) return 'unavailable';
  }
  return null;
}

export const FAULT_DETAIL: Record<DatabaseFault, string> = {
  unavailable: 'The service is temporarily unavailable. Please try again in a moment.',
  busy: 'The server is busy. Please try again in a moment.',
  full: 'Storage is full. Please try again later or contact your administrator.',
};

/** Seconds a client should wait before trying again. */
export const FAULT_RETRY_AFTER: Record<DatabaseFault, number> = { unavailable: 5, busy: 5, full: 60 };

/**
 * Seconds a postgres.js connection waits before trying again after a failed connect. The driver's
 * default grows with every failure of the whole pool up to 20 s, so after a restart of a few seconds
 * queries would wait ten seconds or more for a database already back; here at most 1 s (with jitter,
 * so a pool's connections do not all knock at once).
 */
export function reconnectDelaySeconds(failures: number): number {
  return Math.min(0.05 * 2 ** failures, 1) * (0.5 + Math.random() / 2);
}

/**
 * How long one connection attempt may take (postgres.js `connect_timeout`, default 30 s). A connect
 * cut by a database restart can still wait this long in postgres.js 3.4.9 (rarely: about one run in
 * ten of tests/integration/fault-postgres-driver.test.ts); 10 s bounds that wait and leaves a slow
 * network time to connect.
 */
export const CONNECT_TIMEOUT_SECONDS = 10;

/** A unique constraint refused the row (drizzle wraps the driver's error as `cause`): the caller answers 409. */
export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) if (e.code === '23505') return true;
  return false;
}
