import { beforeAll, describe, expect, it } from 'vitest';
import { EXPECTED_ROLES } from './expected';
import { resourceIdsFor, seedSchool, widgetKey, type Resources } from './fixtures';
import { fuzzOperation } from './fuzz';
import { adminWithSchool, OPERATIONS, opKey, registerSuperuser, superuserIn, type Caller, type Staff } from './harness';

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

beforeAll(async () => {
  const su = await registerSuperuser();
  admin = await adminWithSchool(su.token, 'Fuzz');
  ids = await seedSchool(su.token, admin);
  key = await widgetKey(admin);
  superuser = await superuserIn(su.email, admin.id);
}, 60_000);

describe('fuzz: every operation, from its schema, broken', () => {
  it('answers no 5xx, every 4xx in the FastAPI shape, no stack trace or SQL', async () => {
    const ordered = [...OPERATIONS.filter((o) => !LAST.includes(opKey(o))), ...OPERATIONS.filter((o) => LAST.includes(opKey(o)))];
    let cases = 0;
    const failures: { op: string; request: string; problem: string }[] = [];
    for (const op of ordered) {
      const row = EXPECTED_ROLES[opKey(op)]!;
      const who: Caller = row.widget === 'ok' ? { apiKey: key } : row.admin === 'ok' || row.admin === 'same' ? { token: admin.token } : { token: superuser };
      const result = await fuzzOperation(op, who, RUNS, SEED, resourceIdsFor(op.path, ids));
      cases += result.cases;
      failures.push(...result.failures);
    }
    for (const f of failures) console.log(`${f.op}: ${f.problem}\n   ${f.request}`);
    console.log(`[route-matrix] fuzz: ${ordered.length} operations, ${cases} cases (${RUNS} per operation, seed ${SEED}), ${failures.filter((f) => /^5\d\d /.test(f.problem)).length} 5xx, ${failures.length} failures`);
    expect(failures).toEqual([]);
  }, Number(process.env.FUZZ_TIMEOUT_MS ?? 300_000));
});
