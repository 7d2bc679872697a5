import { defineTask } from '@/lib/jobs/define';

// Mail's scheduled sweep: it queues a send for outbox messages that have none (each message's own job
// is declared beside the outbox, ./outbox.ts).

export const mailDeliveryTask = defineTask({
  key: 'mail_delivery',
  display_name: 'Send waiting e-mails',
  description: 'Sends e-mail waiting in the outbox over SMTP, retrying failures a bounded number of times.',
  category: 'Maintenance',
  schedule: '*/5 * * * *',
  queue: 'high_priority',
  handler: async () => (await import('./delivery-sweep')).deliverPendingMail(),
});
