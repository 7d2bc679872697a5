import { spawn, type ChildProcessByStdio } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import type { Readable } from 'node:stream';

// The built server as a child process, for the tests that need real processes (several instances on
// one Postgres, a server killed mid-task, a database restarted under load).

export const ROOT = path.resolve(__dirname, '../..');

/** A port free on this machine now, so parallel runs (and other suites) never collide. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type ServerProcess = { url: string; child: ChildProcessByStdio<null, Readable, Readable>; log: string[] };

/**
 * Starts `entry` (`npm start`'s script unless given) in production mode on 127.0.0.1:`port`, with
 * only PATH and HOME of this process's environment plus `env` (undefined values are left out).
 */
export function spawnServer(port: number, env: Record<string, string | undefined>, entry = path.join(ROOT, 'scripts/start.mjs')): ServerProcess {
  const all: Record<string, string | undefined> = { PATH: process.env.PATH, HOME: process.env.HOME, NODE_ENV: 'production', PORT: String(port), HOSTNAME_BIND: '127.0.0.1', NEXT_TELEMETRY_DISABLED: '1', ...env };
  const childEnv = Object.fromEntries(Object.entries(all).filter((e): e is [string, string] => e[1] !== undefined)) as NodeJS.ProcessEnv;
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env: childEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  const log: string[] = [];
  child.stdout.on('data', (d: Buffer) => log.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => log.push(d.toString()));
  return { url: `http://127.0.0.1:${port}`, child, log };
}

/** Resolves once `/health/ready` answers 200; fails with the server's log if it exits or the deadline passes. */
export async function untilReady(server: ServerProcess, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`the server exited (${server.child.exitCode}):\n${server.log.join('')}`);
    if (await fetch(`${server.url}/health/ready`).then((r) => r.ok, () => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`the server at ${server.url} did not get ready:\n${server.log.join('')}`);
}

export type ApiOptions = { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string>; timeoutMs?: number };

/** One call to a running server: its status, headers, text and (when it is JSON) parsed body. */
export async function callServer(baseUrl: string, method: string, urlPath: string, opts: ApiOptions = {}) {
  const headers: Record<string, string> = { ...opts.headers };
  if (opts.token) headers.authorization = `Bearer ${opts.token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  const res = await fetch(`${baseUrl}${urlPath}`, { method, headers, body, signal: opts.timeoutMs ? AbortSignal.timeout(opts.timeoutMs) : undefined });
  const text = await res.text();
  // Answers are asserted field by field in the tests; a loose type keeps them readable.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let json: any = {};
  try {
    json = JSON.parse(text);
  } catch {
    // not JSON (a server-sent event stream, an empty answer)
  }
  return { status: res.status, json, text, headers: res.headers };
}
