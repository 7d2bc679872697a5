// The chat's look first: bundled ahead of the parts that use it, the frame gzips smaller.
import { chatApp, chatHeader, CLOSE_ICON } from './chat-view';
import { cardNode, openHandoff } from './chat-forms';
import { announcer, drawLog, input, log, note, personSaid, personTyping, showHistory } from './chat-log';
import { embedded, loadConversation, openStore, takeFocus, tellLoader } from './chat-store';
import { notice, startComposer } from './composer';
import { h, svgIcon } from './dom';
import { FRAME_CSS } from './frame-css';
import { fill } from './i18n';
import { liveEvents, request, resume } from './live';
import { aiName, greetingText, lang, settle, styling, t } from './setup';
import { getJson, setKey } from './transport';
import type { PersonaInfo, WidgetConfig } from './types';

// The chat itself (public/widget/frame.js), inside the iframe the loader opens on Lantern's own
// origin (/widget/frame?key=…&theme=…). One chat per page, so each part is a module with its state;
// this file puts them together:
//   transport.ts   the widget API's calls and the one event-stream reader (same-origin);
//   setup.ts       the visitor's language and the school's settings, from the config;
//   chat-store.ts  the conversation and where it is kept (by the loader, on the school's site), so a
//                  reload or another page of the site shows it again;
//   chat-log.ts, chat-forms.ts, composer.ts  the view: the log and the message box, the quick info
//                  card and 'Talk to a person', what a sent message does and the streamed answer
//                  (their parts drawn by chat-view.ts, where renderMarkdown is the one innerHTML);
//   live.ts        the live chat's controller, whose events this file hands to the view.

const params = new URLSearchParams(location.search);
setKey(params.get('key') || '');
const dark = params.get('theme') === 'dark';

/** Asks the loader on the school's page to close the panel. */
const close = () => tellLoader({ type: 'lantern:close' });

async function boot() {
  const root = document.getElementById('lantern-chat') || document.body;
  document.head.append(h('style', {}, FRAME_CSS));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });

  const [cfg, persona] = await Promise.all([getJson<WidgetConfig>('/api/widget/config'), getJson<PersonaInfo>('/api/widget/persona-info'), openStore()]);
  settle(cfg, persona);
  document.documentElement.lang = lang === 'zh' ? 'zh-Hans' : lang;
  document.documentElement.dir = lang === 'ar' ? 'rtl' : 'ltr';
  const app = chatApp(cfg && cfg.styling ? cfg.styling : null, dark);
  root.append(app);
  if (!cfg || !cfg.styling) {
    const x = h('button', { class: 'x', type: 'button', 'aria-label': t.close }, svgIcon(CLOSE_ICON));
    x.onclick = close;
    app.append(h('div', { class: 'hd' }, h('h1', {}, t.chat), x), h('p', { class: 'down', role: 'alert' }, t.failure));
    return;
  }
  const title = aiName ? fill(t.chatWith, { name: aiName }) : t.chatWithUs;
  document.title = title;
  loadConversation();

  // Header: avatar, title, 'Talk to a person', close (only inside the loader's panel).
  const avatarUrl = persona && typeof persona.avatar_url === 'string' ? persona.avatar_url : '';
  app.append(chatHeader(styling, { title, aiName, avatarUrl, onClose: embedded ? close : undefined, onPerson: () => void request(), t }));
  // During office hours with someone available: how soon the school's people usually reply.
  const minutes = cfg.live_reply_minutes;
  if (typeof minutes === 'number' && minutes > 0) app.append(h('p', { class: 'rt' }, fill(t.replies, { time: minutesText(minutes, lang) })));
  drawLog();
  startComposer();
  app.append(log, notice, input.form, announcer);
  showHistory(greetingText(persona), cardNode);

  // A person, when the school has live chat on and someone is available; else the form.
  liveEvents.on('message', personSaid);
  liveEvents.on('note', note);
  liveEvents.on('typing', personTyping);
  liveEvents.on('fallback', openHandoff);
  resume();

  // The loader focuses the iframe when the panel opens: hand that focus to the message box.
  // Inside the loader's panel the frame is made when the visitor opens the chat: the message box
  // takes focus as soon as it exists (the focus the loader gave the frame may have come too early),
  // unless the chat was loaded or opened by itself on a new page (a conversation with a person).
  if (document.hasFocus() || (embedded && takeFocus)) input.textarea.focus();
  window.addEventListener('focus', () => {
    if (document.activeElement === document.body) input.textarea.focus();
  });
}

/** "3 minutes" in the visitor's language (its plural rules too). */
function minutesText(n: number, language: string): string {
  try {
    return new Intl.NumberFormat(language, { style: 'unit', unit: 'minute', unitDisplay: 'long' }).format(n);
  } catch {
    return n + ' min';
  }
}

void boot();
