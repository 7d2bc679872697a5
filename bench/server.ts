import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';

// The built app as the benchmarks run it: `scripts/start.mjs` (what `npm start` runs) on a port of
// the bench's own, with the schedule off and the widget's limits opened wide (many visitors from
// one machine: the limits are the school's, not the benchmark's).

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const BENCH_SECRET = 'bench-secret-0123456789abcdef0123456789';

/** The value at percentile `p` (0–100) of `xs`. */
export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((xs.length * p) / 100))]!;

/**
 * Starts the built app on `port` with `env` over the bench defaults; resolves once /health answers.
 * `dir`: the tree to start (bench/compare.ts starts another commit's), this one by default.
 */
export async function startLantern(port: number, env: Record<string, string> = {}, dir = root): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(dir, 'scripts/start.mjs')], {
    cwd: dir,
    env: {
      ...process.env,
      PORT: String(port),
      AUTH_SECRET: BENCH_SECRET,
      LANTERN_SCHEDULER: 'off',
      WIDGET_KEY_LIMIT_PER_MINUTE: '10000000',
      WIDGET_CLIENT_LIMIT_PER_MINUTE: '10000000',
      WIDGET_SESSION_LIMIT_PER_MINUTE: '10000000',
      WIDGET_CLIENT_CALLS_PER_MINUTE: '10000000',
      PUBLIC_CALLS_PER_MINUTE: '10000000',
      WIDGET_LIVE_KEY_LIMIT_PER_MINUTE: '10000000',
      WIDGET_LIVE_CLIENT_LIMIT_PER_MINUTE: '10000000',
      // The visitors' addresses arrive in X-Forwarded-For from this machine, as from a local proxy.
      TRUSTED_PROXIES: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the server exited (${code}) before it answered /health`))));
  const up = (async () => {
    for (const t = performance.now(); performance.now() - t < 600_000; ) {
      if (await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false)) return child;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('the server did not start within 10 minutes');
  })();
  try {
    return await Promise.race([up, exited]);
  } catch (err) {
    child.kill('SIGTERM');
    throw err;
  }
}

/** Stops a server started by startLantern and waits for it to exit. */
export const stopLantern = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** Exits with a message unless the app is built (the benchmarks run the built app). */
export function requireBuild(): void {
  if (!fs.existsSync(path.join(root, '.next/BUILD_ID'))) {
    console.error('Build the app first: npm run build');
    process.exit(1);
  }
}

/**
 * A Postgres database of the bench's own on the server at `adminUrl` (exits with a message when
 * none answers): dropped and created anew, or, with `reuse`, the one kept by an earlier run when
 * there is one (`reused` says which). Answers its address and the admin connection (to drop it afterwards).
 */
export async function benchDatabase(adminUrl: string, name: string, options: { reuse?: boolean } = {}): Promise<{ admin: postgres.Sql; url: string; reused: boolean }> {
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 2 });
  if (!(await admin`select 1`.then(() => true, () => false))) {
    console.error(`No Postgres at ${adminUrl}: set BENCH_PG_URL.`);
    process.exit(1);
  }
  const reused = Boolean(options.reuse) && (await admin`select 1 from pg_database where datname = ${name}`).length > 0;
  if (!reused) {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
  }
  return { admin, url: Object.assign(new URL(adminUrl), { pathname: `/${name}` }).toString(), reused };
}

/**
 * A database bench measured on PGlite, then on Postgres in a database of its own (`name`, dropped at
 * the end) when TEST_DATABASE_URL or BENCH_PG_URL names a server; answers whether every run passed.
 */
export async function onBothDatabases(name: string, measure: (kind: 'pglite' | 'postgres', url?: string) => Promise<boolean>): Promise<boolean> {
  let ok = await measure('pglite');
  const adminUrl = process.env.TEST_DATABASE_URL || process.env.BENCH_PG_URL;
  if (!adminUrl) {
    console.log('INFO  Postgres skipped: set TEST_DATABASE_URL (or BENCH_PG_URL) to measure it too');
    return ok;
  }
  const { admin, url } = await benchDatabase(adminUrl, name);
  try {
    ok = (await measure('postgres', url)) && ok;
  } finally {
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  return ok;
}

/**
 * Another commit's tree, extracted and built in a temporary folder kept between runs (its build is
 * reused), with this tree's packages and `copy` (files of this tree the bench needs there too).
 */
export function commitTree(sha: string, copy: string[] = []): string {
  const short = sha.slice(0, 7);
  const dir = path.join(os.tmpdir(), `lantern-compare-${sha}`);
  // Outside .next: a build wipes .next.
  const built = path.join(dir, '.lantern-compare-built');
  if (!fs.existsSync(built)) {
    fs.rmSync(dir, { recursive: true, force: true });
    fs.mkdirSync(dir, { recursive: true });
    console.log(`[compare] extracting ${short} into ${dir}`);
    execFileSync('sh', ['-c', `git archive ${sha} | tar -x -C '${dir}'`], { cwd: root });
    // The same packages (hard links: quick, and the build's bundler will not follow a symlinked node_modules).
    try {
      execFileSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
    } catch {
      execFileSync('cp', ['-a', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
    }
    console.log(`[compare] building ${short}`);
    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: '' };
    // As that commit's `npm start` would build it (recording its build stamp, so its start does not
    // build again), else its own build command.
    const run = (cmd: string, args: string[]) => {
      if (spawnSync(cmd, args, { cwd: dir, stdio: 'inherit', env }).status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed in ${dir}`);
    };
    if (fs.existsSync(path.join(dir, 'scripts/build-stamp.mjs'))) run(process.execPath, ['--input-type=module', '-e', "const m = await import('./scripts/build-stamp.mjs'); await m.ensureBuilt(process.cwd());"]);
    else run('npm', ['run', 'build']);
    fs.writeFileSync(built, sha);
  }
  for (const file of copy) fs.copyFileSync(path.join(root, file), path.join(dir, file));
  return dir;
}
