import { defineTask } from '@/lib/jobs/define';

export const auditPurgeTask = defineTask({
  key: 'audit_log_retention',
  display_name: 'Delete audit entries past their keeping period',
  description: 'Deletes audit log entries older than AUDIT_LOG_RETENTION_DAYS (default 400).',
  category: 'Maintenance',
  schedule: '35 4 * * *',
  queue: 'low_priority',
  handler: async () => (await import('./service')).purgeAuditLog(),
});
