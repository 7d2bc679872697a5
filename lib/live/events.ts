import 'server-only';
import type { Database } from '@/db/client';
import { appendMessage } from '@/lib/conversations/log';
import type { LiveEvent } from './bus';

// A live chat's events as lines of its transcript (role 'system'): who joined, handed back or
// closed it, and when a wait ran out. Written in the transaction that changes the conversation's
// state, so Logs, the lead's transcript and the export tell what happened as it happened. Staff
// read them; the visitor's side has its own notes (the widget's texts, in their language).

export const LIVE_EVENT_TEXT = {
  joined: (name: string) => `${name} joined the chat`,
  handedBack: (name: string) => `${name} handed the chat back to the assistant`,
  ended: (name: string) => `${name} ended the live chat`,
  declined: (name: string) => `${name} closed the request before anyone joined: the visitor was offered the contact form`,
  timedOut: () => 'Nobody joined before the wait ran out: the visitor was offered the contact form',
  dropped: (name: string | null) => `${name ?? 'The staff member'} left the Live view: the visitor is waiting for a person again`,
} as const;

/** What a recorded event publishes to the Live view (after the transaction commits). */
export type RecordedEvent = Pick<LiveEvent, 'kind' | 'message'>;

/** Writes one event line into the conversation, in the caller's transaction; answers the message event to publish. */
export async function recordLiveEvent(tx: Pick<Database, 'execute'>, schoolId: number, conversationId: number, text: string): Promise<RecordedEvent> {
  const m = (await appendMessage(tx, schoolId, { conversation: conversationId }, { role: 'system' }, text))!;
  return { kind: 'message', message: { index: m.index, role: 'system', text, author: null, at: m.at } };
}
