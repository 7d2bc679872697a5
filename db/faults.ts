// Errors that say the database cannot serve right now (down, restarting, out of connections, out of
// disk), as opposed to errors the request caused. Callers answer them 503 with Retry-After, and the
// work can be tried again: nothing was written by a statement that could not run.

export type DatabaseFault = 'unavailable' | 'busy' | 'full';

// SQLSTATEs (https://www.postgresql.org/docs/current/errcodes-appendix.html) and the codes postgres.js
// and Node give a connection that failed or was cut.
const BY_CODE: Record<string, DatabaseFault> = {
  '57P01': 'unavailable', // admin_shutdown: the server is stopping or restarting
  '57P02': 'unavailable', // crash_shutdown
  '57P03': 'unavailable', // cannot_connect_now: starting up or in recovery
  '53300': 'busy', // too_many_connections
  POOL_TIMEOUT: 'busy', // no pool connection became free in time (db/pool-gate.ts)
  '53200': 'busy', // out_of_memory
  '53100': 'full', // disk_full
  '53400': 'full', // configuration_limit_exceeded (temp_file_limit and the like)
  CONNECTION_CLOSED: 'unavailable',
  CONNECTION_ENDED: 'unavailable',
  CONNECTION_DESTROYED: 'unavailable',
  CONNECT_TIMEOUT: 'unavailable',
  ECONNREFUSED: 'unavailable',
  ECONNRESET: 'unavailable',
  EPIPE: 'unavailable',
  ETIMEDOUT: 'unavailable',
  EAI_AGAIN: 'unavailable',
};

/** The kind of database fault behind `err` (drizzle wraps the driver's error as `cause`), or null. */
export function databaseFault(err: unknown): DatabaseFault | null {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && typeof e === 'object' && depth < 8; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (BY_CODE[code]) return BY_CODE[code];
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
