import { once } from 'node:events';
import { InngestTestEngine } from '@inngest/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as registerRoute from '@/app/(rest)/auth/register/route';
import * as usersRoute from '@/app/(rest)/auth/users/route';
import * as loginRoute from '@/app/(rest)/auth/login/route';
import * as tasksRoute from '@/app/(rest)/api/scheduler/scheduled-tasks/route';
import * as executionsRoute from '@/app/(rest)/api/scheduler/task-executions/route';
import * as statisticsRoute from '@/app/(rest)/api/scheduler/task-statistics/route';
import * as triggerRoute from '@/app/(rest)/api/scheduler/tasks/[id]/trigger/route';
import { getDb } from '@/db/client';
import { mailOutbox, passwordResetTokens, rateLimitCounters, refreshTokens, taskExecutions, users, type TaskExecution } from '@/db/schema';
import { queueMail } from '@/lib/mail/outbox';
import { taskFunctions as functions } from '@/inngest/functions';
import { startLocalRunner, stopLocalRunner } from '@/lib/scheduler/local-runner';
import { createPendingExecution, runTask, taskEvents } from '@/lib/scheduler/run-task';
import { call, createSchool, STRONG_PASSWORD } from './http';
import { findTask } from '@/lib/jobs/define';
import { background } from '@/background';

let superToken: string;
let adminToken: string;

beforeAll(async () => {
  superToken = (await call(registerRoute.POST, 'POST', '/auth/register', { body: { email: 'ops@lantern.test', password: STRONG_PASSWORD, username: 'ops', first_name: 'Op', last_name: 'S' } })).json.access_token;
  const school = await createSchool('Oak Ridge');
  await call(usersRoute.POST, 'POST', '/auth/users', { token: superToken, body: { email: 'adm@lantern.test', username: 'adm', password: STRONG_PASSWORD, first_name: 'Ad', last_name: 'Min', role: 'admin', school_id: school } });
  adminToken = (await call(loginRoute.POST, 'POST', '/auth/login', { body: { email: 'adm@lantern.test', password: STRONG_PASSWORD } })).json.access_token;
});

afterAll(() => stopLocalRunner());

async function executionsOf(task: string): Promise<TaskExecution[]> {
  const db = await getDb();
  return db.select().from(taskExecutions).where(eq(taskExecutions.taskName, task));
}

describe('runTask', () => {
  it('records a successful run with its result summary and duration', async () => {
    const row = await runTask('unit_ok', async () => ({ processed: 3 }));
    expect(row).toMatchObject({ status: 'success', taskName: 'unit_ok', errorMessage: null });
    expect(JSON.parse(row.resultSummary!)).toEqual({ processed: 3 });
    expect(row.durationSeconds).toBeGreaterThanOrEqual(0);
    expect(row.finishedAt!.getTime()).toBeGreaterThanOrEqual(row.startedAt.getTime());
  });

  it('records a thrown error as a failure and keeps the work done before it', async () => {
    const db = await getDb();
    const row = await runTask('unit_fail', async () => {
      await db.insert(rateLimitCounters).values({ key: 'kept-by-failing-task', windowStart: new Date(), count: 1, expiresAt: new Date() });
      throw new Error('SMTP server refused the connection');
    });
    expect(row).toMatchObject({ status: 'failure', errorMessage: 'SMTP server refused the connection', resultSummary: null });
    expect(await db.select().from(rateLimitCounters).where(eq(rateLimitCounters.key, 'kept-by-failing-task'))).toHaveLength(1);
  });

  it('skips a second start of a task that is already running', async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const first = runTask('unit_slow', async () => {
      await gate;
      return { done: true };
    });
    // Wait until the first run holds the lock (it is 'running').
    while (!(await executionsOf('unit_slow')).some((e) => e.status === 'running')) await new Promise((r) => setImmediate(r));
    const second = await runTask('unit_slow', async () => ({ done: 'twice' }));
    expect(second).toMatchObject({ status: 'skipped', errorMessage: 'Skipped: this task is already running' });
    release();
    expect((await first).status).toBe('success');
    // Once the first run is over, the task can run again.
    expect((await runTask('unit_slow', async () => ({ again: true }))).status).toBe('success');
  });
});

