// Starts the app for e2e on an empty embedded database (DATA_DIR is wiped first), after seeding a
// school with conversations in every hour of the day (./seed-hours.ts: the overflow check draws
// Analytics with it whatever the hour the suite runs at). The seed has no account.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const seeded = spawnSync(path.join(root, 'node_modules', '.bin', 'tsx'), ['--conditions=react-server', path.join(root, 'tests', 'e2e', 'seed-hours.ts')], { stdio: 'inherit', env: process.env });
if (seeded.status !== 0) throw new Error('the e2e seed failed');
await import('../../scripts/start.mjs');
