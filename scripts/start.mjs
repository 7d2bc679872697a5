// `npm start`: build when the sources changed since the last build, then serve on PORT (default 3000).
// The database (PGlite in DATA_DIR unless DATABASE_URL is set) is created and migrated by the server itself.
// Next runs in this process behind a plain node:http server (scripts/serve.mjs) that gives it the client address.
import path from 'node:path';
import { exitOnServerlessConfigProblem } from '../db/host.mjs';
import { ensureBuilt } from './build-stamp.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT || '3000');
const host = process.env.HOSTNAME_BIND || undefined;

// A host that cannot run Lantern as configured: say so and exit, before building or listening.
exitOnServerlessConfigProblem();
await ensureBuilt(root);

const { serve } = await import('./serve.mjs');
await serve({ dir: root, port, host });
