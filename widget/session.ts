// Which conversation a page view of the school's site belongs to. The loader keeps the visitor's
// session id in the school site's localStorage with the time it was last used, so a reload, a
// second page or a second tab continues the same conversation until the visitor has been away for
// the school's timeout (Chatbot > Chatbot Logging Setup; 30 minutes by default). It keeps the
// conversation itself there too, for the chat frame: a frame of another site gets no storage of its
// own in today's browsers (blocked or emptied with third-party cookies). Kept apart from the DOM so
// it is unit-tested.
//
// Storage is null when the browser blocks it: the calls below then throw inside their try, which
// handles it like blocked storage (shorter in the loader than `?.`, which es2019 spells out).

import { SESSION_PATTERN, storageKey } from './chat';

export const DEFAULT_TIMEOUT_MINUTES = 30;

type Store = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
type Saved = { id: string; at: number };

export const sessionKey = (widgetKey: string) => 'lantern:session:' + widgetKey.slice(0, 12);

function read(storage: Store | null, key: string): Saved | null {
  try {
    const raw = JSON.parse(storage!.getItem(key) || 'null');
    return raw && typeof raw.id === 'string' && SESSION_PATTERN.test(raw.id) && typeof raw.at === 'number' ? raw : null;
  } catch {
    return null;
  }
}

function write(storage: Store | null, key: string, saved: Saved): void {
  try {
    storage!.setItem(key, JSON.stringify(saved));
  } catch {
    // storage blocked or full: this page view still chats, the next one starts afresh
  }
}

/** timeout_minutes from the widget's config, or the default for anything else. */
export const timeoutMs = (minutes: unknown): number => (typeof minutes === 'number' && minutes > 0 ? minutes : DEFAULT_TIMEOUT_MINUTES) * 60_000;

/**
 * The session of this page view: the saved one while the visitor was last active within the
 * timeout, else a new one. Either way it is marked active now (a page view is activity).
 */
export function visitorSession(storage: Store | null, widgetKey: string, timeout: number, now: number, newId: () => string): string {
  const key = sessionKey(widgetKey);
  const saved = read(storage, key);
  const current = saved && now - saved.at < timeout && saved.at <= now;
  if (saved && !current) {
    // what the visitor said and gave goes with it
    try {
      storage!.removeItem(storageKey(saved.id));
    } catch {
      // storage blocked
    }
  }
  const id = current ? saved.id : newId();
  write(storage, key, { id, at: now });
  return id;
}

/**
 * Whether the saved conversation is with a person (waiting for one, or talking): the loader then
 * loads the chat on every page at once, so the person's messages keep arriving (docs/widget.md).
 */
export function withPerson(storage: Store | null, session: string): boolean {
  try {
    return !!JSON.parse(storage!.getItem(storageKey(session))!).live;
  } catch {
    return false;
  }
}

const openKey = (widgetKey: string) => 'lantern:open:' + widgetKey.slice(0, 12);

/** Whether the chat opens on the next page: it was open when the visitor left, or a person's message waits unread. */
export function keepOpen(storage: Store | null, widgetKey: string, open: boolean): void {
  try {
    if (open) storage!.setItem(openKey(widgetKey), '1');
    else storage!.removeItem(openKey(widgetKey));
  } catch {
    // storage blocked: the next page opens closed
  }
}

export function wasOpen(storage: Store | null, widgetKey: string): boolean {
  try {
    return !!storage!.getItem(openKey(widgetKey));
  } catch {
    return false;
  }
}

/** The frame asks for the conversation: the saved one, or null. */
export function loadConversation(storage: Store | null, session: string): string | null {
  try {
    return storage!.getItem(storageKey(session));
  } catch {
    return null;
  }
}

/** Biggest conversation kept (the frame keeps 200 messages; this bounds what a page can make the loader store). */
const CHAT_MAX = 400_000;

/** The frame saves the conversation after the visitor did something: kept, and the session's clock starts again. */
export function saveConversation(storage: Store | null, widgetKey: string, session: string, chat: unknown, now: number): void {
  if (typeof chat === 'string' && chat.length <= CHAT_MAX) {
    try {
      storage!.setItem(storageKey(session), chat);
    } catch {
      // full or blocked: the visit goes on without it
    }
    write(storage, sessionKey(widgetKey), { id: session, at: now });
  }
}
