// The larger run of the route-matrix fuzzer: every operation of /openapi.json, many cases each.
// Usage: npm run fuzz -- [--runs 60] [--seed 12345]   (the seed is printed; pass it again to repeat a run)
// Postgres: TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run fuzz
import { spawnSync } from 'node:child_process';

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};
const runs = arg('runs', '60');
const seed = arg('seed', String(Date.now() % 2 ** 31));
console.log(`fuzz: ${runs} cases per operation, seed ${seed}`);
const res = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'tests/integration/route-matrix/fuzz.test.ts'], {
  stdio: 'inherit',
  env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed, FUZZ_TIMEOUT_MS: String(Number(runs) * 10_000) },
});
process.exit(res.status ?? 1);
