import { defineTask } from '@/lib/jobs/define';

export const privacyRetentionTask = defineTask({
  key: 'privacy_retention',
  display_name: 'Delete personal data past its keeping period',
  description: "Deletes leads and prospects past each school's window, and drops sent mail bodies and finished CRM payloads after 30 days.",
  category: 'Maintenance',
  schedule: '25 4 * * *',
  queue: 'low_priority',
  handler: async () => (await import('./retention')).applyPrivacyRetention(),
});