describe('the registered tasks do real work', () => {
  it('cleanup_expired_tokens deletes expired/revoked refresh tokens and used/expired reset tokens', async () => {
    const db = await getDb();
    const [u] = await db.select({ id: users.id }).from(users).limit(1);
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 3_600_000);
    await db.insert(refreshTokens).values([
      { userId: u!.id, familyId: crypto.randomUUID(), tokenHash: 'expired', expiresAt: past },
      { userId: u!.id, familyId: crypto.randomUUID(), tokenHash: 'revoked', expiresAt: future, revokedAt: past },
      { userId: u!.id, familyId: crypto.randomUUID(), tokenHash: 'live', expiresAt: future },
    ]);
    await db.insert(passwordResetTokens).values([
      { userId: u!.id, tokenHash: 'used', expiresAt: future, usedAt: past },
      { userId: u!.id, tokenHash: 'old', expiresAt: past },
      { userId: u!.id, tokenHash: 'fresh', expiresAt: future },
    ]);
    const task = findTask(background, 'cleanup_expired_tokens')!;
    const row = await runTask(task.key, task.handler);
    const summary = JSON.parse(row.resultSummary!);
    expect(summary.refresh_tokens_deleted).toBeGreaterThanOrEqual(2);
    expect(summary.reset_tokens_deleted).toBe(2);
    const left = await db.select({ h: refreshTokens.tokenHash }).from(refreshTokens);
    expect(left.map((r) => r.h)).toContain('live');
    expect(left.map((r) => r.h)).not.toContain('expired');
    expect((await db.select({ h: passwordResetTokens.tokenHash }).from(passwordResetTokens)).map((r) => r.h)).toEqual(['fresh']);
  });

  it('mail_delivery reports mail kept, not sent, while SMTP is not configured, instead of a success', async () => {
    const task = findTask(background, 'mail_delivery')!;
    const db = await getDb();
    await db.delete(mailOutbox).where(eq(mailOutbox.status, 'pending'));
    // Nothing waiting: nothing to report.
    expect(await runTask(task.key, task.handler)).toMatchObject({ status: 'success', errorMessage: null });
    await queueMail({ to: 'admissions@example.edu', subject: 'A visitor asked to talk to a person: Ana', text: 'Hello', kind: 'handoff' });
    const row = await runTask(task.key, task.handler);
    expect(row).toMatchObject({ status: 'skipped', errorMessage: 'Kept, not sent: SMTP_URL is not set, so 1 e-mail waits in the outbox' });
    expect(JSON.parse(row.resultSummary!)).toMatchObject({ sent: 0, waiting: 1, smtp_configured: false });
    // Once SMTP_URL is set, the kept mail is queued for delivery; a kept reset link is not (it is for the moment it was asked for).
    const [reset] = await db.insert(mailOutbox).values({ toAddress: 'y@lantern.test', subject: 'Reset', textBody: 'link', kind: 'password_reset', status: 'logged', secretUntil: new Date(Date.now() + 3_600_000) }).returning();
    process.env.SMTP_URL = 'smtp://127.0.0.1:9';
    try {
      expect(await runTask(task.key, task.handler)).toMatchObject({ status: 'success' });
    } finally {
      delete process.env.SMTP_URL;
    }
    const rows = await db.select({ id: mailOutbox.id, kind: mailOutbox.kind, status: mailOutbox.status }).from(mailOutbox);
    expect(rows.find((r) => r.kind === 'handoff')!.status).toBe('pending');
    expect(rows.find((r) => r.id === reset!.id)!.status).toBe('logged');
  });
});

