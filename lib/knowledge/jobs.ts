import { z } from 'zod';
import { defineJob, defineTask } from '@/lib/jobs/define';
import { telephonyConfig } from '@/lib/telephony/elevenlabs';

// The knowledge's background work: documents, web links and interview calls, and the weekly re-read of web links.

export const fileAnalysisJob = defineJob({
  name: 'file_analysis',
  display_name: 'Read an uploaded document',
  payload: z.object({ file_id: z.number().int().positive() }),
  retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  handler: async () => {
    const { markFileAnalysisFailed, runFileAnalysis } = await import('./files');
    return { run: ({ file_id }) => runFileAnalysis(file_id), giveUp: ({ file_id }, error) => markFileAnalysisFailed(file_id, error) };
  },
});

export const webLinkReadJob = defineJob({
  name: 'web_link_read',
  display_name: 'Read a web link',
  payload: z.object({ web_link_id: z.number().int().positive() }),
  retry: { maxAttempts: 3, baseDelayMs: 30_000, maxDelayMs: 10 * 60_000 },
  handler: async () => {
    const { markWebLinkReadFailed, runWebLinkRead } = await import('./web-links');
    return { run: ({ web_link_id }) => runWebLinkRead(web_link_id), giveUp: ({ web_link_id }, error) => markWebLinkReadFailed(web_link_id, error) };
  },
});

export const interviewCallStatusJob = defineJob({
  name: 'interview_call_status',
  display_name: 'Check an interview call',
  payload: z.object({ interview_id: z.number().int().positive() }),
  retry: { maxAttempts: 3, baseDelayMs: 20_000, maxDelayMs: 5 * 60_000 },
  handler: async () => {
    const { syncInterviewCall } = await import('./interviews');
    return { run: ({ interview_id }) => syncInterviewCall(interview_id) };
  },
});

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
