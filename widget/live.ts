import type { StreamEvent, VisitorStreamEvents } from '@/lib/live/events';
import type { ChatMessage } from './chat';
import { chat, page, save, setLive } from './chat-store';
import { createEmitter } from './emitter';
import { fill } from './i18n';
import { lang, t } from './setup';
import { call, readEvents, session } from './transport';

// Live chat in the frame (docs/live-chat.md): asking for a person, the person's messages arriving
// on an event stream, and the visitor's messages going to them instead of the assistant until they
// hand back. The controller keeps the conversation's live part (chat-store.ts) and says what
// happened as events; the frame, which subscribes, shows it.

export type LiveEvents = {
  /** A person's message, already in the conversation: for the log. */
  message: ChatMessage;
  /** A status line for the log (announced). */
  note: string;
  /** The person is writing (their first name): the log's typing dots, or not. */
  typing: { on: boolean; name: string };
  /** Nobody came (or the request was refused): today's contact form. */
  fallback: undefined;
};

/** What the live chat says happened; the frame subscribes and shows it. */
export const liveEvents = createEmitter<LiveEvents>();
const note = (text: string) => liveEvents.emit('note', text);
const fallback = () => liveEvents.emit('fallback', undefined);

let reading = false;
let deadline: ReturnType<typeof setTimeout> | undefined;
let retry = 1000;
// The person's typing dots go after a few seconds without news; the visitor's own signal goes at most every 3 seconds.
let typingOff: ReturnType<typeof setTimeout> | undefined;
let typedAt = 0;
const typing = (on: boolean, agent?: unknown) => {
  clearTimeout(typingOff);
  const name = typeof agent === 'string' && agent ? agent : chat.agent || t.staff;
  liveEvents.emit('typing', { on, name });
  if (on) typingOff = setTimeout(() => liveEvents.emit('typing', { on: false, name }), 6000);
};

const state = () => chat.live;
const after = () => {
  const a = chat.liveAfter;
  return typeof a === 'number' ? a : -1;
};

// The data comes over the network: each field is checked before it is shown.
function message(data: Partial<VisitorStreamEvents['message']> | null) {
  if (!data || typeof data.index !== 'number' || typeof data.text !== 'string' || data.index <= after()) return;
  const author = typeof data.author === 'string' && data.author ? data.author : t.staff;
  setLive(state(), chat.agent, data.index);
  typing(false);
  const said: ChatMessage = { role: 'staff', text: data.text, author };
  chat.messages.push(said);
  save();
  liveEvents.emit('message', said);
}

function status(s: unknown, agent: unknown) {
  clearTimeout(deadline);
  typing(false);
  const name = typeof agent === 'string' && agent ? agent : chat.agent || '';
  if (s === 'active') {
    if (state() !== 'active') note(fill(t.joined, { name: name || t.staff }));
    setLive('active', name);
  } else if (s === 'waiting' || s === 'dropped') {
    if (s === 'dropped') note(t.dropped);
    setLive('waiting');
  } else if (s === 'returned' || s === 'closed') {
    setLive(undefined);
    note(t.returned);
  } else if (s === 'missed') {
    setLive(undefined);
    note(t.missed);
    fallback();
  }
}

/** An event of the visitor's stream (lib/live/events.ts's vocabulary, as the server sends it). */
function heard(e: StreamEvent<VisitorStreamEvents>) {
  switch (e.name) {
    case 'message':
      return message(e.data);
    case 'typing':
      return typing(true, e.data.agent);
    case 'status':
      return status(e.data.status, e.data.agent);
  }
}

/** Where things stand now, with the messages missed while away; a wait past its end ends here. */
async function catchUp(): Promise<void> {
  const res = await call('/api/widget/live/state?session_id=' + encodeURIComponent(session) + '&after=' + after());
  if (!res.ok) return;
  const s = (await res.json()) as { status?: string; agent?: string | null; wait_seconds?: number | null; messages?: Partial<VisitorStreamEvents['message']>[] };
  for (const m of s.messages || []) message(m);
  if (s.status === 'closed' || s.status === 'none') status(state() === 'waiting' ? 'missed' : 'returned', null);
  else status(s.status, s.agent);
  if (s.status === 'waiting') waitFor(s.wait_seconds);
}

