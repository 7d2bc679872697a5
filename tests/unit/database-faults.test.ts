import { describe, expect, it } from 'vitest';
import { databaseFault, reconnectDelaySeconds } from '@/db/faults';
import { PoolTimeoutError } from '@/db/pool-gate';

// As drizzle wraps a driver error: DrizzleQueryError carries the query text.
const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause, query: 'select 1', params: [] });

describe('databaseFault', () => {
  it('names the faults a restart, a full pool or a full disk raise, also when wrapped', () => {
    expect(databaseFault(Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }))).toBe('unavailable');
    expect(databaseFault(wrapped(Object.assign(new Error('the database system is starting up'), { code: '57P03' })))).toBe('unavailable');
    expect(databaseFault(wrapped(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })))).toBe('unavailable');
    expect(databaseFault(wrapped(Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' })))).toBe('unavailable');
    expect(databaseFault(Object.assign(new Error('connection failure'), { code: '08006' }))).toBe('unavailable');
    expect(databaseFault(wrapped(Object.assign(new Error('sorry, too many clients already'), { code: '53300' })))).toBe('busy');
    expect(databaseFault(wrapped(Object.assign(new Error('could not extend file'), { code: '53100' })))).toBe('full');
    expect(databaseFault(new PoolTimeoutError(10_000))).toBe('busy');
  });

  it('takes socket errors for the database only from the driver or drizzle, not from another service', () => {
    const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(databaseFault(refused())).toBe('unavailable');
    // undici: TypeError('fetch failed') with the socket error as its cause.
    expect(databaseFault(Object.assign(new TypeError('fetch failed'), { cause: refused() }))).toBeNull();
    expect(databaseFault(Object.assign(new Error('aborted'), { cause: Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' }) }))).toBeNull();
    // A limit the same query would hit again is not a reason to retry.
    expect(databaseFault(wrapped(Object.assign(new Error('temporary file size exceeds temp_file_limit'), { code: '53400' })))).toBeNull();
  });

  it('leaves errors the request caused alone', () => {
    expect(databaseFault(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBeNull();
    expect(databaseFault(wrapped(Object.assign(new Error('invalid input syntax'), { code: '22P02' })))).toBeNull();
    expect(databaseFault(new Error('plain'))).toBeNull();
    expect(databaseFault(null)).toBeNull();
    expect(databaseFault('text')).toBeNull();
  });

  it('does not loop on a cause that points back at itself', () => {
    const e = new Error('loop') as Error & { cause?: unknown };
    e.cause = e;
    expect(databaseFault(e)).toBeNull();
  });
});

describe('reconnectDelaySeconds', () => {
  it('tries again soon after a database restart, however many connects failed meanwhile', () => {
    for (const failures of [0, 1, 3, 8, 20, 1000]) {
      const delay = reconnectDelaySeconds(failures);
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(1);
    }
    // Backs off rather than hammering a server that is still down.
    expect(reconnectDelaySeconds(6)).toBeGreaterThan(reconnectDelaySeconds(0));
  });
});
