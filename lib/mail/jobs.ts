import { z } from 'zod';
import { defineJob, defineTask } from '@/lib/jobs/define';

// Mail's background work: each outbox message is sent by its own job; a sweep queues what has none.

export const mailSendJob = defineJob({
  name: 'mail_send',
  display_name: 'Send an e-mail',
  payload: z.object({ mail_id: z.number().int().positive() }),
  // Mail servers refuse for minutes (greylisting, restarts): spread five tries over about an hour.
  retry: { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 30 * 60_000 },
  handler: async () => {
    const { sendOutboxMail } = await import('./outbox');
    return { run: ({ mail_id }) => sendOutboxMail(mail_id) };
  },
});

export const mailDeliveryTask = defineTask({
  key: 'mail_delivery',
  display_name: 'Send waiting e-mails',
  description: 'Sends e-mail waiting in the outbox over SMTP, retrying failures a bounded number of times.',
  category: 'Maintenance',
  schedule: '*/5 * * * *',
  queue: 'high_priority',
  handler: async () => (await import('./delivery-sweep')).deliverPendingMail(),
});
