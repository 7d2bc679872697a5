// `npm test`: lint, typecheck, unit + integration tests (vitest), then e2e (Playwright on one built app).
// Every step runs even when an earlier one fails; the last line totals the test counts.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const reports = path.join(root, '.data', 'test-reports');
fs.mkdirSync(reports, { recursive: true });

const results = [];
function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const run = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
  results.push({ name, ok: run.status === 0, seconds: Math.round((Date.now() - started) / 1000) });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const only = process.argv[2];
if (!only || only === 'static') {
  step('lint', bin('eslint'), ['.']);
  step('the shape of lib/ (layers, circles, file sizes)', process.execPath, [path.join(root, 'scripts', 'check-layers.mjs')]);
  step('the list of operations is current', process.execPath, [path.join(root, 'scripts', 'operations-index.mjs'), '--check']);
  step('typecheck', bin('tsc'), ['--noEmit']);
}
const vitestArgs = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'vitest.json')}`];
// The fault tests that start the built server run in their own step after e2e (below), never beside
// sixty other files on two cores (with a build left from an earlier run they would run twice).
const FAULT_FILES = ['tests/integration/fault-postgres-restart.test.ts', 'tests/integration/fault-task-kill.test.ts', 'tests/integration/built-server.test.ts'];
if (!only || only === 'vitest') step('unit and integration tests', bin('vitest'), [...vitestArgs, ...FAULT_FILES.flatMap((f) => ['--exclude', f])]);
// `npm test -- integration`: the integration project alone (CI reruns it on Postgres with TEST_DATABASE_URL).
if (only === 'integration') step('integration tests', bin('vitest'), [...vitestArgs, '--project', 'integration']);
if (!only || only === 'e2e') {
  step('end-to-end tests', bin('playwright'), ['test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: path.join(reports, 'playwright.json')});
}

// The fault tests that start the built server (a Postgres cluster of their own
// restarted under load; the server killed mid-task) need a build: the e2e step has just made it.
if (!only || only === 'e2e') {
  fs.rmSync(path.join(reports, 'faults.json'), { force: true });
  step('fault tests on the built app', bin('vitest'), ['run', '--project', 'integration', '--reporter=default', '--reporter=json', `--outputFile.json=${path.join(reports, 'faults.json')}`, ...FAULT_FILES]);
}

let passed = 0;
let failed = 0;
let skipped = 0;
const vitest = readJson(path.join(reports, 'vitest.json'));
if (vitest && (!only || only === 'vitest' || only === 'integration')) {
  passed += vitest.numPassedTests ?? 0;
  failed += vitest.numFailedTests ?? 0;
  skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
}
const faults = readJson(path.join(reports, 'faults.json'));
if (faults && (!only || only === 'e2e')) {
  passed += faults.numPassedTests ?? 0;
  failed += faults.numFailedTests ?? 0;
  skipped += (faults.numPendingTests ?? 0) + (faults.numTodoTests ?? 0);
}
const pw = readJson(path.join(reports, 'playwright.json'));
if (pw?.stats && (!only || only === 'e2e')) {
  passed += (pw.stats.expected ?? 0) + (pw.stats.flaky ?? 0);
  failed += pw.stats.unexpected ?? 0;
  skipped += pw.stats.skipped ?? 0;
}

console.log('\n=== summary ===');
for (const r of results) console.log(`${r.ok ? 'ok  ' : 'FAIL'} ${r.name} (${r.seconds}s)`);
const allOk = results.every((r) => r.ok);
if (!allOk && failed === 0) failed = results.filter((r) => !r.ok).length;
const label = only === 'integration' && process.env.TEST_DATABASE_URL ? 'postgres: ' : '';
console.log(`${label}${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(allOk ? 0 : 1);
