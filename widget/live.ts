import { h } from './dom';
import { fill, type Texts } from './i18n';

// Live chat in the frame (docs/live-chat.md): asking for a person, the person's messages arriving
// on an event stream, and the visitor's messages going to them instead of the assistant until they
// hand back. The frame's own rules (the log, storage) are passed in; this keeps the live part apart.

export type LiveState = 'waiting' | 'active';

type Host = {
  t: Texts;
  session: () => string;
  language: string;
  /** The school's page the chat is on (the loader's), for the person: sent with a request and on every new page of a live chat. */
  page?: { url: string; title: string };
  /** A widget call with the visitor's token; a body gets the session's id. */
  call: (path: string, body?: Record<string, unknown>) => Promise<Response>;
  readEvents: (res: Response, on: (name: string, data: Record<string, unknown> | null) => void) => Promise<void>;
  /** The saved conversation's live part. */
  saved: () => { live?: LiveState; liveAfter?: number; agent?: string };
  store: (live: LiveState | undefined, agent?: string, after?: number) => void;
  /** A person's message for the log. */
  show: (index: number, text: string, author: string) => void;
  /** A status line in the log (announced). */
  note: (text: string) => void;
  /** The person is writing (their first name): the log's typing dots, or not. */
  typing: (on: boolean, name: string) => void;
  /** Nobody came (or the request was refused): today's contact form. */
  fallback: () => void;
};

export function createLive(host: Host) {
  const { t } = host;
  let reading = false;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  let retry = 1000;
  // The person's typing dots go after a few seconds without news; the visitor's own signal goes at most every 3 seconds.
  let typingOff: ReturnType<typeof setTimeout> | undefined;
  let typedAt = 0;
  const typing = (on: boolean, agent?: unknown) => {
    clearTimeout(typingOff);
    const name = typeof agent === 'string' && agent ? agent : host.saved().agent || t.staff;
    host.typing(on, name);
    if (on) typingOff = setTimeout(() => host.typing(false, name), 6000);
  };

  const state = () => host.saved().live;
  const after = () => {
    const a = host.saved().liveAfter;
    return typeof a === 'number' ? a : -1;
  };

  function message(data: Record<string, unknown> | null) {
    if (!data || typeof data.index !== 'number' || typeof data.text !== 'string' || data.index <= after()) return;
    const author = typeof data.author === 'string' && data.author ? data.author : t.staff;
    host.store(state(), host.saved().agent, data.index);
    typing(false);
    host.show(data.index, data.text, author);
  }

  function status(s: unknown, agent: unknown) {
    clearTimeout(deadline);
    typing(false);
    const name = typeof agent === 'string' && agent ? agent : host.saved().agent || '';
    if (s === 'active') {
      if (state() !== 'active') host.note(fill(t.joined, { name: name || t.staff }));
      host.store('active', name);
    } else if (s === 'waiting' || s === 'dropped') {
      if (s === 'dropped') host.note(t.dropped);
      host.store('waiting');
    } else if (s === 'returned' || s === 'closed') {
      host.store(undefined);
      host.note(t.returned);
    } else if (s === 'missed') {
      host.store(undefined);
      host.note(t.missed);
      host.fallback();
    }
  }

  /** Where things stand now, with the messages missed while away; a wait past its end ends here. */
  async function catchUp(): Promise<void> {
    const res = await host.call('/api/widget/live/state?session_id=' + encodeURIComponent(host.session()) + '&after=' + after());
    if (!res.ok) return;
    const s = (await res.json()) as { status?: string; agent?: string | null; wait_seconds?: number | null; messages?: Record<string, unknown>[] };
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
          const res = await host.call('/api/widget/live/events?session_id=' + encodeURIComponent(host.session()));
          if (res.ok) {
            retry = 1000;
            await host.readEvents(res, (name, data) => (name === 'message' ? message(data) : name === 'typing' ? typing(true, data?.agent) : name === 'status' && data ? status(data.status, data.agent) : undefined));
          } else if (res.status < 500 && res.status !== 429) return host.store(undefined);
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

  return {
    /** Whether the visitor's messages go to a person now. */
    active: () => !!state(),
    /** Asking for a person (with the words the visitor asked with, kept in the conversation): queued (and told so), or the form. */
    async request(message?: string): Promise<void> {
      if (state()) return host.note(state() === 'active' ? fill(t.joined, { name: host.saved().agent || t.staff }) : t.connecting);
      let answer: { status?: string; wait_seconds?: number; agent?: string | null; reason?: string; next_open?: string | null; time_zone?: string } = {};
      try {
        const res = await host.call('/api/widget/live/request', { language: host.language, message, page: host.page });
        if (res.ok) answer = await res.json();
      } catch {
        // the form still reaches the office
      }
      if (answer.status !== 'waiting' && answer.status !== 'active') {
        // Outside office hours: when someone is next there, on the school's clock in the visitor's language.
        if (answer.reason === 'hours' && answer.next_open) host.note(fill(t.nextOpen, { when: openingText(answer.next_open, answer.time_zone || 'UTC', host.language) }));
        return host.fallback();
      }
      host.store(answer.status, answer.agent || undefined);
      host.note(answer.status === 'active' ? fill(t.joined, { name: answer.agent || t.staff }) : t.connecting);
      if (answer.status === 'waiting') waitFor(answer.wait_seconds);
      void listen();
    },
    /** Sends the visitor's message to the person; false when the conversation is no longer with one (the assistant answers). */
    async send(text: string): Promise<boolean> {
      const res = await host.call('/api/widget/live/messages', { text });
      if (res.status === 409) {
        host.store(undefined);
        return false;
      }
      return true;
    },
    /** The visitor is writing to the person: they see it (at most every 3 seconds). */
    typed(): void {
      if (state() !== 'active' || Date.now() - typedAt < 3000) return;
      typedAt = Date.now();
      void host.call('/api/widget/live/typing', {}).catch(() => {});
    },
    /** After a reload: a conversation that was with a person picks up where it was. */
    resume(): void {
      if (!state()) return;
      // A new page of the school's site while waiting or talking: the person sees where the visitor is.
      if (host.page) void host.call('/api/widget/live/page', { ...host.page }).catch(() => {});
      void catchUp()
        .catch(() => {})
        .then(() => listen());
    },
  };
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

/** A person's message: their letter, their first name and role, the text as written (never HTML). */
export function staffRow(text: string, author: string, t: Texts): HTMLElement {
  return h(
    'div',
    { class: 'row ai staff' },
    h('span', { class: 'ua sa', 'aria-hidden': 'true' }, author.charAt(0).toUpperCase()),
    h('div', { class: 'col' }, h('span', { class: 'who' }, author + ' · ' + t.staff), h('div', { class: 'msg' }, text)),
  );
}
