import { spawn } from 'node:child_process';
import os from 'node:os';
import { eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getDb, getDbKind } from '@/db/client';
import { jobs, runnerInstances, taskExecutions } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { drainJobs, JOB_LEASE_MS } from '@/lib/jobs/runner';
import { instanceId, machineKey } from '@/lib/scheduler/instance';
import { INTERRUPTED_MESSAGE, recoverInterrupted, startRecovery, stopRecovery } from '@/lib/scheduler/recovery';
import { runTask } from '@/lib/scheduler/run-task';
import { mailSendJob } from '@/lib/mail/outbox';
import { background } from '@/background';

// Work whose server process is gone is recognised (lib/scheduler/recovery.ts).
// Other processes are played by rows: a runner_instances row with the heartbeat the case needs, and
// executions and jobs stamped with its id, as its runners would have left them.

const STALE_AFTER_MS = 30_000;
let owners = 0;

/** Another process's row: its heartbeat `ageMs` old, on another machine unless told. */
async function otherInstance(ageMs: number, where: { machine?: string | null; pid?: number } = {}): Promise<string> {
  const db = await getDb();
  const id = `other-${++owners}-${process.pid}`;
  await db.insert(runnerInstances).values({
    id,
    host: 'elsewhere',
    pid: where.pid ?? 1,
    machine: where.machine === undefined ? 'another-machine' : where.machine,
    seenAt: new Date(Date.now() - ageMs),
  });
  return id;
}

/** What a runner leaves while a job runs: the job claimed (attempt counted, lease) and its execution running. */
async function runningJob(owner: string | null, mailId: number) {
  const db = await getDb();
  const { id } = await db.transaction((tx) => enqueue(mailSendJob, { mail_id: mailId }, {}, tx));
  await db
    .update(jobs)
    .set({ status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + JOB_LEASE_MS), lockedBy: owner })
    .where(eq(jobs.id, id));
  const [execution] = await db.insert(taskExecutions).values({ taskName: 'mail_send', status: 'running', trigger: 'event', instanceId: owner }).returning();
  return { jobId: id, executionId: execution!.id };
}

async function execution(id: number) {
  const [row] = await (await getDb()).select().from(taskExecutions).where(eq(taskExecutions.id, id));
  return row!;
}
async function job(id: number) {
  const [row] = await (await getDb()).select().from(jobs).where(eq(jobs.id, id));
  return row!;
}

