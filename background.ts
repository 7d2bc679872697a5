import 'server-only';
import { dailyStatsRebuildJob, dailyStatsTask, turnAnalysisTask } from '@/lib/analytics/jobs';
import { auditPurgeTask } from '@/lib/audit/jobs';
import { tokenCleanupTask } from '@/lib/auth/jobs';
import { retentionTask } from '@/lib/conversations/jobs';
import { crmDeliveryJob } from '@/lib/crm/deliveries';
import type { Background } from '@/lib/jobs/define';
import { fileAnalysisJob } from '@/lib/knowledge/files';
import { interviewCallStatusJob } from '@/lib/knowledge/interviews';
import { interviewCallSyncTask, webLinkRefreshTask } from '@/lib/knowledge/jobs';
import { webLinkReadJob } from '@/lib/knowledge/web-links';
import { liveSweepTask } from '@/lib/live/jobs';
import { mailDeliveryTask } from '@/lib/mail/jobs';
import { mailSendJob } from '@/lib/mail/outbox';
import { prospectImportJob } from '@/lib/prospects/jobs';
import { erasureJob } from '@/lib/privacy/erasure';
import { privacyRetentionTask } from '@/lib/privacy/jobs';
import { counterCleanupTask } from '@/lib/security/jobs';
import { uploadCleanupTask } from '@/lib/storage/jobs';

/**
 * Every domain's background work, in one list: each job and task is declared beside its domain's
 * code (lib/<domain>/jobs.ts, or the module that queues and runs it) and added here. The runners
 * (instrumentation.ts, the Inngest functions) and the Scheduler's screen and routes are handed this;
 * lib/jobs and lib/scheduler import no domain.
 */
export const background: Background = {
  jobs: [fileAnalysisJob, webLinkReadJob, mailSendJob, interviewCallStatusJob, dailyStatsRebuildJob, crmDeliveryJob, prospectImportJob, erasureJob],
  tasks: [
    tokenCleanupTask,
    mailDeliveryTask,
    liveSweepTask,
    counterCleanupTask,
    webLinkRefreshTask,
    interviewCallSyncTask,
    retentionTask,
    auditPurgeTask,
    privacyRetentionTask,
    uploadCleanupTask,
    turnAnalysisTask,
    dailyStatsTask,
  ],
};
