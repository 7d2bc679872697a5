import { readableText, RECOMMENDED_CONTRAST } from '@/lib/widget/contrast';
import { renderMarkdown, type LinkSites } from '@/lib/widget/markdown';
import { MESSAGE_MAX, type AnswerSource } from './chat';
import { fontFamily, h, svgIcon } from './dom';
import { FRAME_CSS } from './frame-css';
import { TEXTS, type Texts } from './i18n';
import type { ContactAction, LeadFieldInfo, WidgetConfig, WidgetStyling } from './types';

const EN = TEXTS.en;

// The chat window's look: header, messages, quick info card and input area, drawn from a styling
// object. The chat frame (chat-log.ts, chat-forms.ts) builds its conversation from these parts;
// the admin's Styling tab draws its live preview (drawChatPreview) and the test chat takes its
// colours from them.

export const CLOSE_ICON = 'M6 6l12 12M18 6L6 18';
/** A person (the header's 'Talk to a person'). */
const PERSON_ICON = 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0';

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
export function chatHeader(s: WidgetStyling, o: { title: string; aiName: string; avatarUrl: string; onClose?: () => void; onPerson?: () => void; t?: Texts }): HTMLDivElement {
  const t = o.t || EN;
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
  if (o.onPerson) {
    const p = h('button', { class: 'x', type: 'button', 'aria-label': t.talk, title: t.talk }, svgIcon(PERSON_ICON));
    p.onclick = o.onPerson;
    header.append(p);
  }
  if (o.onClose) {
    const x = h('button', { class: 'x', type: 'button', 'aria-label': t.close }, svgIcon(CLOSE_ICON));
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

/**
 * An assistant bubble: model text through renderMarkdown (the one innerHTML), or plain text. Links
 * stay clickable only to `sites` (the school's own, from the widget's configuration).
 */
export function assistantBubble(text: string, asText = false, sites?: LinkSites): HTMLElement {
  const bubble = h('div', { class: 'msg' });
  if (asText) bubble.textContent = text;
  else bubble.innerHTML = renderMarkdown(text, sites);
  return bubble;
}

/** "Sources: Tuition and Fees, Visit Us" under an answer: each a link to the page, in a new tab. */
export function sourcesLine(sources: AnswerSource[], t: Texts = EN): HTMLElement {
  const line = h('p', { class: 'src' }, t.sources + ': ');
  sources.forEach((s, i) => {
    if (i) line.append(', ');
    line.append(s.url ? h('a', { href: s.url, target: '_blank', rel: 'noopener noreferrer' }, s.title) : s.title);
  });
  return line;
}

/** An assistant row around a column (bubble, then its feedback buttons). */
export function assistantRow(aiName: string, ...col: HTMLElement[]): HTMLElement {
  return h('div', { class: 'row ai' }, h('span', { class: 'sr' }, (aiName || 'Assistant') + ': '), h('div', { class: 'col' }, ...col));
}

/** A visitor's row: their text and, when styled so, their avatar. */
export function userRow(text: string, avatar: HTMLElement | null, t: Texts = EN): HTMLElement {
  const row = h('div', { class: 'row me' }, h('span', { class: 'sr' }, t.you + ': '), h('div', { class: 'msg' }, text));
  if (avatar) row.append(avatar);
  return row;
}

/** The input area: message box with its counter, and Send. */
export function inputArea(t: Texts = EN) {
  const textarea = h('textarea', { id: 'lantern-message', rows: '1', maxlength: String(MESSAGE_MAX), placeholder: t.placeholder, 'aria-describedby': 'lantern-count' });
  const counter = h('div', { class: 'cnt', id: 'lantern-count', hidden: '' });
  const send = h('button', { class: 'send', type: 'submit', disabled: '' }, t.send);
  const form = h('form', { class: 'in', novalidate: '' }, h('label', { class: 'sr', for: 'lantern-message' }, t.messageLabel), h('div', { class: 'field' }, textarea, counter), send);
  return { form, textarea, counter, send };
}

/**
 * The quick info card's form: a labelled input per lead field, an error line, Submit and Not now.
 * `compact` (a phone): the card starts as one line, the school's instructions (or "Quick info"),
 * that opens the rest.
 */
export function quickCard(lead: Pick<WidgetConfig['lead_generation'], 'fields' | 'smart_card_instructions'>, t: Texts = EN, compact = false) {
  const box = h('form', { class: 'card', 'aria-label': t.quickInfo, novalidate: '' });
  const body = compact ? h('div', { hidden: '' }) : box;
  const note = (lead.smart_card_instructions || '').trim();
  if (note) body.append(h('p', {}, lead.smart_card_instructions));
  const inputs: [LeadFieldInfo, HTMLInputElement][] = [];
  lead.fields.forEach((field, i) => {
    const input = h('input', { id: 'lantern-lead-' + i, name: field.key, type: INPUT_TYPES[field.type] || 'text' });
    if (AUTOCOMPLETE[field.key]) input.setAttribute('autocomplete', AUTOCOMPLETE[field.key]);
    if (field.type === 'number') input.step = 'any';
    if (field.type === 'list') input.placeholder = t.commas;
    if (field.type === 'boolean') body.append(h('label', { class: 'ck' }, input, field.label));
    else {
      input.className = 'tx';
      body.append(h('label', {}, field.label, input));
    }
    inputs.push([field, input]);
  });
  const error = h('p', { class: 'er', id: 'lantern-card-error', role: 'alert', hidden: '' });
  const submit = h('button', { class: 'sub', type: 'submit' }, t.submit);
  const later = h('button', { class: 'no', type: 'button' }, t.notNow);
  body.append(error, h('div', { class: 'act' }, submit, later));
  if (compact) {
    const more = h('button', { class: 'more', type: 'button', 'aria-expanded': 'false' }, note || t.quickInfo);
    more.onclick = () => {
      more.replaceWith(body);
      body.hidden = false;
      if (inputs[0]) inputs[0][1].focus();
    };
    box.append(more);
  }
  return { box, inputs, error, submit, later };
}

export const thanksNote = (t: Texts = EN) => h('p', { class: 'thanks', role: 'status' }, t.thanks);

const ACTION_HREF: Record<string, (d: string) => string> = {
  phone: (d) => 'tel:' + d.replace(/[^\d+]/g, ''),
  email: (d) => 'mailto:' + d,
  link: (d) => d,
  form: (d) => d,
};

/**
 * 'Talk to a person': the school's contact actions and a short form (name, e-mail or phone,
 * question). `fail` shows a message tied to the fields it names (aria-invalid, aria-describedby).
 */
export function handoffCard(actions: ContactAction[], t: Texts, name: string, question: string) {
  const box = h('form', { class: 'card ho', 'aria-label': t.talk, novalidate: '' });
  box.append(h('h2', {}, t.talk), h('p', {}, t.handoffIntro));
  const links = actions.filter((a) => a.type === 'phone' || a.type === 'email' || /^https?:/i.test(a.data));
  if (links.length) {
    const list = h('ul', { class: 'acts' });
    for (const a of links) {
      const link = h('a', { href: ACTION_HREF[a.type](a.data), rel: 'noopener noreferrer' }, a.name + ': ' + a.data);
      if (a.type === 'link' || a.type === 'form') link.target = '_blank';
      list.append(h('li', {}, link));
    }
    box.append(h('p', {}, t.reach), list);
  }
  const field = <T extends HTMLInputElement | HTMLTextAreaElement>(el: T, id: string, label: string) => {
    el.id = id;
    el.className = 'tx';
    box.append(h('label', { for: id }, label), el);
    return el;
  };
  const nameInput = field(h('input', { type: 'text', autocomplete: 'name', maxlength: '200' }), 'lantern-ho-name', t.name);
  nameInput.value = name;
  const email = field(h('input', { type: 'email', autocomplete: 'email', maxlength: '254' }), 'lantern-ho-email', t.email);
  const phone = field(h('input', { type: 'tel', autocomplete: 'tel', maxlength: '40' }), 'lantern-ho-phone', t.phone);
  const questionInput = field(h('textarea', { rows: '3', maxlength: String(MESSAGE_MAX) }), 'lantern-ho-question', t.question);
  questionInput.value = question;
  const error = h('p', { class: 'er', id: 'lantern-ho-error', role: 'alert', hidden: '' });
  const submit = h('button', { class: 'sub', type: 'submit' }, t.handoffSend);
  box.append(error, h('div', { class: 'act' }, submit));
  const fail = (message: string, fields: (HTMLInputElement | HTMLTextAreaElement)[]) => {
    error.textContent = message;
    error.hidden = false;
    for (const el of [nameInput, email, phone, questionInput]) {
      const bad = fields.indexOf(el) >= 0;
      if (bad) el.setAttribute('aria-invalid', 'true');
      if (bad) el.setAttribute('aria-describedby', error.id);
      else el.removeAttribute('aria-describedby');
    }
    if (fields[0]) fields[0].focus();
  };
  return { box, name: nameInput, email, phone, question: questionInput, submit, fail };
}

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
