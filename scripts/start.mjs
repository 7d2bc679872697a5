// `npm start`: build when the sources changed since the last build, then serve on PORT (default 3000).
// The database (PGlite in DATA_DIR unless DATABASE_URL is set) is created and migrated by the server itself.
// Next runs in this process behind a plain node:http server, the one place that sees the socket: it
// stamps each request with the client address (scripts/client-address.mjs) before Next handles it.
import http from 'node:http';
import path from 'node:path';
import { ensureBuilt } from './build-stamp.mjs';
import { stampClientAddress, trustedProxies } from './client-address.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT || '3000');
const host = process.env.HOSTNAME_BIND || undefined;

await ensureBuilt(root);

process.env.NEXT_TELEMETRY_DISABLED = '1';
process.env.NODE_ENV = 'production';
// Tells lib/http/client.ts that the private client-address header was set here, not by the caller.
process.env.LANTERN_FRONT_SERVER = '1';
const trust = trustedProxies();

const { default: next } = await import('next');
const server = http.createServer();
const app = next({ dev: false, dir: root, port, hostname: host ?? 'localhost', httpServer: server });
await app.prepare();
const handle = app.getRequestHandler();
server.on('request', (req, res) => {
  stampClientAddress(req, trust);
  handle(req, res);
});
await new Promise((resolve, reject) => {
  server.once('error', reject);
  server.listen(port, host, resolve);
});
console.log(`[lantern] ready on http://${host ?? 'localhost'}:${port}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    app.close().finally(() => process.exit(0));
  });
}
