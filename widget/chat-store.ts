import { loadChat, saveChat, SESSION_PATTERN, type LiveState, type SavedChat } from './chat';
import { newSessionId } from './dom';
import { session, setSession, setToken } from './transport';

// The chat frame's state: the conversation (messages, what the visitor gave, the live chat's part,
// the visitor's token) and where it is kept. A frame of another site gets no storage of its own in
// today's browsers, so embedded the loader keeps it in the school site's storage (widget/session.ts):
// asked once at the start (lantern:load, answered lantern:state), told of every save (lantern:save).
// Opened by itself, the frame keeps it in its own sessionStorage. The session comes from one or the
// other, never from the address: a link cannot hand a visitor a session someone else knows.

/** Inside the loader's panel (else opened by itself, a link to /widget/frame). */
export const embedded = window.parent !== window;

/** A message to the loader on the school's page: nothing secret, so any origin may read it ('*'). */
export const tellLoader = (message: Record<string, unknown>) => {
  if (embedded) window.parent.postMessage(message, '*');
};

/** The school's page the chat is on (the loader's), for the person the visitor talks to. */
export let page: { url: string; title: string } | undefined;
/** Whether the message box takes focus when the chat is ready: not when the chat opened by itself on a new page. */
export let takeFocus = true;
/** Whether the chat fills a phone's screen (the loader says; opened by itself, its own width). */
export let small = innerWidth < 480;

type ChatStore = Pick<Storage, 'getItem' | 'setItem'>;
let store: ChatStore | null = null;

/** The standalone frame's session in its sessionStorage. */
const OWN_SESSION = 'lantern:session';

/** Finds where the session and the conversation are kept, and the session. */
export function openStore(): Promise<void> {
  const valid = (id: unknown) => (typeof id === 'string' && SESSION_PATTERN.test(id) ? id : '');
  if (!embedded) {
    try {
      const own = window.sessionStorage;
      setSession(valid(own.getItem(OWN_SESSION)) || newSessionId());
      own.setItem(OWN_SESSION, session);
      store = own;
    } catch {
      setSession(newSessionId());
    }
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let saved: string | null = null;
    store = {
      getItem: () => saved,
      setItem: (_key, value) => {
        saved = value;
        tellLoader({ type: 'lantern:save', chat: value, session });
      },
    };
    const ready = () => {
      window.removeEventListener('message', onState);
      setSession(session || newSessionId());
      resolve();
    };
    const onState = (e: MessageEvent) => {
      const d = e.data;
      if (e.source !== window.parent || !d || d.type !== 'lantern:state') return;
      saved = typeof d.chat === 'string' ? d.chat : null;
      setSession(valid(d.session));
      takeFocus = d.focus !== false;
      small = d.small === true;
      const p = d.page;
      if (p && typeof p.url === 'string' && typeof p.title === 'string') page = { url: p.url.slice(0, 500), title: p.title.slice(0, 200) };
      ready();
    };
    window.addEventListener('message', onState);
    tellLoader({ type: 'lantern:load' });
    // A loader that does not answer (an older copy cached by the school's site): a fresh conversation.
    setTimeout(ready, 1500);
  });
}

/** The conversation: messages, what the visitor gave, the live chat's part, the visitor's token. */
export let chat: SavedChat;

/** Every save follows something the visitor did: the loader also restarts the conversation's clock. */
export const save = () => saveChat(store, session, chat);

/** Loads the session's saved conversation (or a fresh one), which from now on keeps the visitor's token. */
export function loadConversation(): void {
  chat = loadChat(store, session);
  setToken(chat.token || '', (token, newSession) => {
    if (newSession && !embedded) {
      try {
        sessionStorage.setItem(OWN_SESSION, session);
      } catch {
        // storage blocked: this page view keeps the new session
      }
    }
    chat.token = token || undefined;
    save();
  });
}

/** The live chat's part: waiting for a person or talking to one (who), and the last of their messages shown. */
export function setLive(live: LiveState | undefined, agent?: string, after?: number): void {
  chat.live = live;
  chat.agent = live === 'active' ? agent : undefined;
  if (after !== undefined) chat.liveAfter = after;
  save();
}