/** The frame checks at the wait's end itself, so the form comes on time whatever the server's clock does. */
function waitFor(seconds: unknown) {
  clearTimeout(deadline);
  if (typeof seconds === 'number') deadline = setTimeout(() => void catchUp().catch(() => {}), (seconds + 1) * 1000);
}

async function listen(): Promise<void> {
  if (reading) return;
  reading = true;
  try {
    while (state()) {
      try {
        const res = await call('/api/widget/live/events?session_id=' + encodeURIComponent(session));
        if (res.ok) {
          retry = 1000;
          await readEvents(res, (name, data) => data && heard({ name, data } as StreamEvent<VisitorStreamEvents>));
        } else if (res.status < 500 && res.status !== 429) return setLive(undefined);
      } catch {
        // offline or the instance went away: try again
      }
      if (!state()) break;
      await new Promise((r) => setTimeout(r, retry));
      retry = Math.min(retry * 2, 15_000);
      await catchUp().catch(() => {});
    }
  } finally {
    reading = false;
  }
}

/** Whether the visitor's messages go to a person now. */
export const active = () => !!state();
/** Asking for a person (with the words the visitor asked with, kept in the conversation): queued (and told so), or the form. */
export async function request(message?: string): Promise<void> {
  if (state()) return note(state() === 'active' ? fill(t.joined, { name: chat.agent || t.staff }) : t.connecting);
  let answer: { status?: string; wait_seconds?: number; agent?: string | null; reason?: string; next_open?: string | null; time_zone?: string } = {};
  try {
    const res = await call('/api/widget/live/request', { language: lang, message, page });
    if (res.ok) answer = await res.json();
  } catch {
    // the form still reaches the office
  }
  if (answer.status !== 'waiting' && answer.status !== 'active') {
    // Outside office hours: when someone is next there, on the school's clock in the visitor's language.
    if (answer.reason === 'hours' && answer.next_open) note(fill(t.nextOpen, { when: openingText(answer.next_open, answer.time_zone || 'UTC', lang) }));
    return fallback();
  }
  setLive(answer.status, answer.agent || undefined);
  note(answer.status === 'active' ? fill(t.joined, { name: answer.agent || t.staff }) : t.connecting);
  if (answer.status === 'waiting') waitFor(answer.wait_seconds);
  void listen();
}

/** Sends the visitor's message to the person; false when the conversation is no longer with one (the assistant answers). */
export async function send(text: string): Promise<boolean> {
  const res = await call('/api/widget/live/messages', { text });
  if (res.status === 409) {
    setLive(undefined);
    return false;
  }
  return true;
}

/** The visitor is writing to the person: they see it (at most every 3 seconds). */
export function typed(): void {
  if (state() !== 'active' || Date.now() - typedAt < 3000) return;
  typedAt = Date.now();
  void call('/api/widget/live/typing', {}).catch(() => {});
}

/** After a reload: a conversation that was with a person picks up where it was. */
export function resume(): void {
  if (!state()) return;
  // A new page of the school's site while waiting or talking: the person sees where the visitor is.
  if (page) void call('/api/widget/live/page', { ...page }).catch(() => {});
  void catchUp()
    .catch(() => {})
    .then(() => listen());
}

/** "Monday 9:00 AM EST" in the visitor's language, on the school's clock. */
function openingText(iso: string, timeZone: string, language: string): string {
  const options: Intl.DateTimeFormatOptions = { weekday: 'long', hour: 'numeric', minute: '2-digit', timeZoneName: 'short' };
  try {
    return new Intl.DateTimeFormat(language, { ...options, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(language, options).format(new Date(iso));
  }
}
