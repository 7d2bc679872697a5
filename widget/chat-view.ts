import { readableText, RECOMMENDED_CONTRAST } from '@/lib/widget/contrast';
import { renderMarkdown } from '@/lib/widget/markdown';
import { MESSAGE_MAX, THANKS_TEXT } from './chat';
import { fontFamily, h, svgIcon } from './dom';
import { FRAME_CSS } from './frame-css';
import type { LeadFieldInfo, WidgetConfig, WidgetStyling } from './types';

// The chat window's look: header, messages, quick info card and input area, drawn from a styling
// object. The chat frame (frame.ts) builds its conversation from these parts; the admin's Styling
// tab draws its live preview (drawChatPreview) and the test chat takes its colours from them.

export const CLOSE_ICON = 'M6 6l12 12M18 6L6 18';

/** The styling fields behind each custom property of FRAME_CSS. */
export const STYLE_VARS: [string, keyof WidgetStyling][] = [
  ['--p', 'primaryColor'],
  ['--ht', 'headerTextColor'],
  ['--hf', 'headerFontFamily'],
  ['--ab', 'aiBubbleBgColor'],
  ['--at', 'aiBubbleTextColor'],
  ['--af', 'aiBubbleFontFamily'],
  ['--ub', 'userBubbleBgColor'],
  ['--ut', 'userBubbleTextColor'],
  ['--uf', 'userBubbleFontFamily'],
  ['--ia', 'chatInputAreaBgColor'],
  ['--ib', 'chatInputBgColor'],
  ['--it', 'chatInputTextColor'],
  ['--if', 'chatInputFontFamily'],
  ['--bt', 'buttonTextColor'],
  ['--bf', 'buttonFontFamily'],
  ['--qp', 'quickCardPrimaryColor'],
  ['--qs', 'quickCardSecondaryColor'],
  ['--qib', 'quickCardInputBgColor'],
  ['--qit', 'quickCardInputTextColor'],
  ['--qif', 'quickCardInputFontFamily'],
  ['--ql', 'quickCardLinkColor'],
  ['--qlb', 'quickCardLinkButtonBgColor'],
  ['--qlt', 'quickCardLinkButtonTextColor'],
];
/** The dark theme's surfaces, over the styling's (light) input colours. */
const DARK_VARS: [string, string][] = [
  ['--ia', '#232428'],
  ['--ib', '#2c2e33'],
  ['--it', '#e9ecef'],
];
const INPUT_TYPES: Record<string, string> = { email: 'email', tel: 'tel', number: 'number', date: 'date', boolean: 'checkbox' };
const AUTOCOMPLETE: Record<string, string> = { first_name: 'given-name', last_name: 'family-name', preferred_name: 'nickname', email: 'email', phone: 'tel', date_of_birth: 'bday', state_province: 'address-level1' };
const AVATAR_PX: Record<string, number> = { small: 24, medium: 32, large: 40 };

/** Normal-size text over its background, as custom properties of FRAME_CSS. */
const TEXT_PAIRS: [string, string][] = [
  ['--at', '--ab'],
  ['--ut', '--ub'],
  ['--bt', '--p'],
  ['--it', '--ib'],
  ['--qit', '--qib'],
  ['--ql', '--qs'],
  ['--qlt', '--qlb'],
];

/** The custom properties the chat's CSS reads, as name → value (fonts as CSS font-family lists). */
export function chatStyleVars(s: WidgetStyling, dark = false): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const [name, field] of STYLE_VARS) {
    const value = String(s[field] ?? '');
    vars[name] = field.endsWith('FontFamily') ? fontFamily(value) : value;
  }
  if (dark) for (const [name, value] of DARK_VARS) vars[name] = value;
  // No pair is drawn below WCAG AA for its size: the header title is large text (3:1), the rest is
  // normal text (4.5:1). A pair the school chose below that gets a readable text colour instead.
  vars['--ht'] = readableText(vars['--ht'], vars['--p']);
  for (const [text, background] of TEXT_PAIRS) vars[text] = readableText(vars[text], vars[background], RECOMMENDED_CONTRAST);
  vars['--qt'] = readableText('#212529', vars['--qs'], RECOMMENDED_CONTRAST);
  vars['--qe'] = readableText('#b02a37', vars['--qs'], RECOMMENDED_CONTRAST);
  return vars;
}

/** The chat's root element, styled. */
export function chatApp(s: WidgetStyling | null, dark: boolean): HTMLDivElement {
  const app = h('div', { class: dark ? 'app dark' : 'app' });
  if (s) {
    const vars = chatStyleVars(s, dark);
    for (const name in vars) app.style.setProperty(name, vars[name]);
  }
  return app;
}

/** Header: avatar (as avatarSize says), title, and a close button when `onClose` is given. */
export function chatHeader(s: WidgetStyling, o: { title: string; aiName: string; avatarUrl: string; onClose?: () => void }): HTMLDivElement {
  const header = h('div', { class: 'hd' });
  const avatarPx = AVATAR_PX[s.avatarSize];
  if (avatarPx) {
    const box = { class: 'av', style: `width:${avatarPx}px;height:${avatarPx}px`, 'aria-hidden': 'true' };
    if (o.avatarUrl) {
      const img = h('img', { ...box, alt: '' });
      img.src = o.avatarUrl;
      header.append(img);
    } else header.append(h('span', box, (o.aiName || 'A').charAt(0).toUpperCase()));
  }
  header.append(h('h1', {}, o.title));
  if (o.onClose) {
    const x = h('button', { class: 'x', type: 'button', 'aria-label': 'Close chat' }, svgIcon(CLOSE_ICON));
    x.onclick = o.onClose;
    header.append(x);
  }
  return header;
}

