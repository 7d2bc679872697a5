import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { users } from '@/db/schema';
import { EXPECTED_ROLES } from './expected';
import { resourceIdsFor, seedSchool, widgetKey, type Resources } from './fixtures';
import { fuzzOperation, fuzzOriginHeaders, MALFORMED_ORIGIN_HEADERS } from './fuzz';
import { adminWithSchool, memberOf, OPERATIONS, opKey, registerSuperuser, superuserIn, type Caller, type Staff } from './harness';

/**
 * Bounded in `npm test` (FUZZ_RUNS cases per operation, 6 by default); `npm run fuzz` runs many
 * more. In `npm test` the seed is fixed, so the suite answers the same on every run and a change
 * that breaks an operation fails it for everyone; `npm run fuzz` picks a new seed each time to
 * explore (FUZZ_SEED repeats any run; the seed is printed).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 6);
const SEED = Number(process.env.FUZZ_SEED ?? 20261124);

/** These end the caller's session, the key or the school, so they go last. */
const LAST = ['POST /chatbot/generate-api-key', 'POST /auth/logout', 'DELETE /schools/my-school'];

let admin: Staff;
let superuser: string;
let key: string;
let ids: Resources;
let own: { admin: Staff; key: string; superuser: string };
let ownIds: Resources;

beforeAll(async () => {
  const su = await registerSuperuser();
  admin = await adminWithSchool(su.token, 'Fuzz');
  ids = await seedSchool(su.token, admin);
  key = await widgetKey(admin);
  superuser = await superuserIn(su.email, admin.id);
  // The Origin fuzz's own school and superuser: its calls succeed as that admin (deleting records
  // among them), which would leave the schema fuzz less to reach.
  const a = await adminWithSchool(su.token, 'Origins');
  ownIds = await seedSchool(su.token, a);
  const second = await memberOf(su.token, a.id, 'admin');
  await (await getDb()).update(users).set({ role: 'superuser' }).where(eq(users.email, second.email));
  own = { admin: a, key: await widgetKey(a), superuser: await superuserIn(second.email, a.id) };
}, 60_000);

/** The caller a row of the expected table allows (an operation without a row, which roles.test.ts reports, as the admin). */
function callerFor(op: (typeof OPERATIONS)[number], f: { admin: Staff; key: string; superuser: string }): Caller {
  const row = EXPECTED_ROLES[opKey(op)];
  if (!row) return { token: f.admin.token };
  return row.widget === 'ok' ? { apiKey: f.key } : row.admin === 'ok' || row.admin === 'same' ? { token: f.admin.token } : { token: f.superuser };
}

describe('fuzz: every operation, from its schema, broken', () => {
  it('answers no 5xx, every 4xx in the FastAPI shape, no stack trace or SQL', async () => {
    const ordered = [...OPERATIONS.filter((o) => !LAST.includes(opKey(o))), ...OPERATIONS.filter((o) => LAST.includes(opKey(o)))];
    let cases = 0;
    const failures: { op: string; request: string; problem: string }[] = [];
    for (const op of ordered) {
      const result = await fuzzOperation(op, callerFor(op, { admin, key, superuser }), RUNS, SEED, resourceIdsFor(op.path, ids));
      cases += result.cases;
      failures.push(...result.failures);
    }
    for (const f of failures) console.log(`${f.op}: ${f.problem}\n   ${f.request}`);
    console.log(`[route-matrix] fuzz: ${ordered.length} operations, ${cases} cases (${RUNS} per operation, seed ${SEED}), ${failures.filter((f) => /^5\d\d /.test(f.problem)).length} 5xx, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, Number(process.env.FUZZ_TIMEOUT_MS ?? 300_000));
});

describe('fuzz: every operation, sent a malformed Origin or Referer', () => {
  it('answers null, file://, a bare word … like a missing Origin, never a 5xx', async () => {
    let cases = 0;
    const failures: { op: string; request: string; problem: string }[] = [];
    for (const op of OPERATIONS) {
      // Those that end the caller's session, key or school are sent without credentials only.
      const result = await fuzzOriginHeaders(op, callerFor(op, own), resourceIdsFor(op.path, ownIds), LAST.includes(opKey(op)));
      cases += result.cases;
      failures.push(...result.failures);
    }
    for (const f of failures) console.log(`${f.op}: ${f.problem}\n   ${f.request}`);
    console.log(`[route-matrix] origin fuzz: ${OPERATIONS.length} operations, ${cases} cases (${MALFORMED_ORIGIN_HEADERS.length} header sets), ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, Number(process.env.FUZZ_TIMEOUT_MS ?? 300_000));
});
