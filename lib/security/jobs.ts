import { defineTask } from '@/lib/jobs/define';

export const counterCleanupTask = defineTask({
  key: 'rate_limit_cleanup',
  display_name: 'Clear old request counters',
  description: 'Removes rate-limit counters whose window has passed.',
  category: 'Maintenance',
  schedule: '30 * * * *',
  queue: 'low_priority',
  handler: async () => (await import('./counter-cleanup')).cleanupRateLimits(),
});
