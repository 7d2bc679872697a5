import { errorDetail, invalidFields, leadValue } from './chat';
import { focusMessage, log, renameVisitor, toBottom } from './chat-log';
import { chat, save, small } from './chat-store';
import { handoffCard, quickCard, thanksNote } from './chat-view';
import { h } from './dom';
import { pickLanguage, TEXTS, WANTS_PERSON } from './i18n';
import { actions, lang, lead, t } from './setup';
import { call, readJson } from './transport';

// The chat frame's two forms: the quick info card (smart_card mode: once per session, with the
// second answer, chat.ts: cardWanted) and 'Talk to a person' (the school's contact actions and a
// short form that reaches the admissions office), used when no person can come to a live chat.

/** A 422's fields as the widget's own message in the visitor's language. */
function fieldProblem(body: unknown, labels: string[]): string {
  const t = TEXTS[pickLanguage([document.documentElement.lang], undefined)];
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  const missing = Array.isArray(detail) && detail.some((d) => d && d.type === 'missing');
  return missing ? t.provide + ' ' + labels.join(', ') : labels.length ? t.checkField : t.failure;
}

const showCard = () => lead && lead.enabled && lead.collection_mode === 'smart_card' && lead.fields.length > 0;
const thanks = () => thanksNote(t);

/** A new quick info card. */
export function card(): HTMLElement {
  // On a phone the card starts as one line that opens it, so the answer above it stays in view.
  const { box, inputs, error, submit, later } = quickCard(lead, t, small);
  later.onclick = () => {
    chat.card = 'dismissed';
    save();
    box.remove();
    focusMessage();
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
          renameVisitor();
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

let handoffOpen: HTMLElement | null = null;

/** The 'Talk to a person' form (or its thank-you once sent; the open one, if it is). */
export function openHandoff() {
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
  const parts = handoffCard(actions, t, chat.fullName || chat.name || '', lastQuestion ? lastQuestion.text : '');
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
        focusMessage();
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

/** What stands where the card was shown, on a reload: the card while it waits, its thank-you once done. */
export function cardNode(): HTMLElement | null {
  if (chat.card === 'done') return thanks();
  if (chat.card === 'open' && showCard()) return card();
  return null;
}

