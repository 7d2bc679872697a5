import 'server-only';
import { cleanupExpiredTokens } from './jobs/cleanup-expired-tokens';
import { deliverPendingMail } from './jobs/mail-delivery';
import { cleanupRateLimits } from './jobs/rate-limit-cleanup';
import { syncActiveInterviewCalls } from '@/lib/knowledge/interviews';
import { telephonyConfig } from '@/lib/telephony/elevenlabs';
import { refreshCompletedWebLinks } from '@/lib/knowledge/web-links';
import { deleteExpiredConversations } from '@/lib/chat/retention';
import { deleteUnreferencedUploads } from '@/lib/storage/blobs';
import { analyzeConversationTurns } from '@/lib/analytics/turn-analysis';
import { generateDailyStatsForAllSchools } from '@/lib/analytics/summary';
import type { TaskResult } from '@/lib/jobs/result';
import type { TASK_CATEGORIES, TASK_QUEUES } from './schema';


export type TaskDefinition = {
  key: string;
  name: string;
  display_name: string;
  description: string;
  category: (typeof TASK_CATEGORIES)[number];
  /** Cron expression (five fields, UTC). */
  schedule: string;
  queue: (typeof TASK_QUEUES)[number];
  handler: () => Promise<TaskResult>;
  /** Scheduled runs happen only while this holds (a task with nothing to do records no run); Trigger Now always runs. */
  enabled?: () => boolean;
};

/** Every scheduled task, once. Inngest functions, the local runner and the dashboard all read this. */
export const TASKS: TaskDefinition[] = [
  {
    key: 'cleanup_expired_tokens',
    name: 'cleanup_expired_tokens',
    display_name: 'Clean Up Expired Tokens',
    description: 'Deletes expired or revoked refresh tokens and used or expired password-reset tokens.',
    category: 'Maintenance',
    schedule: '0 * * * *',
    queue: 'low_priority',
    handler: cleanupExpiredTokens,
  },
  {
    key: 'mail_delivery',
    name: 'mail_delivery',
    display_name: 'Mail Delivery',
    description: 'Sends e-mail waiting in the outbox over SMTP, retrying failures a bounded number of times.',
    category: 'Maintenance',
    schedule: '*/5 * * * *',
    queue: 'high_priority',
    handler: deliverPendingMail,
  },
  {
    key: 'rate_limit_cleanup',
    name: 'rate_limit_cleanup',
    display_name: 'Rate Limit Cleanup',
    description: 'Removes rate-limit counters whose window has passed.',
    category: 'Maintenance',
    schedule: '30 * * * *',
    queue: 'low_priority',
    handler: cleanupRateLimits,
  },
  {
    key: 'web_link_refresh',
    name: 'web_link_refresh',
    display_name: 'Web Link Refresh',
    description: "Re-reads every completed web link each week so the assistant's insights follow the school's website.",
    category: 'AI Processing',
    schedule: '0 3 * * 1',
    queue: 'low_priority',
    handler: refreshCompletedWebLinks,
  },
  {
    key: 'interview_call_sync',
    name: 'interview_call_sync',
    display_name: 'Interview Call Sync',
    description: 'Asks the telephony provider how each staff interview in progress stands, and stores transcripts of finished calls.',
    category: 'AI Processing',
    schedule: '* * * * *',
    queue: 'high_priority',
    handler: syncActiveInterviewCalls,
    enabled: () => telephonyConfig() !== null,
  },
  {
    key: 'conversation_retention',
    name: 'conversation_retention',
    display_name: 'Conversation Retention',
    description: "Deletes widget conversations older than each school's retention period, for schools with auto-delete on.",
    category: 'Maintenance',
    schedule: '15 4 * * *',
    queue: 'low_priority',
    handler: () => deleteExpiredConversations(),
  },
  {
    key: 'upload_cleanup',
    name: 'upload_cleanup',
    display_name: 'Upload Cleanup',
    description: 'Removes public uploads (avatars, logos, voice previews) that nothing has used for a day, so they stop being served.',
    category: 'Maintenance',
    schedule: '45 4 * * *',
    queue: 'low_priority',
    handler: () => deleteUnreferencedUploads(),
  },
  {
    key: 'conversation_turn_analysis',
    name: 'conversation_turn_analysis',
    display_name: 'Conversation Turn Analysis',
    description: "Classifies each new visitor message by topic and sentiment (the configured model, or the local classifier) and refreshes each conversation's sentiment, topics, engagement score and key points.",
    category: 'AI Processing',
    schedule: '*/15 * * * *',
    queue: 'high_priority',
    handler: () => analyzeConversationTurns(),
  },
  {
    key: 'daily_stats',
    name: 'daily_stats',
    display_name: 'Daily Conversation Stats',
    description: "Rolls up each school's days once they close in the school's time zone (hourly): widget sessions by status, messages, leads by source and response time.",
    category: 'Analytics',
    schedule: '30 * * * *',
    queue: 'low_priority',
    handler: () => generateDailyStatsForAllSchools(),
  },
];

export function findTask(key: string): TaskDefinition | undefined {
  return TASKS.find((t) => t.key === key);
}
