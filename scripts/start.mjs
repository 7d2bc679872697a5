// `npm start`: build when the sources changed since the last build, then serve on PORT (default 3000).
// The database (PGlite in DATA_DIR unless DATABASE_URL is set) is created and migrated by the server itself.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt } from './build-stamp.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const next = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const port = process.env.PORT || '3000';

await ensureBuilt(root);

const server = spawn(process.execPath, [next, 'start', '-p', port, ...(process.env.HOSTNAME_BIND ? ['-H', process.env.HOSTNAME_BIND] : [])], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1' },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
