import 'server-only';
import { dailyStatsTask, turnAnalysisTask } from '@/lib/analytics/jobs';
import { tokenCleanupTask } from '@/lib/auth/jobs';
import { retentionTask } from '@/lib/chat/jobs';
import type { TaskDefinition } from '@/lib/jobs/define';
import { interviewCallSyncTask, webLinkRefreshTask } from '@/lib/knowledge/jobs';
import { mailDeliveryTask } from '@/lib/mail/jobs';
import { counterCleanupTask } from '@/lib/security/jobs';
import { uploadCleanupTask } from '@/lib/storage/jobs';

export type { TaskDefinition } from '@/lib/jobs/define';

/** Every scheduled task, once, each declared beside its domain's code (lib/<domain>/jobs.ts). Inngest functions, the local runner and the dashboard all read this. */
export const TASKS: TaskDefinition[] = [
  tokenCleanupTask,
  mailDeliveryTask,
  counterCleanupTask,
  webLinkRefreshTask,
  interviewCallSyncTask,
  retentionTask,
  uploadCleanupTask,
  turnAnalysisTask,
  dailyStatsTask,
];

export function findTask(key: string): TaskDefinition | undefined {
  return TASKS.find((t) => t.key === key);
}
