import { h, newSessionId } from './dom';
import { drawLauncher, type LauncherOptions } from './launcher';
import { promptPlan, schedulePrompt } from './schedule';
import { SESSION_PATTERN } from './chat';
import { keepOpen, loadConversation, saveConversation, timeoutMs, visitorSession, wasOpen, withPerson } from './session';
import type { PersonaInfo, WidgetConfig } from './types';

// The embed script (public/widget.js) that runs on the school's own pages: it reads its script
// tag (docs/widget.md), fetches the styling, draws the launcher and the prompt bubble in a shadow
// root, and opens the chat frame from Lantern's origin on demand, or at once while the visitor's
// conversation is with a person (the frame then keeps their messages coming, and a message that
// comes while the chat is closed shows on the launcher). It runs on every page view of the
// school's site, so it stays small and does its work after the page has parsed; the frame builds
// whatever it shows.

(() => {
  const script = (document.currentScript as HTMLScriptElement | null) || document.querySelector<HTMLScriptElement>('script[data-key][src*="widget.js"]');
  if (!script) return;
  const data = script.dataset;
  const key = (data.key || '').trim();
  const warn = (why: string) => console.warn('[Lantern chat] ' + why);
  if (!key) return warn('the script tag needs data-key="your widget key"; nothing is shown.');

  // A second copy of the tag for the same key would draw a second launcher.
  const w = window as unknown as { __lanternKeys?: string[] };
  const loaded = (w.__lanternKeys = w.__lanternKeys || []);
  if (loaded.includes(key)) return;
  loaded.push(key);

  let api: string;
  let apiOrigin: string;
  try {
    const url = new URL(data.apiUrl || script.src, location.href);
    apiOrigin = url.origin;
    api = data.apiUrl ? url.href.replace(/\/+$/, '') : apiOrigin;
  } catch {
    return warn('data-api-url is not a web address; nothing is shown.');
  }
  const theme = data.theme === 'dark' ? 'dark' : 'light';

  let storage: Storage | null = null;
  try {
    storage = window.localStorage;
  } catch {
    // storage blocked: a fresh session per page view
  }
  // Known once the config has come (the school sets how long a conversation waits for the visitor).
  let session = '';

  const headers = { 'X-API-Key': key };
  // A site the school has not allowed gets no CORS answer, which fetch reports only as a network
  // error. If Lantern still answers a request that needs no CORS, this site is what was refused.
  const REFUSED = 'refused';
  let reachable: Promise<boolean> | undefined;
  const refusedOr = (e: Error) =>
    (reachable = reachable || fetch(api + '/health', { mode: 'no-cors', credentials: 'omit' }).then(() => true, () => false)).then((up) => Promise.reject(up ? new Error(REFUSED) : e));
  const get = <T>(path: string): Promise<T> =>
    fetch(api + path, { headers, credentials: 'omit' }).then(
      (res) =>
        res.ok
          ? res.json()
          : res.status === 403
            ? Promise.reject(new Error(REFUSED))
            : res.json().then((b) => Promise.reject(new Error((b && b.detail) || 'HTTP ' + res.status)), () => Promise.reject(new Error('HTTP ' + res.status))),
      refusedOr,
    );

  const report = (event_type: string) => {
    const init: RequestInit = {
      method: 'POST',
      credentials: 'omit',
      keepalive: true,
      headers: { ...headers, 'Content-Type': 'application/json' },
      body: JSON.stringify({ session_id: session, event_type }),
    };
    const url = api + '/api/widget/events';
    // Some browsers refuse keepalive on a request that needs a CORS preflight: send it plainly then.
    fetch(url, init).catch(() => fetch(url, { ...init, keepalive: false }).catch(() => {}));
  };

  const config = get<WidgetConfig>('/api/widget/config');
  const persona =
    data.loadPersonaInfo === 'false'
      ? null
      : get<PersonaInfo>('/api/widget/persona-info').catch((e: Error) => {
          // A refused site is reported once, by the config call below.
          if (e.message !== REFUSED) warn('persona information unavailable (' + e.message + ')');
          return null;
        });
  const domReady = new Promise<Event | void>((resolve) => {
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', resolve, { once: true });
    else resolve();
  });
  const idle = (fn: () => void) => (window.requestIdleCallback ? window.requestIdleCallback(fn, { timeout: 1500 }) : setTimeout(fn, 1));

  Promise.all([config, persona, domReady]).then(
    ([cfg, who]) => idle(() => draw(cfg, who)),
    (e: Error) =>
      warn(
        e.message === REFUSED
          ? 'this website (' + (location.origin === 'null' ? location.href : location.origin) + ") is not in the school's allowed websites, so the chat is not shown. Staff can add it under Chatbot > API Key > Allowed Websites."
          : 'the chat is not available here (' + e.message + ').',
      ),
  );

  /** data-width/data-height: a length in px, %, vh, vw, dvh, dvw, em or rem, or a bare number of pixels. */
  const size = (v: string | undefined, fallback: string) => {
    const s = (v || '').trim();
    return /^\d+(\.\d+)?(px|%|d?v[hw]|r?em)?$/.test(s) ? (/\d$/.test(s) ? s + 'px' : s) : fallback;
  };

  function draw(cfg: WidgetConfig, who: PersonaInfo | null) {
    session = visitorSession(storage, key, timeoutMs(cfg.session && cfg.session.timeout_minutes), Date.now(), newSessionId);
    const s = cfg.styling;
    const name = who && typeof who.ai_name === 'string' ? who.ai_name.trim() : '';
    const title = 'Chat with ' + (name || 'us');
    let position: LauncherOptions['position'] = data.position === 'bottom-left' || data.position === 'bottom-right' || data.position === 'custom' ? data.position : s.buttonPosition;

    let mount: Element | null = document.body;
    if (position === 'custom') {
      try {
        mount = document.querySelector(data.container || '#lantern-widget');
      } catch {
        mount = null;
      }
      if (!mount) {
        warn('data-position="custom" needs the element ' + (data.container || '#lantern-widget') + ' on the page; showing the button at the bottom right.');
        mount = document.body;
        position = 'bottom-right';
      }
    }

    const host = document.createElement('lantern-widget');
    const root = host.attachShadow({ mode: 'open' });
    const { btn, label, panel, bubble, message, dismiss, badge, news, animate } = drawLauncher(root, s, {
      title,
      position,
      dark: theme === 'dark',
      width: size(data.width, '400px'),
      height: size(data.height, '600px'),
      iconBase: api,
      icon: cfg.launcher_icon,
    });
    if (label) label.onclick = () => setOpen(!open);
    mount.append(host);

    let open = false;
    let everOpened = false;
    let frame: HTMLIFrameElement | null = null;
    /** A person's messages that came while the chat was closed. */
    let unread = 0;
    /** Whether the frame takes focus when it is ready: not when it opened by itself on a new page. */
    let take = true;

    const motion = matchMedia('(prefers-reduced-motion: reduce)');
    let stopAnimation = animate(motion.matches);
    // A visitor who asks for reduced motion while the page is open gets it at once.
    motion.addEventListener('change', () => {
      if (!motion.matches) return;
      stopAnimation();
      stopAnimation = () => {};
    });

    const hideBubble = () => {
      bubble.hidden = true;
    };
    const prompt = promptPlan(s);
    let stopPrompt = prompt
      ? schedulePrompt(prompt, {
          show: () => {
            if (open) return false;
            bubble.hidden = false;
            return true;
          },
          hide: hideBubble,
        })
      : () => {};
    message.onclick = () => setOpen(true);
    dismiss.onclick = () => {
      stopPrompt();
      hideBubble();
      btn.focus();
    };

    /** The chat frame, made once; the session goes to it by message, never in its address (widget/frame.ts). */
    const load = () => {
      if (frame) return frame;
      frame = h('iframe', { title, src: api + '/widget/frame?' + new URLSearchParams({ key, theme }) });
      // Focus given before the frame has loaded is lost: give it again once it has.
      frame.onload = () => open && take && frame!.focus();
      panel.append(frame);
      return frame;
    };

    /**
     * Opens or closes the panel. The visitor's own opening moves focus into the chat and closing
     * returns it to the launcher; an opening on a new page (`visitor` false) or a close because
     * focus went elsewhere leaves focus alone.
     */
    function setOpen(next: boolean, visitor = true) {
      if (next === open) return;
      open = next;
      panel.hidden = !open;
      btn.setAttribute('aria-expanded', '' + open);
      keepOpen(storage, key, open);
      if (open) {
        // Once the visitor has found the chat, the launcher stops asking for attention.
        stopAnimation();
        stopAnimation = () => {};
        hideBubble();
        unread = 0;
        badge.hidden = true;
        news.textContent = '';
        take = visitor;
        load();
        if (!visitor) return;
        frame!.focus();
        if (!everOpened) {
          everOpened = true;
          report('widget_opened');
        }
      } else if (visitor) btn.focus();
    }

    btn.onclick = () => setOpen(!open);
    // WCAG 2.4.11: the open panel never hides the page's focused element. When focus moves (by Tab)
    // to something of the page under the panel, the panel gets out of the way; the chat is kept.
    document.addEventListener('focusin', (e) => {
      const target = e.target as Element | null;
      if (!open || !target || target === host) return;
      const a = target.getBoundingClientRect();
      const b = panel.getBoundingClientRect();
      if (a.right > b.left && a.left < b.right && a.bottom > b.top && a.top < b.bottom) setOpen(false, false);
    });
    document.addEventListener('keydown', (e) => {
      if (open && e.key === 'Escape') setOpen(false);
    });
    // The frame's close button and Escape inside it, the conversation it keeps here (see
    // session.ts) and a person's message: only from our frame, on Lantern's origin.
    window.addEventListener('message', (e) => {
      const from = frame && frame.contentWindow;
      const m = e.data;
      if (!from || e.source !== from || e.origin !== apiOrigin || !m) return;
      if (m.type === 'lantern:close') setOpen(false);
      else if (m.type === 'lantern:load')
        // With the page the visitor is on, for the person they talk to (address without its fragment),
        // and whether the chat fills a phone's screen (loader-css.ts: below 480 px).
        from.postMessage({ type: 'lantern:state', chat: loadConversation(storage, session), session, focus: take, small: innerWidth < 480, page: { url: location.href.split('#')[0].slice(0, 500), title: document.title.slice(0, 200) } }, apiOrigin);
      else if (m.type === 'lantern:save') {
        // The frame may have started a new session (one it held no token for): it is the visitor's from now on.
        if (SESSION_PATTERN.test(m.session)) session = m.session;
        saveConversation(storage, key, session, m.chat, Date.now());
      } else if (m.type === 'lantern:unread' && !open) {
        // A person wrote while the chat was closed: a count, their words in one line, said once,
        // and no sound. The frame wrote both texts in the visitor's language.
        stopPrompt();
        stopPrompt = () => {};
        badge.textContent = '' + ++unread;
        badge.hidden = false;
        message.textContent = m.text;
        bubble.className = 'bub u';
        bubble.removeAttribute('role');
        bubble.hidden = false;
        news.textContent = m.say;
        keepOpen(storage, key, true);
      }
    });

    // A conversation with a person goes on on this page: the chat loads at once (its messages keep
    // coming), open when it was open as the visitor left or a message of theirs waits unread.
    if (withPerson(storage, session)) {
      take = false;
      if (wasOpen(storage, key)) setOpen(true, false);
      else load();
    }
    report('widget_loaded');
  }
})();
