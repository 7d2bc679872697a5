import type { ChatMessage } from './chat';
import { chat, save, tellLoader } from './chat-store';
import { assistantBubble, assistantRow, inputArea, sourcesLine, userAvatar, userRow } from './chat-view';
import { h, svgIcon } from './dom';
import { fill } from './i18n';
import { assistantName, sites, styling, t } from './setup';
import { report } from './transport';

// The chat frame's window below its header: the conversation log (a row per message: the
// assistant's with its sources and thumbs, the visitor's, a person's; the typing dots; status
// lines), the announcer, and the message box. The log is not itself live (it changes as the answer
// streams): each finished answer is read once, politely, through the announcer, and focus stays
// where the visitor left it (WCAG 4.1.3).

const THUMB_ICON = 'M7 10v11H3V10zM7 10l4-7c1.4 0 2.6 1.2 2.3 2.6L12.6 9H19a2 2 0 0 1 2 2.3l-1.3 7.8A2 2 0 0 1 17.7 21H7';

export let log: HTMLDivElement;
export let announcer: HTMLDivElement;
/** The assistant's dots while it answers (a person's while they write). */
export let typing: HTMLDivElement;
/** The message box, its counter and Send. */
export let input: ReturnType<typeof inputArea>;

/** Makes the log and the message box (once the frame's texts are settled). */
export function drawLog(): void {
  log = h('div', { class: 'log', role: 'log', 'aria-live': 'off', 'aria-label': t.conversation, tabindex: '0' });
  announcer = h('div', { class: 'sr', 'aria-live': 'polite', 'aria-atomic': 'true' });
  typing = h('div', { class: 'row ai' }, h('div', { class: 'typing', role: 'img', 'aria-label': t.typing }, h('span'), h('span'), h('span')));
  input = inputArea(t);
}

export const announce = (text: string) => {
  announcer.textContent = '';
  // A fresh text node after the clearing, so the same words twice are still read.
  setTimeout(() => (announcer.textContent = text), 50);
};
export const nearBottom = () => log.scrollHeight - log.scrollTop - log.clientHeight < 80;
export const toBottom = () => {
  log.scrollTop = log.scrollHeight;
};
/** The message box takes focus (back, when a form is done with). */
export const focusMessage = () => input.textarea.focus();
const letter = () => (chat.name || 'You').charAt(0).toUpperCase();

/** The visitor gave their first name: their letter avatars follow. */
export const renameVisitor = () => log.querySelectorAll('.ul').forEach((el) => (el.textContent = letter()));

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

/** A message's row. */
export function messageRow(m: ChatMessage): HTMLElement {
  if (m.role === 'staff') return staffRow(m.text, m.author || t.staff);
  if (m.role === 'user') return userRow(m.text, userAvatar(styling.userAvatarStyle, letter()), t);
  const parts: HTMLElement[] = [assistantBubble(m.text, m.failed, sites)];
  if (m.sources && m.sources.length && !m.failed) parts.push(sourcesLine(m.sources, t));
  if (typeof m.index === 'number' && !m.failed) parts.push(feedback(m));
  return assistantRow(assistantName, ...parts);
}

/** Greeting first (shown, never sent), then what this session already said, the quick info card where it was. */
export function showHistory(greeting: string, cardNode: () => HTMLElement | null): void {
  log.append(assistantRow(assistantName, assistantBubble(greeting, false, sites)));
  chat.messages.forEach((m, i) => {
    log.append(messageRow(m));
    const cardHere = chat.cardAt === i + 1 && cardNode();
    if (cardHere) log.append(cardHere);
  });
  toBottom();
}

/** After two answers in a row the assistant could not give: a person is offered. */
export function offerRow(talk: () => void): HTMLElement {
  const b = h('button', { class: 'sub', type: 'button' }, t.talk);
  b.onclick = talk;
  return assistantRow(assistantName, assistantBubble(t.offer, true), b);
}

/** A person's message as it arrives: shown, read out, and told to the loader for the launcher. */
export function personSaid(m: ChatMessage): void {
  const author = m.author || t.staff;
  const stick = nearBottom();
  log.append(messageRow(m));
  if (stick) toBottom();
  announce(author + ': ' + m.text);
  // Shown on the launcher when the chat is closed (the loader ignores it while it is open).
  const line = m.text.replace(/\s+/g, ' ').slice(0, 150);
  tellLoader({ type: 'lantern:unread', text: author + ': ' + line, say: fill(t.newMessage, { name: author }) + ': ' + line });
}

/** The dots are the assistant's while it answers; a person's while they write, named for screen readers. */
export function personTyping({ on, name }: { on: boolean; name: string }): void {
  (typing.firstChild as HTMLElement).setAttribute('aria-label', on ? fill(t.personTyping, { name }) : t.typing);
  if (!on) return typing.remove();
  const stick = nearBottom();
  log.append(typing);
  if (stick) toBottom();
}

/** A status line (announced by its role). */
export function note(text: string): void {
  log.append(h('p', { class: 'thanks', role: 'status' }, text));
  toBottom();
}

/** A person's message: their letter, their first name and role, the text as written (never HTML). */
function staffRow(text: string, author: string): HTMLElement {
  return h(
    'div',
    { class: 'row ai staff' },
    h('span', { class: 'ua sa', 'aria-hidden': 'true' }, author.charAt(0).toUpperCase()),
    h('div', { class: 'col' }, h('span', { class: 'who' }, author + ' · ' + t.staff), h('div', { class: 'msg' }, text)),
  );
}
