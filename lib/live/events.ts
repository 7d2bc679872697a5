import type { LivePage } from '@/db/schema';
import type { LiveConversationSummary } from './schema';

// Live chat's event vocabulary, one for every side: what the bus carries between instances
// (LiveEvent), what the Live view's stream and the visitor's stream send for it (their event names
// and data: the names are the documented wire, docs/live-chat.md), and the lines a change of state
// leaves in the transcript. Types and pure functions only: the Live view's client reads it too.

/** Where a live chat stands after a change: returned (handed back), missed (nobody joined, or declined), dropped (the holder left: waiting again). */
export type LiveChange = 'waiting' | 'active' | 'returned' | 'missed' | 'dropped' | 'closed';

/** A message as the events carry it: a visitor's or a person's, or the chat's own line (system). */
export type LiveEventMessage = { index: number; role: 'user' | 'staff' | 'system'; text: string; author: string | null; at: string };

/** Which conversation an event is about. */
export type LiveAbout = { school: number; conversation: number; session: string };

/**
 * What happens in a live chat. queue: its state changed (with the conversation as the Live view
 * lists it, and how many of the school's visitors wait now); message: someone wrote in it; details:
 * what the visitor gave about themselves changed; typing: one side is writing; page: the visitor
 * opened a page of the site.
 */
export type LiveEvent = LiveAbout &
  (
    | { kind: 'queue'; status: LiveChange; agent?: string | null; summary?: LiveConversationSummary; waiting?: number }
    | { kind: 'message'; message: LiveEventMessage }
    | { kind: 'details' }
    | { kind: 'typing'; from: 'visitor' }
    | { kind: 'typing'; from: 'staff'; agent: string | null }
    | { kind: 'page'; page: LivePage }
  );

/** The Live view's stream (GET /live/stream): each event's name and data. */
export type StaffStreamEvents = {
  /** A change of state: the conversation as listed after it, and the school's waiting count (absent when the change could not be read back). */
  changed: { id: number; status: LiveChange; agent: string | null; conversation?: LiveConversationSummary; waiting?: number };
  message: LiveEventMessage & { id: number };
  details: { id: number };
  /** The visitor is writing. */
  typing: { id: number };
  page: LivePage & { id: number };
};

/** The visitor's stream (GET /api/widget/live/events): the same changes, as the widget frame reads them. */
export type VisitorStreamEvents = {
  status: { status: LiveChange; agent: string | null };
  /** A person's message (the visitor's own are on their screen already). */
  message: { index: number; text: string; author: string | null; at: string };
  /** The person is writing. */
  typing: { agent: string | null };
};

/** One event of a stream: its name and its data. */
export type StreamEvent<M> = { [K in keyof M]: { name: K; data: M[K] } }[keyof M];

/**
 * What the Live view is sent for an event (null: nothing). A change of state is `changed` here and
 * `status` on the visitor's stream: the two names are kept for the clients that read them.
 */
export function staffEventOf(e: LiveEvent): StreamEvent<StaffStreamEvents> | null {
  const id = e.conversation;
  switch (e.kind) {
    case 'queue': {
      const data: StaffStreamEvents['changed'] = { id, status: e.status, agent: e.agent ?? null };
      if (e.summary) Object.assign(data, { conversation: e.summary, waiting: e.waiting });
      return { name: 'changed', data };
    }
    case 'message':
      return { name: 'message', data: { id, ...e.message } };
    case 'details':
      return { name: 'details', data: { id } };
    case 'typing':
      return e.from === 'visitor' ? { name: 'typing', data: { id } } : null;
    case 'page':
      return { name: 'page', data: { id, ...e.page } };
  }
}

/** What the visitor's stream is sent for an event of their conversation (null: nothing; their own messages, details and pages are staff's to see). */
export function visitorEventOf(e: LiveEvent): StreamEvent<VisitorStreamEvents> | null {
  switch (e.kind) {
    case 'queue':
      return { name: 'status', data: { status: e.status, agent: e.agent ?? null } };
    case 'message':
      return e.message.role === 'staff' ? { name: 'message', data: { index: e.message.index, text: e.message.text, author: e.message.author, at: e.message.at } } : null;
    case 'typing':
      return e.from === 'staff' ? { name: 'typing', data: { agent: e.agent } } : null;
    default:
      return null;
  }
}

/** Back with the assistant (or the form): nothing more comes on the visitor's stream after this change. */
export const endsVisitorStream = (status: LiveChange) => status === 'returned' || status === 'missed' || status === 'closed';

/**
 * A change of state as a line of the transcript (role 'system'): who joined, handed back or closed
 * it, and when a wait ran out. Written in the transaction that changes the state, so Logs, the
 * lead's transcript and the export tell what happened as it happened. Staff read them; the
 * visitor's side has its own notes (the widget's texts, in their language).
 */
export const LIVE_EVENT_TEXT = {
  joined: (name: string) => `${name} joined the chat`,
  handedBack: (name: string) => `${name} handed the chat back to the assistant`,
  ended: (name: string) => `${name} ended the live chat`,
  declined: (name: string) => `${name} closed the request before anyone joined: the visitor was offered the contact form`,
  timedOut: () => 'Nobody joined before the wait ran out: the visitor was offered the contact form',
  dropped: (name: string | null) => `${name ?? 'The staff member'} left the Live view: the visitor is waiting for a person again`,
} as const;
