import { z } from 'zod';
import type { RetryPolicy } from './retry';

/**
 * Every kind of job, once: its payload schema (checked at enqueue and again when it runs) and its
 * retry policy. The handlers live in ./handlers.ts, so that enqueueing pulls in no domain code.
 */
export const JOBS = {
  file_analysis: {
    display_name: 'File Analysis',
    payload: z.object({ file_id: z.number().int().positive() }),
    retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  },
  mail_send: {
    display_name: 'Mail Send',
    payload: z.object({ mail_id: z.number().int().positive() }),
    // Mail servers refuse for minutes (greylisting, restarts): spread five tries over about an hour.
    retry: { maxAttempts: 5, baseDelayMs: 60_000, maxDelayMs: 30 * 60_000 },
  },
  interview_call_status: {
    display_name: 'Interview Call Status',
    payload: z.object({ interview_id: z.number().int().positive() }),
    retry: { maxAttempts: 3, baseDelayMs: 20_000, maxDelayMs: 5 * 60_000 },
  },
  daily_stats_rebuild: {
    display_name: 'Daily Stats Rebuild',
    // Issue 22: a school changed its time zone; its rollup is counted again in the new zone.
    payload: z.object({ school_id: z.number().int().positive() }),
    retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  },
  crm_delivery: {
    display_name: 'CRM Delivery',
    payload: z.object({ delivery_id: z.number().int().positive(), attempt: z.number().int().positive(), manual: z.boolean().default(false) }),
    // The CRM's own failures are retried by the delivery (lib/crm/deliveries.ts, Standard Webhooks'
    // schedule); this policy only covers a run that failed under Lantern (the database went away).
    retry: { maxAttempts: 3, baseDelayMs: 5_000, maxDelayMs: 60_000 },
  },
  prospect_import: {
    display_name: 'Prospect Import',
    payload: z.object({ batch_id: z.uuid() }),
    // An attempt undoes what an interrupted one wrote before it starts again.
    retry: { maxAttempts: 3, baseDelayMs: 10_000, maxDelayMs: 5 * 60_000 },
  },
} satisfies Record<string, { display_name: string; payload: z.ZodType; retry: RetryPolicy }>;

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}
