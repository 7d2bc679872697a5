import { cardWanted, COUNTER_FROM, errorDetail, historyFor, MESSAGE_MAX, refusalText, sourcesFrom, type ChatMessage } from './chat';
import { card } from './chat-forms';
import { announce, input, log, messageRow, nearBottom, offerRow, toBottom, typing } from './chat-log';
import { chat, save } from './chat-store';
import { assistantBubble } from './chat-view';
import { h } from './dom';
import { fill, WANTS_PERSON } from './i18n';
import * as live from './live';
import { assistantName, lang, lead, sites, t } from './setup';
import { call, readEvents, readJson, report } from './transport';

// The message box and what a sent message does: in a live chat it goes to the person; a request
// for one ('talk to a human') asks for a person; anything else is a question to the assistant,
// whose answer streams into the log (POST /api/widget/chat/stream).

// The rate limit's answer: a notice over the input, not a message in the conversation.
export let notice: HTMLParagraphElement;
let pending = false;
/** Sending waits until then after a 429 (its Retry-After). */
let waitUntil = 0;
/** Answers in a row the assistant could not give: at two, a person is offered. */
let unanswered = 0;
let textarea: HTMLTextAreaElement;
let counter: HTMLDivElement;
let send: HTMLButtonElement;

/** Makes the notice and lets the message box send. */
export function startComposer(): void {
  ({ textarea, counter, send } = input);
  notice = h('p', { class: 'wait', role: 'status', hidden: '' });
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
  input.form.onsubmit = (e) => {
    e.preventDefault();
    submitMessage();
  };
}

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
  if (WANTS_PERSON.test(text)) return toPerson(text);
  void ask(text);
}

/** 'Talk to a human': the visitor's words stay in the conversation; a person, or the form, at once. */
function toPerson(text: string) {
  const said: ChatMessage = { role: 'user', text, failed: true };
  chat.messages.push(said);
  log.append(messageRow(said));
  save();
  void live.request(text);
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
    if (!res.ok) failure = lang === 'en' ? refusalText(res.status, await readJson(res), t.failure) : t.failure;
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
  // The server took it for a request for a person (what the rule here missed): it stored nothing.
  if (done && (done as Record<string, unknown>).person) {
    takeBack(question, asked);
    pending = false;
    update();
    return toPerson(text);
  }

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
  announce(assistantName + ': ' + (said ? said.textContent : reply.text));
  let carded = false;
  if (unanswered >= 2 && !chat.handoff) {
    unanswered = 0;
    log.append(offerRow(() => void live.request()));
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

/** A question the assistant did not take leaves the conversation, with its row and the typing dots. */
function takeBack(question: ChatMessage, asked: HTMLElement) {
  chat.messages.splice(chat.messages.indexOf(question), 1);
  asked.remove();
  typing.remove();
  log.removeAttribute('aria-busy');
}

/**
 * Too many messages: the question was not taken, so it leaves the conversation and goes back into
 * the message box (unless the visitor has typed something new), and a notice says how long to wait.
 */
async function tooMany(res: Response, question: ChatMessage, asked: HTMLElement) {
  const seconds = Math.max(1, Math.ceil(Number(res.headers.get('Retry-After')) || 30));
  const detail = (lang === 'en' && errorDetail(await readJson(res))) || t.tooMany;
  takeBack(question, asked);
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
