import { defineTask } from '@/lib/jobs/define';

export const liveSweepTask = defineTask({
  key: 'live_chat_sweep',
  display_name: 'End live chat waits that ran out',
  description: 'Gives visitors nobody joined in time the handoff form (and e-mails the school), and puts conversations whose staff member left back in the queue.',
  category: 'Maintenance',
  schedule: '* * * * *',
  queue: 'high_priority',
  handler: async () => (await import('./sweep')).sweepLive(),
});
