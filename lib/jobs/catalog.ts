import type { z } from 'zod';
import { dailyStatsRebuildJob } from '@/lib/analytics/jobs';
import { crmDeliveryJob } from '@/lib/crm/jobs';
import { fileAnalysisJob, interviewCallStatusJob } from '@/lib/knowledge/jobs';
import { mailSendJob } from '@/lib/mail/jobs';
import { prospectImportJob } from '@/lib/prospects/jobs';

/**
 * Every kind of job, by the name its rows carry. Each is declared beside its domain's code
 * (lib/<domain>/jobs.ts: payload schema, retry policy, and a handler imported when it first runs),
 * so this list pulls in no domain code.
 */
export const JOBS = {
  file_analysis: fileAnalysisJob,
  mail_send: mailSendJob,
  interview_call_status: interviewCallStatusJob,
  daily_stats_rebuild: dailyStatsRebuildJob,
  crm_delivery: crmDeliveryJob,
  prospect_import: prospectImportJob,
};

export type JobName = keyof typeof JOBS;
export type JobPayload<N extends JobName> = z.infer<(typeof JOBS)[N]['payload']>;

export function isJobName(name: string): name is JobName {
  return Object.hasOwn(JOBS, name);
}