/** A PID that was alive on this machine a moment ago and is not any more. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

beforeEach(async () => {
  const db = await getDb();
  await db.delete(jobs);
  await db.delete(taskExecutions);
});
afterEach(() => stopRecovery());

describe('recovering the work of a stopped server', () => {
  it("marks a gone owner's running execution failed, makes its job due again with the attempt counted, and the job runs", async () => {
    const gone = await otherInstance(10 * 60_000);
    const { jobId, executionId } = await runningJob(gone, 501);

    const recovery = await recoverInterrupted(background.tasks, { staleAfterMs: STALE_AFTER_MS });
    expect(recovery.gone).toEqual([gone]);
    expect(recovery.jobs).toEqual([jobId]);
    expect(await execution(executionId)).toMatchObject({ status: 'failure', errorMessage: INTERRUPTED_MESSAGE, finishedAt: expect.any(Date) });
    expect(await job(jobId)).toMatchObject({ status: 'pending', attempts: 1, lockedBy: null, lockedUntil: null, lastError: INTERRUPTED_MESSAGE });
    expect((await job(jobId)).runAt.getTime()).toBeLessThanOrEqual(Date.now());
    // A job run again through its row, not by the recovery: the execution itself is not repeated.
    expect(recovery.reruns).toEqual([]);

    const [run] = await drainJobs(background, { max: 1 });
    expect(run).toMatchObject({ job: { id: jobId }, outcome: 'succeeded' });
    expect(await job(jobId)).toMatchObject({ status: 'succeeded', attempts: 2 });
    // Nothing else is left to recover.
    expect((await recoverInterrupted(background.tasks, { staleAfterMs: STALE_AFTER_MS })).gone).toEqual([]);
  });

  it("leaves a live owner's running work alone (fresh heartbeat), and rows with no owner to their lease", async () => {
    const live = await otherInstance(1_000);
    const alive = await runningJob(live, 502);
    const ownerless = await runningJob(null, 503);

    const recovery = await recoverInterrupted(background.tasks, { staleAfterMs: STALE_AFTER_MS });
    expect(recovery).toMatchObject({ gone: [], executions: [], jobs: [] });
    for (const { jobId, executionId } of [alive, ownerless]) {
      expect(await execution(executionId)).toMatchObject({ status: 'running', errorMessage: null, finishedAt: null });
      expect(await job(jobId)).toMatchObject({ status: 'running', attempts: 1, lastError: null });
    }
    // Rows with no owner are not taken even when every other owner counts as gone (PGlite's start).
    await recoverInterrupted(background.tasks, { everyOtherOwner: true });
    expect(await execution(ownerless.executionId)).toMatchObject({ status: 'running' });
    expect(await job(ownerless.jobId)).toMatchObject({ status: 'running', lockedBy: null });
  });

  it('never takes its own running work, even when recovering every other owner at start', async () => {
    const db = await getDb();
    await db.insert(runnerInstances).values({ id: instanceId(), host: os.hostname(), pid: process.pid, machine: machineKey() }).onConflictDoNothing();
    const mine = await runningJob(instanceId(), 504);
    const theirs = await runningJob(await otherInstance(0), 505);
    const recovery = await recoverInterrupted(background.tasks, { everyOtherOwner: true });
    expect(recovery.jobs).toEqual([theirs.jobId]);
    expect(await execution(mine.executionId)).toMatchObject({ status: 'running' });
    expect(await execution(theirs.executionId)).toMatchObject({ status: 'failure', errorMessage: INTERRUPTED_MESSAGE });
  });

  it('knows a predecessor on this machine is gone from its PID, without waiting for its heartbeat to go stale', async () => {
    const here = machineKey();
    if (!here) {
      console.warn('[crash-recovery] PID rule not tested: no /proc on this machine');
      return;
    }
    const predecessor = await otherInstance(0, { machine: here, pid: await deadPid() });
    const running = await otherInstance(0, { machine: here, pid: process.ppid });
    const dead = await runningJob(predecessor, 506);
    const alive = await runningJob(running, 507);
    // No heartbeat rule at all (as on a Postgres server's start): only the PID tells.
    const recovery = await recoverInterrupted(background.tasks, { staleAfterMs: null });
    expect(recovery.gone).toEqual([predecessor]);
    expect(await execution(dead.executionId)).toMatchObject({ status: 'failure' });
    expect(await execution(alive.executionId)).toMatchObject({ status: 'running' });
  });

  it('runs an interrupted scheduled task again once, now; an interrupted rerun is not repeated', async () => {
    const db = await getDb();
    const gone = await otherInstance(10 * 60_000);
    const tick = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const [interrupted] = await db
      .insert(taskExecutions)
      .values({ taskName: 'rate_limit_cleanup', status: 'running', trigger: 'schedule', scheduledFor: tick, instanceId: gone })
      .returning();

    const recovery = await recoverInterrupted(background.tasks, { staleAfterMs: STALE_AFTER_MS });
    expect(recovery.executions.map((e) => e.id)).toEqual([interrupted!.id]);
    expect(recovery.reruns).toHaveLength(1);
    const rerun = await recovery.reruns[0]!;
    expect(rerun).toMatchObject({ taskName: 'rate_limit_cleanup', status: 'success', trigger: 'schedule', retryOf: interrupted!.id, scheduledFor: null });
    expect(await execution(interrupted!.id)).toMatchObject({ status: 'failure', errorMessage: INTERRUPTED_MESSAGE });
    // Once: a second look finds nothing, and the history holds the failure and the one rerun.
    expect((await recoverInterrupted(background.tasks, { staleAfterMs: STALE_AFTER_MS })).reruns).toHaveLength(0);
    const history = await db.select().from(taskExecutions).where(eq(taskExecutions.taskName, 'rate_limit_cleanup'));
    expect(history.map((e) => e.status).sort()).toEqual(['failure', 'success']);

    // A rerun whose own server stopped too is marked, not repeated (a task that crashes its server would loop).
    const [rerunInterrupted] = await db
      .insert(taskExecutions)
      .values({ taskName: 'rate_limit_cleanup', status: 'running', trigger: 'manual', instanceId: gone, retryOf: interrupted!.id })
      .returning();
    const again = await recoverInterrupted(background.tasks, { staleAfterMs: STALE_AFTER_MS });
    expect(again.executions.map((e) => e.id)).toEqual([rerunInterrupted!.id]);
    expect(again.reruns).toEqual([]);
  });

  it('a run that finishes after it was marked interrupted keeps the mark', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const run = runTask(
      'rate_limit_cleanup',
      async () => {
        started();
        await gate;
        return { late: true };
      },
      { trigger: 'manual' },
    );
    await running;
    const db = await getDb();
    const [row] = await db.select().from(taskExecutions).where(eq(taskExecutions.status, 'running'));
    // Its process judged gone (as another instance would after a long stall of this one).
    await db.update(taskExecutions).set({ instanceId: await otherInstance(10 * 60_000) }).where(eq(taskExecutions.id, row!.id));
    const recovery = await recoverInterrupted(background.tasks, { staleAfterMs: STALE_AFTER_MS });
    await Promise.all(recovery.reruns);
    release();
    expect(await run).toMatchObject({ id: row!.id, status: 'failure', errorMessage: INTERRUPTED_MESSAGE });
  });

  it('a pending run judged interrupted before it started is not started by its owner afterwards', async () => {
    const db = await getDb();
    const [pending] = await db.insert(taskExecutions).values({ taskName: 'rate_limit_cleanup', status: 'pending', trigger: 'manual', instanceId: await otherInstance(10 * 60_000) }).returning();
    const recovery = await recoverInterrupted(background.tasks, { staleAfterMs: STALE_AFTER_MS });
    expect(recovery.executions.map((e) => e.id)).toContain(pending!.id);
    await Promise.all(recovery.reruns);
    // The slow owner gets round to it only now: its run must not happen a second time.
    let ran = false;
    const late = await runTask('rate_limit_cleanup', async () => ((ran = true), {}), { trigger: 'manual', executionId: pending!.id });
    expect(ran).toBe(false);
    expect(late).toMatchObject({ id: pending!.id, status: 'failure', errorMessage: INTERRUPTED_MESSAGE });
  });
});

describe('the heartbeat', () => {
  beforeEach(() => {
    process.env.LANTERN_INSTANCE_TIMEOUT_MS = '1000';
    process.env.LANTERN_HEARTBEAT_MS = '100';
  });
  afterEach(() => {
    delete process.env.LANTERN_INSTANCE_TIMEOUT_MS;
    delete process.env.LANTERN_HEARTBEAT_MS;
  });

  it('stamps what this process runs once its heartbeat is in, and keeps the heartbeat fresh on Postgres', async () => {
    const db = await getDb();
    await startRecovery(background.tasks).started;
    const [first] = await db.select().from(runnerInstances).where(eq(runnerInstances.id, instanceId()));
    expect(first).toMatchObject({ host: os.hostname(), pid: process.pid });
    const run = await runTask('rate_limit_cleanup', async () => ({}), { trigger: 'manual' });
    expect(run.instanceId).toBe(instanceId());
    // PGlite: nobody else could read it, so it beats once.
    if ((await getDbKind()) === 'pglite') return;
    const deadline = Date.now() + 10_000;
    let later = first!;
    while (later.seenAt.getTime() <= first!.seenAt.getTime() && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      [later] = await db.select().from(runnerInstances).where(eq(runnerInstances.id, instanceId()));
    }
    expect(later.seenAt.getTime()).toBeGreaterThan(first!.seenAt.getTime());
  });

  it('at start, recovers what a stopped server left: on PGlite all of it at once, on Postgres only what a timeout of its own heartbeats shows gone', async () => {
    const kind = await getDbKind();
    // Every heartbeat stale, as just after a Postgres restart: one owner comes back (beats again), one does not.
    const returning = await otherInstance(10 * 60_000);
    const gone = await otherInstance(10 * 60_000);
    const back = await runningJob(returning, 508);
    const lost = await runningJob(gone, 509);
    const db = await getDb();
    let beating = true;
    const keepAlive = (async () => {
      // The returning owner beats again half a timeout after this process starts (its reconnect took longer).
      await new Promise((r) => setTimeout(r, 500));
      while (beating) {
        await db.update(runnerInstances).set({ seenAt: new Date() }).where(eq(runnerInstances.id, returning));
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    try {
      const atStart = await startRecovery(background.tasks).recovered;
      if (kind === 'pglite') {
        // One process per data folder: nobody else can be running.
        expect(atStart.gone.sort()).toEqual([returning, gone].sort());
        return;
      }
      // Postgres: nothing at start (this process has not had the database for a timeout yet) ...
      expect(atStart.gone).toEqual([]);
      expect(await execution(back.executionId)).toMatchObject({ status: 'running' });
      // ... then the one whose heartbeat stays old, within the timeout and a beat; the live one never.
      const deadline = Date.now() + 10_000;
      while ((await execution(lost.executionId)).status === 'running' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(await execution(lost.executionId)).toMatchObject({ status: 'failure', errorMessage: INTERRUPTED_MESSAGE });
      expect(await job(lost.jobId)).toMatchObject({ status: 'pending' });
      expect(await execution(back.executionId)).toMatchObject({ status: 'running' });
      expect(await job(back.jobId)).toMatchObject({ status: 'running', lockedBy: returning });
    } finally {
      beating = false;
      await keepAlive;
      await db.delete(jobs).where(inArray(jobs.id, [back.jobId, lost.jobId]));
    }
  });
});
