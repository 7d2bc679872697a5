import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIsCurrent } from '@/scripts/build-stamp.mjs';
import { freePort, spawnServer, untilReady, type ServerProcess } from './server-process';

// The built server as a school starts it: on a port of its own with no APP_URL, its
// pages name that address (the share image), and a start that refuses to run exits.

const root = path.resolve(__dirname, '../..');
const why = !buildIsCurrent(root) ? 'needs a current build (npm run build)' : null;
if (why) console.warn(`[built-server] skipped: ${why}`);

const children: ServerProcess[] = [];
afterAll(async () => {
  for (const s of children) if (s.child.exitCode === null) s.child.kill('SIGKILL');
});

describe.skipIf(why)('the built server', () => {
  it('names its own address in the share image when APP_URL is unset, as e-mailed links do', async () => {
    const port = await freePort();
    const server = spawnServer(port, { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-og-')), AUTH_SECRET: 'built-server-secret-0123456789abcdef', LANTERN_SCHEDULER: 'off' });
    children.push(server);
    await untilReady(server);
    const html = await (await fetch(`${server.url}/`)).text();
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1];
    expect(image, 'og:image').toBeDefined();
    expect(new URL(image!.replace(/&amp;/g, '&')).origin).toBe(`http://localhost:${port}`);
    // The image is served there.
    const res = await fetch(`${server.url}${new URL(image!.replace(/&amp;/g, '&')).pathname}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    server.child.kill('SIGTERM');
  }, 120_000);

  it('refuses to start when REDIS_URL does not answer, naming it, and exits non-zero', async () => {
    const closed = await freePort();
    const server = spawnServer(await freePort(), { DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-redis-')), AUTH_SECRET: 'built-server-secret-0123456789abcdef', LANTERN_SCHEDULER: 'off', REDIS_URL: `redis://:hunter2@127.0.0.1:${closed}` });
    children.push(server);
    const code = await new Promise<number | null>((resolve) => server.child.on('exit', resolve));
    expect(code).toBe(1);
    const log = server.log.join('');
    expect(log).toContain(`[lantern] REDIS_URL (redis://:***@127.0.0.1:${closed}) does not answer`);
    expect(log).not.toContain('hunter2');
  }, 60_000);

  it('the standalone server refuses a serverless host without its settings and exits 1', async () => {
    const entry = path.join(root, '.next/standalone/server.js');
    const server = spawnServer(await freePort(), { VERCEL: '1', DATA_DIR: fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-refused-')) }, entry);
    children.push(server);
    const code = await new Promise<number | null>((resolve) => server.child.on('exit', resolve));
    expect(code).toBe(1);
    expect(server.log.join('')).toContain('[lantern] refusing to run on Vercel without DATABASE_URL');
  }, 60_000);
});