/** The visitor's avatar beside their messages, as userAvatarStyle says (null for none). */
export function userAvatar(style: WidgetStyling['userAvatarStyle'], letter: string): HTMLElement | null {
  if (!style || style === 'none') return null;
  if (style === 'letter') return h('span', { class: 'ua ul', 'aria-hidden': 'true' }, letter);
  return h('span', { class: 'ua ' + style, 'aria-hidden': 'true' });
}

/** An assistant bubble: model text through renderMarkdown (the one innerHTML), or plain text. */
export function assistantBubble(text: string, asText = false): HTMLElement {
  const bubble = h('div', { class: 'msg' });
  if (asText) bubble.textContent = text;
  else bubble.innerHTML = renderMarkdown(text);
  return bubble;
}

/** An assistant row around a column (bubble, then its feedback buttons). */
export function assistantRow(aiName: string, ...col: HTMLElement[]): HTMLElement {
  return h('div', { class: 'row ai' }, h('span', { class: 'sr' }, (aiName || 'Assistant') + ': '), h('div', { class: 'col' }, ...col));
}

/** A visitor's row: their text and, when styled so, their avatar. */
export function userRow(text: string, avatar: HTMLElement | null): HTMLElement {
  const row = h('div', { class: 'row me' }, h('span', { class: 'sr' }, 'You: '), h('div', { class: 'msg' }, text));
  if (avatar) row.append(avatar);
  return row;
}

/** The input area: message box with its counter, and Send. */
export function inputArea() {
  const textarea = h('textarea', { id: 'lantern-message', rows: '1', maxlength: String(MESSAGE_MAX), placeholder: 'Type your message…', 'aria-describedby': 'lantern-count' });
  const counter = h('div', { class: 'cnt', id: 'lantern-count', hidden: '' });
  const send = h('button', { class: 'send', type: 'submit', disabled: '' }, 'Send');
  const form = h('form', { class: 'in', novalidate: '' }, h('label', { class: 'sr', for: 'lantern-message' }, 'Type your message'), h('div', { class: 'field' }, textarea, counter), send);
  return { form, textarea, counter, send };
}

/** The quick info card's form: a labelled input per lead field, an error line, Submit and Not now. */
export function quickCard(lead: Pick<WidgetConfig['lead_generation'], 'fields' | 'smart_card_instructions'>) {
  const box = h('form', { class: 'card', 'aria-label': 'Quick info', novalidate: '' });
  if (lead.smart_card_instructions && lead.smart_card_instructions.trim()) box.append(h('p', {}, lead.smart_card_instructions));
  const inputs: [LeadFieldInfo, HTMLInputElement][] = [];
  lead.fields.forEach((field, i) => {
    const input = h('input', { id: 'lantern-lead-' + i, name: field.key, type: INPUT_TYPES[field.type] || 'text' });
    if (AUTOCOMPLETE[field.key]) input.setAttribute('autocomplete', AUTOCOMPLETE[field.key]);
    if (field.type === 'number') input.step = 'any';
    if (field.type === 'list') input.placeholder = 'Separate several with commas';
    if (field.type === 'boolean') box.append(h('label', { class: 'ck' }, input, field.label));
    else {
      input.className = 'tx';
      box.append(h('label', {}, field.label, input));
    }
    inputs.push([field, input]);
  });
  const error = h('p', { class: 'er', id: 'lantern-card-error', role: 'alert', hidden: '' });
  const submit = h('button', { class: 'sub', type: 'submit' }, 'Submit');
  const later = h('button', { class: 'no', type: 'button' }, 'Not now');
  box.append(error, h('div', { class: 'act' }, submit, later));
  return { box, inputs, error, submit, later };
}

export const thanksNote = () => h('p', { class: 'thanks', role: 'status' }, THANKS_TEXT);

const SAMPLE_FIELDS: LeadFieldInfo[] = [
  { key: 'first_name', label: 'First name', type: 'text' },
  { key: 'email', label: 'Email', type: 'email' },
];

/**
 * The Styling tab's preview of the open chat: the frame's own parts and CSS in a shadow root, with
 * sample messages and the quick info card. Nothing in it sends anything.
 */
export function drawChatPreview(root: ShadowRoot, s: WidgetStyling, o: { aiName: string; avatarUrl?: string }): void {
  root.append(h('style', {}, FRAME_CSS));
  const app = chatApp(s, false);
  const title = o.aiName ? 'Chat with ' + o.aiName : 'Chat with us';
  const log = h('div', { class: 'log', 'aria-label': 'Sample conversation', role: 'log' });
  log.append(
    assistantRow(o.aiName, assistantBubble('Hi! How can I help you today?', true)),
    userRow('What programs do you offer?', userAvatar(s.userAvatarStyle, 'Y')),
    assistantRow(o.aiName, assistantBubble('We offer Nursing, Business and Computer Science.', true)),
  );
  const card = quickCard({ fields: SAMPLE_FIELDS, smart_card_instructions: 'Share your details and we will follow up.' });
  card.box.onsubmit = (e) => e.preventDefault();
  for (const [, input] of card.inputs) input.id = 'lantern-preview-' + input.name;
  log.append(card.box);
  const input = inputArea();
  input.textarea.id = 'lantern-preview-message';
  input.form.querySelector('label')!.setAttribute('for', 'lantern-preview-message');
  input.form.onsubmit = (e) => e.preventDefault();
  app.append(chatHeader(s, { title, aiName: o.aiName, avatarUrl: o.avatarUrl || '' }), log, input.form);
  root.append(app);
  // As in the frame: the latest message (here the card) in view.
  log.scrollTop = log.scrollHeight;
}