describe('statistics', () => {
  it('computes totals, success rates, average durations and last runs from known executions', async () => {
    const db = await getDb();
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000);
    await db.insert(taskExecutions).values([
      { taskName: 'stats_a', status: 'success', startedAt: at(10), durationSeconds: 2 },
      { taskName: 'stats_a', status: 'success', startedAt: at(20), durationSeconds: 4 },
      { taskName: 'stats_a', status: 'failure', startedAt: at(30), durationSeconds: 6 },
      { taskName: 'stats_a', status: 'skipped', startedAt: at(5), durationSeconds: 0 },
      { taskName: 'stats_b', status: 'failure', startedAt: at(40), durationSeconds: 1 },
      // Outside the 7-day window.
      { taskName: 'stats_b', status: 'success', startedAt: at(8 * 24 * 60), durationSeconds: 9 },
    ]);
    const res = await call(statisticsRoute.GET, 'GET', '/api/scheduler/task-statistics', { token: superToken, query: { days: 7 } });
    expect(res.status).toBe(200);
    const a = res.json.by_task.find((t: { task_name: string }) => t.task_name === 'stats_a');
    const b = res.json.by_task.find((t: { task_name: string }) => t.task_name === 'stats_b');
    expect(a).toEqual({ task_name: 'stats_a', display_name: 'stats_a', total_runs: 4, success_rate: 66.7, avg_duration_seconds: 4, last_run: at(5).toISOString() });
    expect(b).toMatchObject({ total_runs: 1, success_rate: 0, avg_duration_seconds: 1 });
    const all = await db.select().from(taskExecutions);
    const inWindow = all.filter((e) => e.startedAt.getTime() >= now - 7 * 86_400_000);
    const ok = inWindow.filter((e) => e.status === 'success').length;
    const bad = inWindow.filter((e) => e.status === 'failure').length;
    expect(res.json.overall).toEqual({ total_executions: inWindow.length, successful: ok, failed: bad, success_rate: Math.round((ok / (ok + bad)) * 1000) / 10 });
  });
});

