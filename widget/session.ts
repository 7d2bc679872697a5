// Which conversation a page view of the school's site belongs to. The loader keeps the visitor's
// session id in the school site's localStorage with the time it was last used, so a reload, a
// second page or a second tab continues the same conversation until the visitor has been away for
// the school's timeout (Chatbot > Chatbot Logging Setup; 30 minutes by default). Kept apart from
// the DOM so it is unit-tested.

export const SESSION_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const DEFAULT_TIMEOUT_MINUTES = 30;

type Store = Pick<Storage, 'getItem' | 'setItem'>;
type Saved = { id: string; at: number };

export const sessionKey = (widgetKey: string) => 'lantern:session:' + widgetKey.slice(0, 12);

function read(storage: Store | null, key: string): Saved | null {
  try {
    const raw = JSON.parse(storage?.getItem(key) ?? 'null');
    return raw && typeof raw.id === 'string' && SESSION_ID_PATTERN.test(raw.id) && typeof raw.at === 'number' ? { id: raw.id, at: raw.at } : null;
  } catch {
    return null;
  }
}

function write(storage: Store | null, key: string, saved: Saved): void {
  try {
    storage?.setItem(key, JSON.stringify(saved));
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
  const id = saved && now - saved.at < timeout && saved.at <= now ? saved.id : newId();
  write(storage, key, { id, at: now });
  return id;
}

/** The visitor did something in the chat: the conversation's clock starts again. */
export function touchSession(storage: Store | null, widgetKey: string, id: string, now: number): void {
  write(storage, sessionKey(widgetKey), { id, at: now });
}
