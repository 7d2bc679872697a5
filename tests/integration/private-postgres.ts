import { execFile, execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './server-process';

// A Postgres cluster of one test file's own, on a free port, that the test may stop, crash and
// restart: the machine's shared server (which other suites use) is never touched. initdb refuses
// to run as root, so as root the tools run as the `postgres` user, who owns the cluster's folder.

export type PrivatePostgres = {
  url: string;
  port: number;
  dir: string;
  /** `fast` stops cleanly (sessions are told, 57P01); `immediate` is a crash: recovery runs at start. */
  restart: (mode?: 'fast' | 'immediate') => Promise<void>;
  stop: (mode?: 'fast' | 'immediate') => Promise<void>;
  start: () => Promise<void>;
  /** Stops the cluster (if running) and deletes its folder; safe to call twice. */
  destroy: () => Promise<void>;
  log: () => string;
};

const asRoot = process.getuid?.() === 0;

/** Runs a Postgres tool without blocking the event loop (the test's visitors keep going meanwhile). */
function tool(name: string, args: string[]): Promise<string> {
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', name, ...args]] : [name, args];
  return new Promise((resolve, reject) =>
    execFile(cmd, argv, { cwd: os.tmpdir(), encoding: 'utf8' }, (err, stdout, stderr) => (err ? reject(new Error(`${name} ${args.join(' ')} failed: ${stderr || err.message}`)) : resolve(stdout))),
  );
}

/** Why a private cluster cannot be made here, or null when it can. */
export function privatePostgresUnavailable(): string | null {
  for (const name of ['initdb', 'pg_ctl']) {
    if (spawnSync(name, ['--version'], { stdio: 'ignore' }).status !== 0) return `${name} is not on PATH`;
  }
  if (asRoot) {
    if (spawnSync('runuser', ['-u', 'postgres', '--', 'true'], { stdio: 'ignore' }).status !== 0) return 'running as root without a postgres user to run initdb as';
  }
  return null;
}

/** initdb into a temporary folder and start the cluster; answers its URL (trust auth, user postgres). */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-pg-'));
  fs.chmodSync(dir, 0o755);
  if (asRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  const logFile = path.join(dir, 'log');
  const port = await freePort();
  let running = false;
  const ctl = (args: string[]) => tool('pg_ctl', ['-D', data, ...args]);
  const start = async () => {
    // The socket lives in the cluster's own folder, so no other server's /var/run is needed. fsync off:
    // a stopped or crashed server (what the tests do) loses nothing the OS already has, and this
    // machine's disk makes each synced commit slow enough to change the load; only a power cut would
    // differ, which no test here simulates.
    await ctl(['-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`, '-l', logFile, 'start', '-w', '-t', '60']);
    running = true;
  };
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await ctl(['stop', '-m', mode, '-w', '-t', '60']);
    running = false;
  };
  try {
    await tool('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8']);
    await start();
  } catch (err) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw err;
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    dir,
    start,
    stop,
    restart: async (mode = 'fast') => {
      // pg_ctl restart only knows clean modes' semantics for the restart itself; an immediate stop
      // then a start is the crash-and-recover a killed server goes through.
      await stop(mode);
      await start();
    },
    destroy: async () => {
      try {
        if (running) await stop('immediate');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
    log: () => (fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''),
  };
}
