import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as chatRoute from '@/app/(rest)/api/widget/chat/route';
import { resetMemoryLimits } from '@/lib/security/request-limits';
import { closeRedis, readyRedis, redis } from '@/lib/security/redis';
import { issueKey } from '@/lib/widget/keys';
import { call, createSchool, fromClient, STRONG_PASSWORD, visitorCall } from './http';
import { freePort } from './server-process';

// Redis goes away mid-run. A Redis of the test's own (never the shared one) is stopped
// and started again: visitors' chat is answered while it is away (fail open, one log line), sign-in
// refuses with 503 (fail closed: no password guessing past a limit nobody counts), and once it is
// back the limits count again.

const haveRedis = spawnSync('redis-server', ['--version']).status === 0;
if (!haveRedis) console.warn('[redis-outage] skipped: redis-server is not installed');

let port = 0;
let server: ChildProcess | null = null;
const saved = process.env.REDIS_URL;

async function startRedis(): Promise<void> {
  server = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (spawnSync('redis-cli', ['-p', String(port), 'ping'], { encoding: 'utf8' }).stdout.trim() === 'PONG') return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the private Redis did not start');
}

async function stopRedis(): Promise<void> {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGKILL');
  await exited;
}

const chat = (key: string, session: string) => visitorCall(chatRoute.POST, 'POST', '/api/widget/chat', key, { headers: fromClient('198.51.100.7'), body: { message: 'How much is tuition?', session_id: session } });
const signIn = () => call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'redis-root@lantern.test', password: STRONG_PASSWORD }, ip: '198.51.100.8' });

describe.skipIf(!haveRedis)('Redis away in the middle of a run', () => {
  let key = '';

  beforeAll(async () => {
    port = await freePort();
    await startRedis();
    process.env.REDIS_URL = `redis://127.0.0.1:${port}`;
    await resetMemoryLimits();
    const reg = await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'redis-root@lantern.test', password: STRONG_PASSWORD, username: 'redisroot', first_name: 'R', last_name: 'D' }, ip: '198.51.100.9' });
    expect(reg.status).toBe(201);
    key = await issueKey(await createSchool('Redis College'), 'public');
  });

  afterAll(async () => {
    closeRedis();
    if (saved === undefined) delete process.env.REDIS_URL;
    else process.env.REDIS_URL = saved;
    await stopRedis();
  });

  it('answers visitors and refuses sign-in while it is away, and counts again once it is back', async () => {
    expect((await chat(key, 'before')).status).toBe(200);
    expect((await signIn()).status).toBe(200);
    expect(await redis()!.keys('*')).not.toHaveLength(0);

    await stopRedis();
    const warned = vi.spyOn(console, 'warn');
    try {
      const answered = await chat(key, 'during');
      expect(answered.status).toBe(200);
      expect(typeof answered.json.response).toBe('string');
      expect(warned.mock.calls.map((c) => String(c[0]))).toContainEqual(expect.stringContaining("[limits] Redis did not answer; the widget's limits are not counted until it does"));
      const refused = await signIn();
      expect(refused.status).toBe(503);
      expect(refused.json.detail).toBe('This is unavailable for a moment. Please try again shortly.');
      expect(refused.headers.get('retry-after')).toBe('5');
    } finally {
      warned.mockRestore();
    }

    await startRedis();
    const client = redis()!;
    if (client.status !== 'ready') await once(client, 'ready');
    expect((await signIn()).status).toBe(200);
    // The session's limit (20 a minute) counts again in the new Redis.
    const answers: number[] = [];
    for (let i = 0; i < 21; i++) answers.push((await chat(key, 'after')).status);
    expect(answers.slice(0, 20)).toEqual(Array(20).fill(200));
    expect(answers[20]).toBe(429);
    expect(await (await readyRedis())!.keys('*')).not.toHaveLength(0);
  });
});
