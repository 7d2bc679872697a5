// Starts the built app the way bench/chat.ts does (scripts/start.mjs builds first when the sources
// changed), on a fresh PGlite data directory.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');

export type App = { base: string; stop: () => Promise<void> };

export async function startApp(port: number, sitePort: number, env: Record<string, string> = {}): Promise<App> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-bench-answers-'));
  const child: ChildProcess = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      AUTH_SECRET: 'bench-secret-0123456789abcdef0123456789',
      LANTERN_SCHEDULER: 'off',
      // Fifty questions from one machine in a minute: the limits are for schools' visitors.
      WIDGET_KEY_LIMIT_PER_MINUTE: '100000',
      WIDGET_CLIENT_LIMIT_PER_MINUTE: '100000',
      WIDGET_SESSION_LIMIT_PER_MINUTE: '100000',
      TRUSTED_PROXIES: 'loopback',
      // The school's site is on this machine, which outbound fetches refuse unless allowed.
      OUTBOUND_ALLOW_HOSTS: `127.0.0.1:${sitePort}`,
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  const started = performance.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode}`);
    if (await fetch(`${base}/health`).then((r) => r.ok, () => false)) break;
    if (performance.now() - started > 900_000) throw new Error('the app did not start');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop: async () => {
      await new Promise<void>((resolve) => (child.once('exit', () => resolve()), child.kill('SIGTERM')));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
