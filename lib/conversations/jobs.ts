import { defineTask } from '@/lib/jobs/define';

export const retentionTask = defineTask({
  key: 'conversation_retention',
  display_name: 'Delete conversations past their keeping period',
  description: "Deletes widget conversations older than each school's retention period, for schools with auto-delete on.",
  category: 'Maintenance',
  schedule: '15 4 * * *',
  queue: 'low_priority',
  handler: async () => (await import('./retention')).deleteExpiredConversations(),
});
