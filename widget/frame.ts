import {
  cardWanted,
  COUNTER_FROM,
  errorDetail,
  invalidFields,
  historyFor,
  leadValue,
  loadChat,
  MESSAGE_MAX,
  refusalText,
  saveChat,
  SESSION_PATTERN,
  sourcesFrom,
  type ChatMessage,
} from './chat';
import { assistantBubble, assistantRow, sourcesLine, chatApp, chatHeader, CLOSE_ICON, handoffCard, inputArea, quickCard, thanksNote, userAvatar, userRow } from './chat-view';
import { h, newSessionId, svgIcon } from './dom';
import { FRAME_CSS } from './frame-css';
import { fill, pickLanguage, TEXTS, WANTS_PERSON, type Texts } from './i18n';
import { createLive, staffRow } from './live';
import { createSseParser } from './sse';
import type { PersonaInfo, WidgetConfig } from './types';

// The chat itself (public/widget/frame.js), inside the iframe the loader opens on Lantern's own
// origin (/widget/frame?key=…&theme=…). It talks to the widget API same-origin, has the loader keep
// the session and the conversation in the school site's storage (a frame of another site gets none
// of its own; widget/session.ts) so a reload or another page of the site shows it again, and renders
// model text only through renderMarkdown (the one innerHTML in the widget, in chat-view.ts, which
// draws the chat's parts). The session comes from the loader or this frame's own storage, never
// from the address: a link cannot hand a visitor a session someone else knows.

const params = new URLSearchParams(location.search);
const key = params.get('key') || '';
const dark = params.get('theme') === 'dark';
/** The visitor's session, and its token once the server has handed one out (lib/widget/visitor-token.ts). */
let session = '';
let token = '';
/** Keeps a new token with the conversation (set once the conversation is loaded). */
let keepToken = () => {};
/** The school's page the chat is on (from the loader), for the person the visitor talks to. */
let page: { url: string; title: string } | undefined;
/** Whether the message box takes focus when the chat is ready: not when the chat opened by itself on a new page. */
let takeFocus = true;
/** Whether the chat fills a phone's screen (the loader says; opened by itself, its own width). */
let small = innerWidth < 480;
type ChatStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * Where the session and the conversation are kept: embedded, by the loader on the school's page
 * (asked once at the start, told of every save); opened by itself, in this origin's sessionStorage.
 */
function chatStore(): Promise<ChatStore | null> {
  const valid = (id: unknown) => (typeof id === 'string' && SESSION_PATTERN.test(id) ? id : '');
  if (window.parent === window) {
    try {
      const own = window.sessionStorage;
      session = valid(own.getItem('lantern:session')) || newSessionId();
      own.setItem('lantern:session', session);
      return Promise.resolve(own);
    } catch {
      session = newSessionId();
      return Promise.resolve(null);
    }
  }
  return new Promise((resolve) => {
    let saved: string | null = null;
    const store: ChatStore = {
      getItem: () => saved,
      // Nothing secret from the page that embeds the chat (only sites the school allows may): '*'.
      setItem: (_key, value) => {
        saved = value;
        window.parent.postMessage({ type: 'lantern:save', chat: value, session }, '*');
      },
    };
    const ready = () => {
      window.removeEventListener('message', onState);
      session = session || newSessionId();
      resolve(store);
    };
    const onState = (e: MessageEvent) => {
      const d = e.data;
      if (e.source !== window.parent || !d || d.type !== 'lantern:state') return;
      saved = typeof d.chat === 'string' ? d.chat : null;
      session = valid(d.session);
      takeFocus = d.focus !== false;
      small = d.small === true;
      const p = d.page;
      if (p && typeof p.url === 'string' && typeof p.title === 'string') page = { url: p.url.slice(0, 500), title: p.title.slice(0, 200) };
      ready();
    };
    window.addEventListener('message', onState);
    window.parent.postMessage({ type: 'lantern:load' }, '*');
    // A loader that does not answer (an older copy cached by the school's site): a fresh conversation.
    setTimeout(ready, 1500);
  });
}

