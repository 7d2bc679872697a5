// Starts the app for e2e on an empty embedded database (DATA_DIR is wiped first).
import fs from 'node:fs';

fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
await import('../../scripts/start.mjs');
