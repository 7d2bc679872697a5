import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define';

export const crmDeliveryJob = defineJob({
  name: 'crm_delivery',
  display_name: 'Send a lead to the CRM',
  payload: z.object({ delivery_id: z.number().int().positive(), attempt: z.number().int().positive(), manual: z.boolean().default(false) }),
  // The CRM's own failures are retried by the delivery (./deliveries.ts, Standard Webhooks'
  // schedule); this policy only covers a run that failed under Lantern (the database went away).
  retry: { maxAttempts: 3, baseDelayMs: 5_000, maxDelayMs: 60_000 },
  handler: async () => {
    const { markCrmDeliveryFailed, runCrmDelivery } = await import('./deliveries');
    return { run: (payload) => runCrmDelivery(payload), giveUp: ({ delivery_id }, error) => markCrmDeliveryFailed(delivery_id, error) };
  },
});
