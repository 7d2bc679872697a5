import net from 'node:net';
import { and, eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs, mailOutbox, taskExecutions } from '@/db/schema';
import { enqueue, InvalidJobPayload } from '@/lib/jobs/enqueue';
import { drainJobs, jobEvents, runNextDueJob, startJobRunner, type JobRun } from '@/lib/jobs/runner';
import { queueMail } from '@/lib/mail/outbox';
import { toExecutionView } from '@/lib/scheduler/service';
import { mailSendJob } from '@/lib/mail/outbox';
import { fileAnalysisJob } from '@/lib/knowledge/files';
import { background } from '@/background';

const HOUR = 60 * 60_000;

async function jobRow(id: number) {
  const db = await getDb();
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Resolves when the runner has settled the job `id`. */
function settled(id: number): Promise<JobRun> {
  return new Promise((resolve) => {
    const onSettled = (run: JobRun) => {
      if (run.job.id !== id) return;
      jobEvents.off('settled', onSettled);
      resolve(run);
    };
    jobEvents.on('settled', onSettled);
  });
}

/** A port with nothing listening: an SMTP server that refuses every connection. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

beforeEach(async () => {
  const db = await getDb();
  await db.delete(jobs);
});

describe('enqueue', () => {
  it("writes the job in the caller's transaction: nothing when it rolls back, the job when it commits", async () => {
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await enqueue(mailSendJob, { mail_id: 4242 }, {}, tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await db.select().from(jobs)).toEqual([]);
    const { id } = await db.transaction((tx) => enqueue(mailSendJob, { mail_id: 4242 }, {}, tx));
    expect(await jobRow(id)).toMatchObject({ name: 'mail_send', payload: { mail_id: 4242 }, status: 'pending', attempts: 0, lastError: null });
  });

  it('queues the same work once while it is pending or running, and again once it is done', async () => {
    const first = await enqueue(mailSendJob, { mail_id: 7 }, { dedupeKey: 'mail_send:7' });
    const again = await enqueue(mailSendJob, { mail_id: 7 }, { dedupeKey: 'mail_send:7' });
    expect(again).toEqual({ id: first.id, deduplicated: true });
    const other = await enqueue(mailSendJob, { mail_id: 8 }, { dedupeKey: 'mail_send:8' });
    expect(other.deduplicated).toBe(false);
    expect(await drainJobs(background)).toHaveLength(2);
    expect((await jobRow(first.id))!.status).toBe('succeeded');
    const later = await enqueue(mailSendJob, { mail_id: 7 }, { dedupeKey: 'mail_send:7' });
    expect(later.deduplicated).toBe(false);
    expect(later.id).not.toBe(first.id);
  });

  it('refuses a payload that does not fit the job, and writes nothing', async () => {
    const db = await getDb();
    await expect(enqueue(mailSendJob, { mail_id: -1 })).rejects.toThrow(InvalidJobPayload);
    await expect(enqueue(fileAnalysisJob, { file_id: 'twelve' } as never)).rejects.toThrow(/Invalid payload for job file_analysis: file_id:/);
    expect(await db.select().from(jobs)).toEqual([]);
  });

  it('checks the payload again when the job runs, and fails it at once (a retry cannot fix it)', async () => {
    const db = await getDb();
    const [row] = await db.insert(jobs).values({ name: 'mail_send', payload: { mail: 'not an id' } }).returning();
    const [run] = await drainJobs(background);
    expect(run).toMatchObject({ outcome: 'failed', job: { id: row!.id } });
    expect(await jobRow(row!.id)).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('Invalid payload: mail_id:') });
  });

  it('waits until runAt', async () => {
    const { id } = await enqueue(mailSendJob, { mail_id: 9 }, { runAt: new Date(Date.now() + HOUR) });
    expect(await drainJobs(background)).toEqual([]);
    const [run] = await drainJobs(background, { now: new Date(Date.now() + 2 * HOUR) });
    expect(run!.job.id).toBe(id);
  });
});

describe('retries', () => {
  it('retries a failing job with growing, jittered waits, then records the failure', async () => {
    process.env.SMTP_URL = `smtp://127.0.0.1:${await closedPort()}`;
    try {
      const { id: mailId } = await queueMail({ to: 'nobody@lantern.test', subject: 'Hello', text: 'Never arrives', kind: 'test' });
      const policy = mailSendJob.retry;
      const [first] = await drainJobs(background);
      expect(first).toMatchObject({ outcome: 'retrying', job: { name: 'mail_send', payload: { mail_id: mailId } } });
      const jobId = first!.job.id;
      // Not due yet: the backoff is written to run_at.
      expect(await drainJobs(background)).toEqual([]);
      const outcomes = [first!.outcome];
      for (let attempt = 1; attempt < policy.maxAttempts; attempt++) {
        const row = (await jobRow(jobId))!;
        const wait = row.runAt.getTime() - row.updatedAt.getTime();
        const step = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
        expect(wait, `wait after attempt ${attempt}`).toBeGreaterThanOrEqual(step / 2 - 50);
        expect(wait, `wait after attempt ${attempt}`).toBeLessThanOrEqual(step + 50);
        expect(row).toMatchObject({ status: 'pending', attempts: attempt, lastError: expect.stringMatching(/ECONNREFUSED|connect/i) });
        const [run] = await drainJobs(background, { now: new Date(row.runAt.getTime() + 1) });
        outcomes.push(run!.outcome);
      }
      expect(outcomes).toEqual(['retrying', 'retrying', 'retrying', 'retrying', 'failed']);
      expect(await jobRow(jobId)).toMatchObject({ status: 'failed', attempts: policy.maxAttempts, lastError: expect.stringMatching(/ECONNREFUSED|connect/i), finishedAt: expect.any(Date) });
      const db = await getDb();
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId));
      expect(mail).toMatchObject({ status: 'failed', attempts: policy.maxAttempts });
      // Nothing more runs, however late it is.
      expect(await drainJobs(background, { now: new Date(Date.now() + 100 * HOUR) })).toEqual([]);
    } finally {
      delete process.env.SMTP_URL;
    }
  });
});

describe('the runner', () => {
  it('records every run through runTask, so the Scheduler Dashboard shows it under the job name', async () => {
    const { id } = await enqueue(mailSendJob, { mail_id: 31337 });
    const [run] = await drainJobs(background);
    expect(run!.job.id).toBe(id);
    const db = await getDb();
    const [execution] = await db.select().from(taskExecutions).where(and(eq(taskExecutions.id, run!.execution!.id), eq(taskExecutions.taskName, 'mail_send')));
    expect(toExecutionView(background, execution!)).toMatchObject({ display_name: 'Send an e-mail', status: 'success', trigger: 'event', result_summary: JSON.stringify({ mail_id: 31337, outcome: 'skipped', reason: 'not in the outbox' }) });
  });

  it('never gives one job to two runners (FOR UPDATE SKIP LOCKED)', async () => {
    const ids: number[] = [];
    for (let i = 1; i <= 30; i++) ids.push((await enqueue(mailSendJob, { mail_id: 10_000 + i })).id);
    const runs = (await Promise.all([drainJobs(background), drainJobs(background), drainJobs(background)])).flat();
    expect(runs.map((r) => r.job.id).sort((a, b) => a - b)).toEqual(ids);
    expect(runs.every((r) => r.outcome === 'succeeded' && r.job.attempts === 1)).toBe(true);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)('skips a job another transaction holds and takes the next (Postgres)', async () => {
    const a = await enqueue(mailSendJob, { mail_id: 501 });
    const b = await enqueue(mailSendJob, { mail_id: 502 });
    const db = await getDb();
    await db.transaction(async (tx) => {
      await tx.select().from(jobs).where(eq(jobs.id, a.id)).for('update');
      const run = await runNextDueJob(background);
      expect(run!.job.id).toBe(b.id);
      expect(await runNextDueJob(background)).toBeNull();
    });
    expect((await runNextDueJob(background))!.job.id).toBe(a.id);
  });

  it('takes over a job whose runner died mid-run once its lease lapses', async () => {
    const db = await getDb();
    const [row] = await db
      .insert(jobs)
      .values({ name: 'mail_send', payload: { mail_id: 77 }, status: 'running', attempts: 1, lockedUntil: new Date(Date.now() + 60_000) })
      .returning();
    expect(await drainJobs(background)).toEqual([]);
    const [run] = await drainJobs(background, { now: new Date(Date.now() + 2 * 60_000) });
    expect(run).toMatchObject({ outcome: 'succeeded', job: { id: row!.id, attempts: 2 } });
  });

  it('wakes when a transaction that queued a job commits', async () => {
    // Polling once a year: only the NOTIFY sent at commit can wake it in time.
    const runner = startJobRunner(background, { pollSchedule: '0 0 1 1 *' });
    try {
      await runner.idle();
      const db = await getDb();
      const { id } = await db.transaction((tx) => enqueue(mailSendJob, { mail_id: 88 }, {}, tx));
      const run = await settled(id);
      expect(run.outcome).toBe('succeeded');
    } finally {
      await runner.stop();
    }
  });
});
