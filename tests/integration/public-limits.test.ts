import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { like } from 'drizzle-orm';
import { getDb, getDbKind } from '@/db/client';
import { rateLimitCounters } from '@/db/schema';
import { buildOpenApiDocument } from '@/lib/openapi/document';
import { flushLimits, resetMemoryLimits } from '@/lib/security/request-limits';
import { readyRedis, redisKeyPrefix } from '@/lib/security/redis';
import { call } from './http';

// Every public operation of /openapi.json (no auth, optional auth or the widget's
// key) names a per-client limit and answers 429 with Retry-After past it. The list comes from the
// document, so a public route added later without a limit fails here.

type Handler = Parameters<typeof call>[0];
const routeModules = import.meta.glob<Record<string, Handler>>('../../app/**/route.ts');

/** The route module serving an OpenAPI path (`/auth/login` → app/(rest)/auth/login/route.ts). */
function moduleFor(path: string) {
  const dir = path.replace(/\/$/, '').replace(/\{([^}]+)\}/g, '[$1]');
  const found = [`../../app/(rest)${dir}/route.ts`, `../../app${dir}/route.ts`].find((k) => routeModules[k]);
  if (!found) throw new Error(`no route module serves ${path}`);
  return routeModules[found]!;
}

type DocOperation = { security?: Array<Record<string, unknown>>; responses: Record<string, unknown>; 'x-rate-limit'?: { max: number; window_seconds: number; per: string } };

let saved: string | undefined;
let publicOps: Array<{ method: string; path: string; op: DocOperation }> = [];

beforeAll(() => {
  saved = process.env.PUBLIC_CALLS_PER_MINUTE;
  // A small default keeps the run short; operations with their own limit keep theirs.
  process.env.PUBLIC_CALLS_PER_MINUTE = '5';
  const doc = buildOpenApiDocument() as unknown as { paths: Record<string, Record<string, DocOperation>> };
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const security = op.security ?? [];
      const anonymous = security.length === 0 || security.some((s) => Object.keys(s).length === 0) || security.some((s) => 'widgetKey' in s);
      if (anonymous) publicOps.push({ method: method.toUpperCase(), path, op });
    }
  }
});

afterAll(() => {
  if (saved === undefined) delete process.env.PUBLIC_CALLS_PER_MINUTE;
  else process.env.PUBLIC_CALLS_PER_MINUTE = saved;
  publicOps = [];
});

describe('public operations of /openapi.json', () => {
  it('each documents a per-client limit and a 429 answer', () => {
    expect(publicOps.length).toBeGreaterThanOrEqual(20);
    const missing = publicOps.filter(({ op }) => !op['x-rate-limit'] || !op.responses['429']).map(({ method, path }) => `${method} ${path}`);
    expect(missing).toEqual([]);
    for (const { op } of publicOps) expect(op['x-rate-limit']).toMatchObject({ max: expect.any(Number), window_seconds: expect.any(Number), per: 'client' });
  });

  it('each answers 429 with Retry-After once a client passes its limit, and other clients go on', async () => {
    await resetMemoryLimits();
    const report: string[] = [];
    let n = 0;
    for (const { method, path, op } of publicOps) {
      const mod = await moduleFor(path)();
      const handler = mod[method];
      expect(handler, `${method} ${path} has a handler`).toBeTypeOf('function');
      const max = op['x-rate-limit']!.max;
      n += 1;
      const ip = `198.18.${Math.floor(n / 250)}.${n % 250}`;
      const url = path.replace(/\{[^}]+\}/g, '1');
      const params = Object.fromEntries([...path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1]!, '1']));
      // Calls without a body or key: refused cheaply after being counted (401, 404, 422…), never 429 under the limit.
      for (let done = 0; done < max; done += 100) {
        const batch = await Promise.all(Array.from({ length: Math.min(100, max - done) }, () => call(handler!, method, url, { ip, params })));
        // A documented 503 (a provider not set up on this install) is an answer; an undocumented 5xx is not.
        const early = batch.filter((r) => r.status === 429 || (r.status >= 500 && !op.responses[String(r.status)]));
        expect(early.map((r) => r.status), `${method} ${path} under its limit`).toEqual([]);
      }
      const over = await call(handler!, method, url, { ip, params });
      expect(over.status, `${method} ${path} past ${max}`).toBe(429);
      expect(Number(over.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(over.json).toEqual({ detail: expect.any(String), code: expect.any(String) });
      const other = await call(handler!, method, url, { ip: `198.19.0.${n % 250}`, params });
      expect(other.status, `${method} ${path} from another client`).not.toBe(429);
      report.push(`${method} ${path}: ${max}/${op['x-rate-limit']!.window_seconds}s`);
    }
    console.info(`[public-limits] ${publicOps.length} public operations, each refused past its limit:\n  ${report.join('\n  ')}`);
  }, 180_000);

  it('the counts are shared by every instance: in Redis with REDIS_URL, else in rate_limit_counters on Postgres', async () => {
    // Liveness and readiness count in each process; every other public operation in the shared store.
    if (process.env.REDIS_URL) {
      const keys = await (await readyRedis())!.keys(`${redisKeyPrefix()}rl:public:*`);
      expect(keys.length).toBeGreaterThanOrEqual(publicOps.length - 2);
      return;
    }
    if ((await getDbKind()) !== 'postgres') return;
    // What this process counted reaches the shared rows within a quarter second; now, for the test.
    await flushLimits();
    const db = await getDb();
    const rows = await db.select({ key: rateLimitCounters.key }).from(rateLimitCounters).where(like(rateLimitCounters.key, 'public:%'));
    expect(rows.length).toBeGreaterThanOrEqual(publicOps.length - 2);
  });
});
