// Serves a built Lantern: Next behind a plain node:http server, the one place that sees the socket.
// It stamps each request with the client address (scripts/client-address.mjs) before Next handles it.
// Shared by `npm start` (scripts/start.mjs) and the standalone server (scripts/standalone-server.mjs).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { stampClientAddress, trustedProxies } from './client-address.mjs';

/**
 * Starts Next (production) in `dir` on `port` with the build's own resolved config (as Next's
 * standalone server does: next.config is not read again). Stops on SIGINT/SIGTERM.
 */
export async function serve({ dir, port, host }) {
  const { config: conf } = JSON.parse(fs.readFileSync(path.join(dir, '.next', 'required-server-files.json'), 'utf8'));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(conf);
  process.env.NEXT_TELEMETRY_DISABLED = '1';
  process.env.NODE_ENV = 'production';
  // Tells lib/http/client.ts that the private client-address header was set here, not by the caller.
  process.env.LANTERN_FRONT_SERVER = '1';
  const trust = trustedProxies();
  // Imported after NODE_ENV is set: React and Next choose their production builds when loaded.
  const { default: next } = await import('next');

  const server = http.createServer();
  const app = next({ dev: false, dir, port, hostname: host ?? 'localhost', httpServer: server, conf });
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
  return server;
}
