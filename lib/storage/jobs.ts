import { defineTask } from '@/lib/jobs/define';

export const uploadCleanupTask = defineTask({
  key: 'upload_cleanup',
  display_name: 'Remove unused uploads',
  description: 'Removes public uploads (avatars, logos, voice previews) that nothing has used for a day, so they stop being served.',
  category: 'Maintenance',
  schedule: '45 4 * * *',
  queue: 'low_priority',
  handler: async () => (await import('./blobs')).deleteUnreferencedUploads(),
});