const THUMB_ICON = 'M7 10v11H3V10zM7 10l4-7c1.4 0 2.6 1.2 2.3 2.6L12.6 9H19a2 2 0 0 1 2 2.3l-1.3 7.8A2 2 0 0 1 17.7 21H7';

/** Calls that may start a session: refused (401) for one whose token this frame lacks, they start a new one and try once more. */
const CLAIMS = /^\/api\/widget\/(chat\/stream|live\/request|handoff|leads)$/;

async function call(path: string, body?: Record<string, unknown>, again = true): Promise<Response> {
  const headers: Record<string, string> = { 'X-API-Key': key };
  if (token) headers['X-Visitor-Token'] = token;
  if (body) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, body ? { method: 'POST', headers, body: JSON.stringify({ ...body, session_id: session }) } : { headers });
  const renewed = res.headers.get('X-Visitor-Token');
  if (renewed && renewed !== token) {
    token = renewed;
    keepToken();
  }
  // A session this frame holds no token for (saved before tokens, or its token lost): a new one.
  if (res.status === 401 && again && body && CLAIMS.test(path)) {
    session = newSessionId();
    token = '';
    try {
      if (window.parent === window) sessionStorage.setItem('lantern:session', session);
    } catch {
      // storage blocked: this page view keeps the new session
    }
    keepToken();
    return call(path, body, false);
  }
  return res;
}
const readJson = (res: Response): Promise<unknown> => res.json().catch(() => null);
const getJson = <T>(path: string): Promise<T | null> =>
  call(path)
    .then((res) => (res.ok ? (res.json() as Promise<T>) : null))
    .catch(() => null);
const report = (event: Record<string, unknown>) => {
  call('/api/widget/events', event).catch(() => {});
};
const parseJson = (text: string): Record<string, unknown> | null => {
  try {
    const v = JSON.parse(text);
    return v && typeof v === 'object' ? v : null;
  } catch {
    return null;
  }
};
/** A 422's fields as the widget's own message in the visitor's language. */
function fieldProblem(body: unknown, labels: string[]): string {
  const t = TEXTS[pickLanguage([document.documentElement.lang], undefined)];
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  const missing = Array.isArray(detail) && detail.some((d) => d && d.type === 'missing');
  return missing ? t.provide + ' ' + labels.join(', ') : labels.length ? t.checkField : t.failure;
}

/** Asks the loader on the school's page to close the panel (nothing secret, so any origin may read it). */
const close = () => {
  if (window.parent !== window) window.parent.postMessage({ type: 'lantern:close' }, '*');
};

async function readEvents(res: Response, onEvent: (name: string, data: Record<string, unknown> | null) => void) {
  const parser = createSseParser((e) => onEvent(e.event, parseJson(e.data)));
  if (!res.body) {
    parser.push(await res.text());
    return parser.end();
  }
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parser.push(decoder.decode(value, { stream: true }));
  }
  parser.push(decoder.decode());
  parser.end();
}

