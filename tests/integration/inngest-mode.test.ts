import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InngestTestEngine } from '@inngest/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as triggerRoute from '@/app/(rest)/api/scheduler/tasks/[id]/trigger/route';
import { getDb } from '@/db/client';
import { jobs, taskExecutions } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { call, STRONG_PASSWORD } from './http';
import { mailSendJob } from '@/lib/mail/outbox';
import { background } from '@/background';

// Inngest mode (INNGEST_EVENT_KEY set) against a local server speaking Inngest's event API, and
// the functions run by @inngest/test's engine: what a deployed Inngest would call at /api/inngest.

const received: { name: string; data: Record<string, unknown> }[] = [];
const eventApi = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/e/mode-event-key') received.push(...(JSON.parse(raw) as typeof received));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ids: ['evt'], status: 200 }));
  });
});

let superToken: string;
// Loaded once the event key is set: the Inngest client reads it when it is built.
let functions: (typeof import('@/inngest/functions'))['functions'];
let taskFunctions: (typeof import('@/inngest/functions'))['taskFunctions'];

beforeAll(async () => {
  await new Promise<void>((resolve) => eventApi.listen(0, '127.0.0.1', resolve));
  process.env.INNGEST_EVENT_KEY = 'mode-event-key';
  process.env.INNGEST_EVENT_API_BASE_URL = `http://127.0.0.1:${(eventApi.address() as AddressInfo).port}/`;
  ({ functions, taskFunctions } = await import('@/inngest/functions'));
  superToken = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'inngest@lantern.test', password: STRONG_PASSWORD, username: 'inngest', first_name: 'In', last_name: 'Ngest' } })).json.access_token;
});

afterAll(async () => {
  delete process.env.INNGEST_EVENT_KEY;
  delete process.env.INNGEST_EVENT_API_BASE_URL;
  await new Promise((resolve) => eventApi.close(resolve));
});

type Trigger = { cron?: string; event?: string; if?: string };
const triggersOf = (fn: (typeof functions)[number]) => (fn as unknown as { opts: { triggers: Trigger[]; retries?: number } }).opts;

describe('Inngest functions', () => {
  it('every registered task has one function, on its own cron and its own Trigger Now event; one job runner serves every kind of job', () => {
    expect(taskFunctions.map((fn) => fn.id('lantern'))).toEqual(background.tasks.map((t) => `lantern-${t.key}`));
    for (const [i, task] of background.tasks.entries()) {
      const { triggers, retries } = triggersOf(taskFunctions[i]!);
      expect(triggers).toContainEqual({ cron: `TZ=UTC ${task.schedule}` });
      expect(triggers).toContainEqual({ event: 'scheduler/task.triggered', if: `event.data.task_key == '${task.key}'` });
      expect(retries).toBeGreaterThan(0);
    }
    const runner = functions.find((fn) => fn.id('lantern') === 'lantern-job_runner')!;
    expect(triggersOf(runner).triggers).toContainEqual({ event: 'jobs/job.enqueued' });
    expect(background.jobs.length).toBeGreaterThan(0);
  });

  it('Trigger Now sends the task event with the pending execution it answers, and the function runs that execution', async () => {
    received.length = 0;
    const res = await call(triggerRoute.POST, 'POST', '/api/scheduler/tasks/rate_limit_cleanup/trigger', { token: superToken, params: { id: 'rate_limit_cleanup' } });
    expect(res.status).toBe(202);
    const executionId = res.json.execution_id as number;
    expect(received).toEqual([expect.objectContaining({ name: 'scheduler/task.triggered', data: { task_key: 'rate_limit_cleanup', execution_id: executionId } })]);
    const db = await getDb();
    // Nothing ran in this process: the event is the only way the work starts.
    expect((await db.select().from(taskExecutions).where(eq(taskExecutions.id, executionId)))[0]).toMatchObject({ status: 'pending', trigger: 'manual' });

    const fn = taskFunctions.find((f) => f.id('lantern') === 'lantern-rate_limit_cleanup')!;
    const { result, error } = await new InngestTestEngine({ function: fn, events: [{ name: 'scheduler/task.triggered', data: received[0]!.data }] }).execute();
    expect(error).toBeUndefined();
    expect(result).toEqual({ execution_id: executionId, status: 'success' });
    expect((await db.select().from(taskExecutions).where(eq(taskExecutions.id, executionId)))[0]).toMatchObject({ status: 'success', trigger: 'manual' });
  });

  it('a cron run records a scheduled execution through runTask, in one step named after the task', async () => {
    const fn = taskFunctions.find((f) => f.id('lantern') === 'lantern-cleanup_expired_tokens')!;
    const t = new InngestTestEngine({ function: fn, events: [{ name: 'inngest/scheduled.timer', data: {} }] });
    const { result, error, ctx } = await t.execute();
    expect(error).toBeUndefined();
    expect(ctx.step.run).toHaveBeenCalledWith('cleanup_expired_tokens', expect.any(Function));
    const { execution_id } = result as { execution_id: number };
    const db = await getDb();
    expect((await db.select().from(taskExecutions).where(eq(taskExecutions.id, execution_id)))[0]).toMatchObject({ status: 'success', trigger: 'schedule' });
  });

  it('a retried or repeated delivery runs a job once: the row, claimed SKIP LOCKED, is the unit of work', async () => {
    const db = await getDb();
    const { id } = await enqueue(mailSendJob, { mail_id: 4242 });
    const runner = functions.find((fn) => fn.id('lantern') === 'lantern-job_runner')!;
    const deliver = () => new InngestTestEngine({ function: runner, events: [{ name: 'jobs/job.enqueued', data: { job_id: id, name: 'mail_send' } }] }).execute();
    // Inngest delivers at least once, and retries an attempt that failed: the same event may come twice, even at once.
    const [first, second] = await Promise.all([deliver(), deliver()]);
    const third = await deliver();
    for (const run of [first, second, third]) expect(run.error).toBeUndefined();
    const ran = [first, second, third].flatMap((r) => (r.result as { runs: { job_id: number }[] }).runs).filter((r) => r.job_id === id);
    expect(ran).toHaveLength(1);
    expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
});
});