describe('REST', () => {
  it('lists the registered tasks with their next run', async () => {
    const res = await call(tasksRoute.GET, 'GET', '/api/scheduler/scheduled-tasks', { token: superToken });
    expect(res.json.map((t: { key: string }) => t.key)).toEqual(['cleanup_expired_tokens', 'mail_delivery', 'live_chat_sweep', 'rate_limit_cleanup', 'web_link_refresh', 'interview_call_sync', 'conversation_retention', 'audit_log_retention', 'privacy_retention', 'upload_cleanup', 'conversation_turn_analysis', 'daily_stats']);
    const mail = res.json.find((t: { key: string }) => t.key === 'mail_delivery');
    expect(mail).toMatchObject({ category: 'Maintenance', schedule: '*/5 * * * *', queue: 'high_priority', display_name: 'Send waiting e-mails' });
    const next = new Date(mail.next_run).getTime();
    expect(next).toBeGreaterThan(Date.now());
    expect(next - Date.now()).toBeLessThanOrEqual(5 * 60_000);
    expect(new Date(mail.next_run).getUTCMinutes() % 5).toBe(0);
  });

  it('triggers a task in-process and answers its execution id at once', async () => {
    const finished = once(taskEvents, 'finished');
    const res = await call(triggerRoute.POST, 'POST', '/api/scheduler/tasks/rate_limit_cleanup/trigger', { token: superToken, params: { id: 'rate_limit_cleanup' } });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({ execution_id: expect.any(Number), message: 'Successfully triggered Clear old request counters' });
    const [row] = (await finished) as [TaskExecution];
    expect(row).toMatchObject({ id: res.json.execution_id, status: 'success', trigger: 'manual' });
    const list = await call(executionsRoute.GET, 'GET', '/api/scheduler/task-executions', { token: superToken, query: { limit: 50, task_name: 'rate_limit_cleanup' } });
    expect(list.json[0]).toMatchObject({ id: res.json.execution_id, status: 'success', display_name: 'Clear old request counters' });
    const unknown = await call(triggerRoute.POST, 'POST', '/api/scheduler/tasks/nope/trigger', { token: superToken, params: { id: 'nope' } });
    expect(unknown.status).toBe(404);
  });

  it('filters executions by status and answers newest first', async () => {
    // Failures and a success of this test's own, at different times.
    const db = await getDb();
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await db.insert(taskExecutions).values([
      { taskName: 'filter_me', status: 'failure', startedAt: at(50), durationSeconds: 1, errorMessage: 'older' },
      { taskName: 'filter_me', status: 'success', startedAt: at(40), durationSeconds: 1 },
      { taskName: 'filter_me', status: 'failure', startedAt: at(30), durationSeconds: 1, errorMessage: 'newer' },
    ]);
    const res = await call(executionsRoute.GET, 'GET', '/api/scheduler/task-executions', { token: superToken, query: { limit: 500, status: 'failure' } });
    expect(res.json.length).toBeGreaterThan(0);
    expect(res.json.every((e: { status: string }) => e.status === 'failure')).toBe(true);
    const times = res.json.map((e: { started_at: string }) => Date.parse(e.started_at));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect((await call(executionsRoute.GET, 'GET', '/api/scheduler/task-executions', { token: superToken, query: { status: 'bogus' } })).status).toBe(422);
    expect((await call(executionsRoute.GET, 'GET', '/api/scheduler/task-executions', { token: superToken, query: { limit: 0 } })).status).toBe(422);
  });

  it('is for superusers only', async () => {
    for (const [handler, method, path, params] of [
      [tasksRoute.GET, 'GET', '/api/scheduler/scheduled-tasks', {}],
      [executionsRoute.GET, 'GET', '/api/scheduler/task-executions', {}],
      [statisticsRoute.GET, 'GET', '/api/scheduler/task-statistics', {}],
      [triggerRoute.POST, 'POST', '/api/scheduler/tasks/mail_delivery/trigger', { id: 'mail_delivery' }],
    ] as const) {
      expect((await call(handler, method, path, { token: adminToken, params })).status).toBe(403);
      expect((await call(handler, method, path, { params })).status).toBe(401);
    }
  });
});

describe('schedulers', () => {
  it('the local runner fires a task on a short schedule', async () => {
    const finished = new Promise<TaskExecution>((resolve) => {
      const onFinished = (row: TaskExecution) => {
        if (row.taskName !== 'every_second') return;
        taskEvents.off('finished', onFinished);
        resolve(row);
      };
      taskEvents.on('finished', onFinished);
    });
    startLocalRunner([{ ...background.tasks[0]!, key: 'every_second', schedule: '* * * * * *', handler: async () => ({ tick: true }) }]);
    const row = await finished;
    stopLocalRunner();
    expect(row).toMatchObject({ status: 'success', trigger: 'schedule' });
    expect(JSON.parse(row.resultSummary!)).toEqual({ tick: true });
  });

  it('every Inngest function runs its task through runTask and leaves an execution record', async () => {
    expect(functions).toHaveLength(background.tasks.length);
    // No mail waiting, so Send waiting e-mails has nothing to keep (kept mail is reported 'skipped', tested above).
    await (await getDb()).delete(mailOutbox);
    for (const fn of functions) {
      const key = fn.id('lantern').replace(/^lantern-/, '');
      const before = (await executionsOf(key)).length;
      // As 'Trigger Now' sends it: the pending execution first, then the event naming it.
      const executionId = await createPendingExecution(key, 'manual');
      const t = new InngestTestEngine({ function: fn, events: [{ name: 'scheduler/task.triggered', data: { task_key: key, execution_id: executionId } }] });
      const { result, error } = await t.execute();
      expect(error).toBeUndefined();
      const rows = await executionsOf(key);
      expect(rows).toHaveLength(before + 1);
      expect(rows.find((r) => r.id === executionId)).toMatchObject({ status: 'success', trigger: 'manual' });
      expect(result).toEqual({ execution_id: executionId, status: 'success' });
    }
  });
});