async function boot() {
  const root = document.getElementById('lantern-chat') || document.body;
  document.head.append(h('style', {}, FRAME_CSS));
  document.addEventListener('keydown', (e) => {
    if (e.key === 'Escape') close();
  });

  const [cfg, persona, storage] = await Promise.all([getJson<WidgetConfig>('/api/widget/config'), getJson<PersonaInfo>('/api/widget/persona-info'), chatStore()]);
  // The visitor's language: their browser's when the widget has it, else the school's default.
  const lang = pickLanguage(navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || 'en'], cfg && cfg.styling ? cfg.styling.defaultLanguage : undefined);
  const t: Texts = TEXTS[lang];
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
  const s = cfg.styling;
  const sites = cfg.link_sites;

  const aiName = (persona && typeof persona.ai_name === 'string' && persona.ai_name.trim()) || '';
  const title = aiName ? fill(t.chatWith, { name: aiName }) : t.chatWithUs;
  // The school's own greeting as written; the default one in the visitor's language.
  const ownGreeting = persona && typeof persona.greeting === 'string' && !persona.default_greeting ? persona.greeting.trim() : '';
  const greeting = ownGreeting || (persona && persona.school_name ? fill(t.greeting, { name: aiName || t.assistant, school: persona.school_name }) : t.hello);
  document.title = title;
  const chat = loadChat(storage, session);
  // Every save follows something the visitor did: the loader also restarts the conversation's clock.
  const save = () => saveChat(storage, session, chat);
  token = chat.token || '';
  keepToken = () => {
    chat.token = token || undefined;
    save();
  };
  const lead = cfg.lead_generation;

  // Header: avatar, title, close (only inside the loader's panel).
  const header = chatHeader(s, { title, aiName, avatarUrl: persona && typeof persona.avatar_url === 'string' ? persona.avatar_url : '', onClose: window.parent !== window ? close : undefined, onPerson: () => askPerson(), t });

  // The conversation is not itself live (it changes as the answer streams): each finished answer is
  // read once, politely, through the announcer, and focus stays where the visitor left it (WCAG 4.1.3).
  const log = h('div', { class: 'log', role: 'log', 'aria-live': 'off', 'aria-label': t.conversation, tabindex: '0' });
  const announcer = h('div', { class: 'sr', 'aria-live': 'polite', 'aria-atomic': 'true' });
  const announce = (text: string) => {
    announcer.textContent = '';
    // A fresh text node after the clearing, so the same words twice are still read.
    setTimeout(() => (announcer.textContent = text), 50);
  };
  const typing = h('div', { class: 'row ai' }, h('div', { class: 'typing', role: 'img', 'aria-label': t.typing }, h('span'), h('span'), h('span')));

  const { form, textarea, counter, send } = inputArea(t);
  // The rate limit's answer: a notice over the input, not a message in the conversation.
  const notice = h('p', { class: 'wait', role: 'status', hidden: '' });
  app.append(header);
  // During office hours with someone available: how soon the school's people usually reply.
  const minutes = cfg.live_reply_minutes;
  if (typeof minutes === 'number' && minutes > 0) app.append(h('p', { class: 'rt' }, fill(t.replies, { time: minutesText(minutes, lang) })));
  app.append(log, notice, form, announcer);

  let pending = false;
  /** Sending waits until then after a 429 (its Retry-After). */
  let waitUntil = 0;
  const nearBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  const toBottom = () => {
    log.scrollTop = log.scrollHeight;
  };
  const letter = () => (chat.name || 'You').charAt(0).toUpperCase();

  function feedback(m: ChatMessage): HTMLElement {
    const group = h('div', { class: 'fb', role: 'group', 'aria-label': t.rate });
    const buttons = ([1, -1] as const).map((rating) => {
      const b = h('button', { type: 'button', class: rating > 0 ? 'up' : 'dn', 'aria-label': rating > 0 ? t.helpful : t.notHelpful, 'aria-pressed': String(m.rating === rating) }, svgIcon(THUMB_ICON));
      b.onclick = () => {
        if (m.rating === rating || typeof m.index !== 'number') return;
        m.rating = rating;
        buttons.forEach((other, i) => other.setAttribute('aria-pressed', String(i === (rating > 0 ? 0 : 1))));
        save();
        report({ event_type: 'message_feedback', message_index: m.index, rating });
      };
      return b;
    });
    group.append(...buttons);
    return group;
  }

  function messageRow(m: ChatMessage): HTMLElement {
    if (m.role === 'staff') return staffRow(m.text, m.author || t.staff, t);
    if (m.role === 'user') return userRow(m.text, userAvatar(s.userAvatarStyle, letter()), t);
    const bubble = assistantBubble(m.text, m.failed, sites);
    const name = aiName || t.assistant;
    const parts: HTMLElement[] = [bubble];
    if (m.sources && m.sources.length && !m.failed) parts.push(sourcesLine(m.sources, t));
    if (typeof m.index === 'number' && !m.failed) parts.push(feedback(m));
    return assistantRow(name, ...parts);
  }

  // The quick info card (smart_card mode): once per session, with the second answer (chat.ts: cardWanted).
  const showCard = () => lead && lead.enabled && lead.collection_mode === 'smart_card' && lead.fields.length > 0;
  const thanks = () => thanksNote(t);

  function card(): HTMLElement {
    // On a phone the card starts as one line that opens it, so the answer above it stays in view.
    const { box, inputs, error, submit, later } = quickCard(lead, t, small);
    later.onclick = () => {
      chat.card = 'dismissed';
      save();
      box.remove();
      textarea.focus();
    };
    box.onsubmit = async (e) => {
      e.preventDefault();
      const body: Record<string, unknown> = {};
      for (const [field, input] of inputs) {
        const value = leadValue(field.type, input.value, input.checked);
        if (value !== undefined) body[field.key] = value;
      }
      submit.disabled = true;
      error.hidden = true;
      for (const [, input] of inputs) {
        input.removeAttribute('aria-invalid');
        input.removeAttribute('aria-describedby');
      }
      let problem = t.failure;
      let invalid: string[] = [];
      try {
        const res = await call('/api/widget/leads', body);
        if (res.ok) {
          chat.card = 'done';
          if (typeof body.first_name === 'string') {
            chat.name = body.first_name;
            log.querySelectorAll('.ul').forEach((el) => (el.textContent = letter()));
          }
          const given = [body.first_name, body.last_name].filter((x) => typeof x === 'string' && x).join(' ');
          if (given) chat.fullName = given;
          if (typeof body.email === 'string') chat.email = body.email;
          if (typeof body.phone === 'string') chat.phone = body.phone;
          save();
          box.replaceWith(thanks());
          return;
        }
        if (res.status < 500) {
          const answer = await readJson(res);
          invalid = invalidFields(answer);
          // The server's messages are English: the visitor reads the widget's own in their language.
          problem = lang === 'en' ? errorDetail(answer) || t.failure : fieldProblem(answer, inputs.filter(([f]) => invalid.indexOf(f.key) >= 0).map(([f]) => f.label));
        }
      } catch {
        // offline: the generic text
      }
      error.textContent = problem;
      error.hidden = false;
      submit.disabled = false;
      // Each field the answer names is marked invalid and described by the message.
      let first: HTMLInputElement | null = null;
      for (const [field, input] of inputs) {
        if (invalid.indexOf(field.key) < 0) continue;
        input.setAttribute('aria-invalid', 'true');
        input.setAttribute('aria-describedby', error.id);
        first = first || input;
      }
      if (first) first.focus();
    };
    return box;
  }

  function cardNode(): HTMLElement | null {
    if (chat.card === 'done') return thanks();
    if (chat.card === 'open' && showCard()) return card();
    return null;
  }

  // Greeting first (shown, never sent), then what this session already said.
  log.append(assistantRow(aiName || t.assistant, assistantBubble(greeting, false, sites)));
  chat.messages.forEach((m, i) => {
    log.append(messageRow(m));
    const cardHere = chat.cardAt === i + 1 && cardNode();
    if (cardHere) log.append(cardHere);
  });
  toBottom();

  const update = () => {
    send.disabled = pending || Date.now() < waitUntil || !textarea.value.trim();
    const n = textarea.value.length;
    counter.hidden = n < COUNTER_FROM;
    counter.textContent = n + ' / ' + MESSAGE_MAX;
  };
  /** Grows with the text up to 100 px, then scrolls. */
  const grow = () => {
    textarea.style.height = 'auto';
    const full = textarea.scrollHeight + 2;
    textarea.style.height = Math.min(full, 100) + 'px';
    textarea.style.overflowY = full > 100 ? 'auto' : 'hidden';
  };
  textarea.addEventListener('input', () => {
    grow();
    update();
    live.typed();
  });
  textarea.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.isComposing) {
      e.preventDefault();
      submitMessage();
    }
  });
  form.onsubmit = (e) => {
    e.preventDefault();
    submitMessage();
  };

  function submitMessage() {
    const text = textarea.value.trim().slice(0, MESSAGE_MAX);
    if (!text || pending || Date.now() < waitUntil) return;
    textarea.value = '';
    grow();
    update();
    // Talking to a person: the message goes to them, not the assistant.
    if (live.active()) {
      const said: ChatMessage = { role: 'user', text };
      chat.messages.push(said);
      const row = messageRow(said);
      log.append(row);
      toBottom();
      save();
      void live.send(text).then(
        (taken) => {
          if (taken) return;
          chat.messages.splice(chat.messages.indexOf(said), 1);
          row.remove();
          void ask(text);
        },
        () => {
          said.failed = true;
          save();
          row.append(h('p', { class: 'wait', role: 'status' }, t.failure));
        },
      );
      return;
    }
    // 'Talk to a human': the visitor's words stay in the conversation; a person, or the form, at once.
    if (WANTS_PERSON.test(text)) {
      const said: ChatMessage = { role: 'user', text, failed: true };
      chat.messages.push(said);
      log.append(messageRow(said));
      save();
      return void live.request(text);
    }
    void ask(text);
  }

  async function ask(text: string) {
    pending = true;
    update();
    const history = historyFor(chat.messages);
    const question: ChatMessage = { role: 'user', text };
    chat.messages.push(question);
    const asked = messageRow(question);
    log.append(asked, typing);
    toBottom();
    if (!chat.engaged) {
      chat.engaged = true;
      report({ event_type: 'conversation_engaged' });
    }
    save();
    log.setAttribute('aria-busy', 'true');

    // The answer as it streams: re-rendered at most once a frame.
    let answer = '';
    let draft: HTMLElement | null = null;
    let raf = 0;
    const paint = () => {
      raf = 0;
      const stick = nearBottom();
      const bubble = assistantBubble(answer, false, sites);
      if (!draft) {
        draft = h('div', { class: 'row ai' }, h('div', { class: 'col' }, bubble));
        typing.replaceWith(draft);
      } else draft.querySelector('.msg')!.replaceWith(bubble);
      if (stick) toBottom();
    };

    let done: Record<string, unknown> | null = null;
    let failure: string | null = null;
    try {
      const res = await call('/api/widget/chat/stream', { message: text, conversation_history: history, language: lang });
      if (res.status === 429) return tooMany(res, question, asked);
      if (!res.ok) failure = lang === 'en' ? refusalText(res.status, await readJson(res)) : t.failure;
      else
        await readEvents(res, (name, data) => {
          if (name === 'delta' && data && typeof data.text === 'string') {
            answer += data.text;
            if (!raf) raf = requestAnimationFrame(paint);
          } else if (name === 'done') done = data || {};
          else if (name === 'error') failure = lang === 'en' ? errorDetail(data) || t.failure : t.failure;
        });
      if (!done && !failure) failure = t.failure; // the stream ended early
    } catch {
      failure = t.failure;
    }
    if (raf) cancelAnimationFrame(raf);

    let reply: ChatMessage;
    if (failure) {
      question.failed = true;
      reply = { role: 'assistant', text: failure, failed: true };
    } else {
      const final = done as Record<string, unknown> | null;
      const full = final && typeof final.response === 'string' ? final.response : answer;
      const index = final && typeof final.message_index === 'number' ? final.message_index : null;
      const sources = sourcesFrom(final && final.sources);
      reply = full.trim() ? { role: 'assistant', text: full, index, ...(sources.length ? { sources } : {}) } : { role: 'assistant', text: t.empty, failed: true };
      // Two answers in a row the assistant could not give: a person is offered.
      unanswered = final && final.answered === false ? unanswered + 1 : 0;
    }
    chat.messages.push(reply);
    const stick = nearBottom();
    const row = messageRow(reply);
    if (draft) (draft as HTMLElement).replaceWith(row);
    else typing.replaceWith(row);
    const said = row.querySelector('.msg');
    announce((aiName || t.assistant) + ': ' + (said ? said.textContent : reply.text));
    let carded = false;
    if (unanswered >= 2 && !chat.handoff) {
      unanswered = 0;
      log.append(offerRow());
    } else if (!reply.failed && cardWanted(lead, chat)) {
      chat.card = 'open';
      chat.cardAt = chat.messages.length;
      log.append(card());
      carded = true;
    }
    log.removeAttribute('aria-busy');
    save();
    if (stick) {
      toBottom();
      // The card below must not push the answer it follows out of view: its top stays in sight.
      const above = carded ? row.getBoundingClientRect().top - log.getBoundingClientRect().top - 8 : 0;
      if (above < 0) log.scrollTop += above;
    }
    pending = false;
    update();
  }

  /**
   * Too many messages: the question was not taken, so it leaves the conversation and goes back into
   * the message box (unless the visitor has typed something new), and a notice says how long to wait.
   */
  async function tooMany(res: Response, question: ChatMessage, asked: HTMLElement) {
    const seconds = Math.max(1, Math.ceil(Number(res.headers.get('Retry-After')) || 30));
    const detail = (lang === 'en' && errorDetail(await readJson(res))) || t.tooMany;
    chat.messages.splice(chat.messages.indexOf(question), 1);
    asked.remove();
    typing.remove();
    log.removeAttribute('aria-busy');
    save();
    if (!textarea.value.trim()) {
      textarea.value = question.text;
      grow();
    }
    waitUntil = Date.now() + seconds * 1000;
    notice.textContent = detail + ' ' + (lang === 'en' && seconds === 1 ? 'You can send your message again in 1 second.' : fill(t.waitSeconds, { n: seconds }));
    notice.hidden = false;
    setTimeout(() => {
      notice.hidden = true;
      update();
    }, seconds * 1000);
    pending = false;
    update();
    textarea.focus();
  }

  // Reaching a person: the school's contact actions and a short form that reaches the
  // admissions office. Offered after two answers in a row the assistant could not give.
  let unanswered = 0;
  let handoffOpen: HTMLElement | null = null;

  function offerRow(): HTMLElement {
    const b = h('button', { class: 'sub', type: 'button' }, t.talk);
    b.onclick = () => askPerson();
    return assistantRow(aiName || t.assistant, assistantBubble(t.offer, true), b);
  }

  function openHandoff() {
    if (chat.handoff === 'done') {
      log.append(h('p', { class: 'thanks', role: 'status' }, t.handoffDone));
      return toBottom();
    }
    if (handoffOpen && handoffOpen.isConnected) {
      handoffOpen.scrollIntoView({ block: 'nearest' });
      return (handoffOpen.querySelector('input') as HTMLInputElement).focus();
    }
    // What the visitor last asked: their request itself when it says more than "a person, please"
    // ("…for a person: can we schedule an interview?"), else the question before it.
    const asked = chat.messages.filter((m) => m.role === 'user');
    const latest = asked[asked.length - 1];
    const lastQuestion = latest && (!WANTS_PERSON.test(latest.text) || latest.text.length > 40) ? latest : [...asked].reverse().find((m) => !WANTS_PERSON.test(m.text)) || latest;
    const parts = handoffCard(cfg!.handoff ? cfg!.handoff.contact_actions : [], t, chat.fullName || chat.name || '', lastQuestion ? lastQuestion.text : '');
    // Every detail the visitor already gave is filled in: they are never asked twice.
    parts.email.value = chat.email || '';
    parts.phone.value = chat.phone || '';
    handoffOpen = parts.box;
    parts.box.onsubmit = async (e) => {
      e.preventDefault();
      const v = (i: HTMLInputElement | HTMLTextAreaElement) => i.value.trim();
      const wrong: [HTMLInputElement | HTMLTextAreaElement, string][] = [];
      if (!v(parts.name)) wrong.push([parts.name, t.needName]);
      if (!v(parts.email) && !v(parts.phone)) wrong.push([parts.email, t.needContact]);
      if (!v(parts.question)) wrong.push([parts.question, t.needQuestion]);
      for (const i of [parts.name, parts.email, parts.phone, parts.question]) i.removeAttribute('aria-invalid');
      if (wrong.length) return parts.fail(wrong.map(([, m]) => m).join(' '), wrong.map(([i]) => i));
      parts.submit.disabled = true;
      try {
        const res = await call('/api/widget/handoff', { name: v(parts.name), email: v(parts.email) || undefined, phone: v(parts.phone) || undefined, question: v(parts.question), language: lang });
        if (res.ok) {
          chat.handoff = 'done';
          save();
          const done = h('p', { class: 'thanks', role: 'status' }, t.handoffDone);
          parts.box.replaceWith(done);
          textarea.focus();
          return;
        }
        const answer = await readJson(res);
        const invalid = invalidFields(answer);
        const fields = invalid.map((k) => (k === 'name' ? parts.name : k === 'phone' ? parts.phone : k === 'question' ? parts.question : parts.email));
        parts.fail(res.status < 500 && lang === 'en' ? errorDetail(answer) || t.failure : invalid.length ? t.checkField : t.failure, fields);
      } catch {
        parts.fail(t.failure, []);
      }
      parts.submit.disabled = false;
    };
    log.append(parts.box);
    parts.box.scrollIntoView({ block: 'nearest' });
    parts.name.focus();
  }

  // A person, when the school has live chat on and someone is available; else the form above.
  const live = createLive({
    t,
    session: () => session,
    language: lang,
    page,
    call,
    readEvents,
    saved: () => chat,
    typing: (on, name) => {
      // The dots are the assistant's while it answers; a person's while they write, named for screen readers.
      (typing.firstChild as HTMLElement).setAttribute('aria-label', on ? fill(t.personTyping, { name }) : t.typing);
      if (!on) return typing.remove();
      const stick = nearBottom();
      log.append(typing);
      if (stick) toBottom();
    },
    store: (state, agent, after) => {
      chat.live = state;
      chat.agent = state === 'active' ? agent : undefined;
      if (after !== undefined) chat.liveAfter = after;
      save();
    },
    show: (index, text, author) => {
      const m: ChatMessage = { role: 'staff', text, author };
      chat.messages.push(m);
      const stick = nearBottom();
      log.append(messageRow(m));
      if (stick) toBottom();
      save();
      announce(author + ': ' + text);
      // Shown on the launcher when the chat is closed (the loader ignores it while it is open).
      const line = text.replace(/\s+/g, ' ').slice(0, 150);
      if (window.parent !== window) window.parent.postMessage({ type: 'lantern:unread', text: author + ': ' + line, say: fill(t.newMessage, { name: author }) + ': ' + line }, '*');
    },
    note: (text) => {
      log.append(h('p', { class: 'thanks', role: 'status' }, text));
      toBottom();
    },
    fallback: () => openHandoff(),
  });
  const askPerson = () => void live.request();
  live.resume();

  // The loader focuses the iframe when the panel opens: hand that focus to the message box.
  // Inside the loader's panel the frame is made when the visitor opens the chat: the message box
  // takes focus as soon as it exists (the focus the loader gave the frame may have come too early),
  // unless the chat was loaded or opened by itself on a new page (a conversation with a person).
  if (document.hasFocus() || (window.parent !== window && takeFocus)) textarea.focus();
  window.addEventListener('focus', () => {
    if (document.activeElement === document.body) textarea.focus();
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
