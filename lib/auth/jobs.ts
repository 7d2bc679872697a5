import { defineTask } from '@/lib/jobs/define';

export const tokenCleanupTask = defineTask({
  key: 'cleanup_expired_tokens',
  display_name: 'Remove expired sign-ins and reset links',
  description: 'Deletes expired or revoked refresh tokens and used or expired password-reset tokens.',
  category: 'Maintenance',
  schedule: '0 * * * *',
  queue: 'low_priority',
  handler: async () => (await import('./token-cleanup')).cleanupExpiredTokens(),
});
