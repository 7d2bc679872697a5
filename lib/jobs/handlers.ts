import 'server-only';
import { rebuildSchoolRollup } from '@/lib/analytics/rollup';
import { markCrmDeliveryFailed, runCrmDelivery } from '@/lib/crm/deliveries';
import { markFileAnalysisFailed, runFileAnalysis } from '@/lib/knowledge/files';
import { syncInterviewCall } from '@/lib/knowledge/interviews';
import { sendOutboxMail } from '@/lib/mail/outbox';
import { markProspectImportFailed, runProspectImport } from '@/lib/prospects/import';
import type { TaskResult } from './result';
import type { JobName, JobPayload } from './catalog';

type JobHandler<N extends JobName> = {
  /** One attempt; throwing makes the runner retry by the job's policy. Its answer is the run's result summary. */
  run: (payload: JobPayload<N>) => Promise<TaskResult>;
  /** After the last attempt failed: leave the domain row saying so, not 'processing' forever. */
  giveUp?: (payload: JobPayload<N>, error: string) => Promise<void>;
};

/** What each job does. Only the runner imports this, so that enqueueing pulls in no domain code. */
export const JOB_HANDLERS: { [N in JobName]: JobHandler<N> } = {
  file_analysis: {
    run: ({ file_id }) => runFileAnalysis(file_id),
    giveUp: ({ file_id }, error) => markFileAnalysisFailed(file_id, error),
  },
  mail_send: { run: ({ mail_id }) => sendOutboxMail(mail_id) },
  interview_call_status: { run: ({ interview_id }) => syncInterviewCall(interview_id) },
  daily_stats_rebuild: { run: ({ school_id }) => rebuildSchoolRollup(school_id) },
  crm_delivery: { run: (payload) => runCrmDelivery(payload), giveUp: ({ delivery_id }, error) => markCrmDeliveryFailed(delivery_id, error) },
  prospect_import: {
    run: async ({ batch_id }) => {
      const b = await runProspectImport(batch_id);
      return b ? { batch_id, status: b.status, imported: b.imported, updated: b.updated, skipped: b.skipped } : { batch_id, status: 'missing' };
    },
    giveUp: ({ batch_id }, error) => markProspectImportFailed(batch_id, error),
  },
};
