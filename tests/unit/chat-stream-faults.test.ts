import { describe, expect, it } from 'vitest';
import { FAULT_DETAIL, FAULT_RETRY_AFTER } from '@/db/faults';
import type { Turn } from '@/lib/chat/engine';
import { turnEventStream } from '@/lib/chat/sse';

// A streamed answer has sent its 200 before the turn is stored: when storing fails because the
// database is restarting, the stream's last event must say so as a 503 would.

async function* pieces(...texts: string[]) {
  for (const t of texts) yield t;
}

function turn(finish: Turn['finish']): Turn {
  return { sessionId: 'visitor-1', language: 'en', answered: () => true, finish, sources: [], textStream: pieces('Open day ', 'is in May.') };
}

async function events(res: Response) {
  return (await res.text())
    .split('\n\n')
    .filter(Boolean)
    .map((block) => ({ event: /^event: (.*)$/m.exec(block)![1], data: JSON.parse(/^data: (.*)$/m.exec(block)![1]!) as Record<string, unknown> }));
}

describe('the chat stream', () => {
  it('ends with done and the stored index when the turn is stored', async () => {
    const all = await events(turnEventStream(turn(async () => ({ conversationId: 1, messageIndex: 3 }))));
    expect(all.at(-1)).toEqual({ event: 'done', data: expect.objectContaining({ response: 'Open day is in May.', message_index: 3 }) });
  });

  it('ends with a retryable unavailable error, not done, when the database cannot store the turn', async () => {
    const restarting = Object.assign(new Error('Failed query'), { cause: Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }) });
    const all = await events(turnEventStream(turn(() => Promise.reject(restarting))));
    expect(all.map((e) => e.event)).toEqual(['delta', 'delta', 'error']);
    expect(all.at(-1)!.data).toEqual({ detail: FAULT_DETAIL.unavailable, code: 'unavailable', retry_after: FAULT_RETRY_AFTER.unavailable });
  });

  it('keeps the general failure text for other errors, with its code', async () => {
    const all = await events(turnEventStream(turn(() => Promise.reject(new Error('bug')))));
    expect(all.at(-1)).toEqual({ event: 'error', data: { detail: expect.any(String), code: 'unavailable' } });
    expect(all.at(-1)!.data).not.toHaveProperty('retry_after');
  });
});
