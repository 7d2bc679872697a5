import { defineTask } from '@/lib/jobs/define';
import { telephonyConfig } from '@/lib/telephony/elevenlabs';

// The knowledge's scheduled work: the weekly re-read of web links and the collection of finished
// interview calls. Each job is declared beside the code that queues and runs it (files.ts, web-links.ts,
// interviews.ts).

export const webLinkRefreshTask = defineTask({
  key: 'web_link_refresh',
  display_name: 'Re-read web links weekly',
  description: "Re-reads every completed web link each week so the assistant's insights follow the school's website.",
  category: 'AI Processing',
  schedule: '0 3 * * 1',
  queue: 'low_priority',
  handler: async () => (await import('./web-links')).refreshCompletedWebLinks(),
});

export const interviewCallSyncTask = defineTask({
  key: 'interview_call_sync',
  display_name: 'Collect finished interview calls',
  description: 'Asks the telephony provider how each staff interview in progress stands, and stores transcripts of finished calls.',
  category: 'AI Processing',
  schedule: '* * * * *',
  queue: 'high_priority',
  handler: async () => (await import('./interviews')).syncActiveInterviewCalls(),
  enabled: () => telephonyConfig() !== null,
});
