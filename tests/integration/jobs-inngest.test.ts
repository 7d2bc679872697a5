import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { InngestTestEngine } from '@inngest/test';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { getDb } from '@/db/client';
import { jobs } from '@/db/schema';
import { enqueue } from '@/lib/jobs/enqueue';
import { mailSendJob } from '@/lib/mail/outbox';

// Inngest mode against a local server speaking Inngest's event API (POST /e/{event key}).
const received: { name: string; data: Record<string, unknown>; ts?: number }[] = [];
const eventApi = http.createServer((req, res) => {
  let raw = '';
  req.on('data', (c) => (raw += c));
  req.on('end', () => {
    if (req.method === 'POST' && req.url === '/e/test-event-key') received.push(...(JSON.parse(raw) as typeof received));
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ids: ['evt'], status: 200 }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => eventApi.listen(0, '127.0.0.1', resolve));
  // Read when the Inngest client is built, which happens on first use below.
  process.env.INNGEST_EVENT_KEY = 'test-event-key';
  process.env.INNGEST_EVENT_API_BASE_URL = `http://127.0.0.1:${(eventApi.address() as AddressInfo).port}/`;
});

afterAll(async () => {
  delete process.env.INNGEST_EVENT_KEY;
  delete process.env.INNGEST_EVENT_API_BASE_URL;
  await new Promise((resolve) => eventApi.close(resolve));
});

it('enqueue writes the row and sends the event; the Inngest job runner claims and runs it', async () => {
  const db = await getDb();
  const before = Date.now();
  const { id } = await db.transaction((tx) => enqueue(mailSendJob, { mail_id: 606 }, {}, tx));
  const [event] = received;
  expect(event).toMatchObject({ name: 'jobs/job.enqueued', data: { job_id: id, name: 'mail_send' } });
  // Queued inside a transaction: the event is dated a little later, so the row has committed when it runs.
  expect(event!.ts).toBeGreaterThan(before);
  expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: 'pending' });

  const { jobRunner } = await import('@/inngest/functions/job-runner');
  const t = new InngestTestEngine({ function: jobRunner, events: [{ name: 'jobs/job.enqueued', data: event!.data }] });
  const { result } = (await t.execute()) as { result: { ran: number; runs: { job_id: number; outcome: string }[] } };
  expect(result).toMatchObject({ ran: 1, runs: [{ job_id: id, name: 'mail_send', outcome: 'succeeded' }] });
  expect((await db.select().from(jobs).where(eq(jobs.id, id)))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
});

it('a job whose transaction rolled back is never run, even though its event was sent', async () => {
  const db = await getDb();
  received.length = 0;
  await expect(
    db.transaction(async (tx) => {
      await enqueue(mailSendJob, { mail_id: 607 }, {}, tx);
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(received).toHaveLength(1);
  const { jobRunner } = await import('@/inngest/functions/job-runner');
  const t = new InngestTestEngine({ function: jobRunner, events: [{ name: 'jobs/job.enqueued', data: received[0]!.data }] });
  expect(((await t.execute()) as { result: unknown }).result).toEqual({ ran: 0, runs: [] });
});
