import type { LeadFieldType, LeadValue } from '@/lib/leads/fields';
import type { WidgetConfig } from './types';

// The chat frame's state and rules, kept apart from the DOM so they are unit-tested: what is sent
// as history, what survives a page change on the school's site, how the server's refusals read,
// and how the quick info card's inputs become lead values.

/** Limits of lib/chat/schema.ts (MESSAGE_MAX, HISTORY_USED), repeated so the bundle stays free of zod. */
export const MESSAGE_MAX = 2000;
export const HISTORY_SENT = 10;
/** The character counter shows from here on. */
export const COUNTER_FROM = 1800;


export type ChatMessage = {
  /** staff: a person of the school wrote it in a live chat. */
  role: 'user' | 'assistant' | 'staff';
  text: string;
  /** A staff message's author (their first name). */
  author?: string;
  /** The stored assistant message's position, for thumbs; null or absent when not stored. */
  index?: number | null;
  rating?: 1 | -1;
  /** A turn that did not get an answer (both its question and the failure note): left out of history. */
  failed?: boolean;
  /** The pages the answer came from (the done event's `sources`). */
  sources?: AnswerSource[];
};

/** A page an answer cites: its title, linked when it is a web page. */
export type AnswerSource = { title: string; url: string | null };

/** The `sources` of a done event or a saved message: well-formed ones only, links only to web pages. */
export function sourcesFrom(value: unknown): AnswerSource[] {
  if (!Array.isArray(value)) return [];
  const out: AnswerSource[] = [];
  for (const v of value.slice(0, 3)) {
    if (!v || typeof v.title !== 'string' || !v.title.trim()) continue;
    out.push({ title: v.title.slice(0, 200), url: typeof v.url === 'string' && /^https?:\/\//i.test(v.url) ? v.url : null });
  }
  return out;
}

/** Live chat: waiting for a person or talking to one (widget/live.ts). */
export type LiveState = 'waiting' | 'active';

/** open: shown and waiting; done: submitted (the thank-you line shows); dismissed: 'Not now'. */
export type CardState = 'open' | 'done' | 'dismissed';

export type SavedChat = {
  messages: ChatMessage[];
  /** conversation_engaged was reported for this session. */
  engaged: boolean;
  card?: CardState;
  /** How many messages precede the card in the list. */
  cardAt?: number;
  /** The visitor's first name from the card, for the letter avatar. */
  name?: string;
  /** What the visitor gave in the card, so the handoff form never asks again. */
  fullName?: string;
  email?: string;
  phone?: string;
  /** The visitor reached the admissions office through 'Talk to a person'. */
  handoff?: 'done';
  /** When it was last saved (ms), so a conversation left longer than the school's timeout is removed. */
  at?: number;
  /** Live chat: waiting for a person or talking to one, who, and the last of their messages shown. */
  live?: LiveState;
  agent?: string;
  liveAfter?: number;
  /** The session's visitor token (X-Visitor-Token of the server's answers): the proof that this conversation is this visitor's. */
  token?: string;
};

export const SESSION_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
export const storageKey = (session: string) => `lantern:chat:${session}`;
/** Enough for a long visit; the storage is small and shared with nothing else of ours. */
const STORED_MAX = 200;

/** conversation_history for the next message: the last ten answered messages, greeting excluded (a person's read as the school's side). */
export function historyFor(messages: ChatMessage[]): { role: 'user' | 'assistant'; content: string }[] {
  return messages
    .filter((m) => !m.failed && m.text.trim())
    .slice(-HISTORY_SENT)
    .map((m) => ({ role: m.role === 'user' ? 'user' : 'assistant', content: m.text }));
}

const emptyChat = (): SavedChat => ({ messages: [], engaged: false });

/** The saved conversation of this session, or a fresh one; anything malformed is dropped. */
export function loadChat(storage: Pick<Storage, 'getItem'> | null, session: string): SavedChat {
  let raw: unknown;
  try {
    raw = JSON.parse(storage?.getItem(storageKey(session)) ?? 'null');
  } catch {
    return emptyChat();
  }
  if (!raw || typeof raw !== 'object') return emptyChat();
  const r = raw as Record<string, unknown>;
  const messages: ChatMessage[] = [];
  for (const m of Array.isArray(r.messages) ? r.messages : []) {
    if (!m || (m.role !== 'user' && m.role !== 'assistant' && m.role !== 'staff') || typeof m.text !== 'string') continue;
    const out: ChatMessage = { role: m.role, text: m.text };
    if (m.role === 'staff') out.author = typeof m.author === 'string' ? m.author.slice(0, 100) : '';
    if (typeof m.index === 'number') out.index = m.index;
    if (m.rating === 1 || m.rating === -1) out.rating = m.rating;
    if (m.failed === true) out.failed = true;
    const sources = sourcesFrom(m.sources);
    if (sources.length) out.sources = sources;
    messages.push(out);
  }
  const chat: SavedChat = { messages, engaged: r.engaged === true };
  if (r.card === 'open' || r.card === 'done' || r.card === 'dismissed') {
    chat.card = r.card;
    chat.cardAt = typeof r.cardAt === 'number' ? Math.min(Math.max(0, r.cardAt), messages.length) : messages.length;
  }
  for (const f of ['name', 'fullName', 'email', 'phone'] as const) {
    const v = r[f];
    if (typeof v === 'string' && v) chat[f] = v.slice(0, 200);
  }
  if (r.handoff === 'done') chat.handoff = 'done';
  if (r.live === 'waiting' || r.live === 'active') chat.live = r.live;
  if (typeof r.agent === 'string') chat.agent = r.agent.slice(0, 100);
  if (typeof r.liveAfter === 'number') chat.liveAfter = r.liveAfter;
  if (typeof r.at === 'number') chat.at = r.at;
  if (typeof r.token === 'string' && r.token.length <= 200) chat.token = r.token;
  return chat;
}

/** Saves the conversation; a full or blocked storage only costs persistence. */
export function saveChat(storage: Pick<Storage, 'setItem'> | null, session: string, chat: SavedChat, now = Date.now()): void {
  const drop = Math.max(0, chat.messages.length - STORED_MAX);
  const stored: SavedChat = drop ? { ...chat, messages: chat.messages.slice(drop), cardAt: chat.cardAt === undefined ? undefined : Math.max(0, chat.cardAt - drop) } : { ...chat };
  stored.at = now;
  try {
    storage?.setItem(storageKey(session), JSON.stringify(stored));
  } catch {
    // quota or privacy settings
  }
}

/** The text of a `{detail}` answer: a message, or the messages of a validation list. */
export function errorDetail(body: unknown): string | null {
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  if (typeof detail === 'string' && detail.trim()) return detail;
  if (Array.isArray(detail)) {
    const msgs = detail.map((d) => (d && typeof d.msg === 'string' ? d.msg : '')).filter(Boolean);
    if (msgs.length) return msgs.join(' ');
  }
  return null;
}

/** The fields a 422 answer names (`loc: ["body", field]`). */
export function invalidFields(body: unknown): string[] {
  const detail = body && typeof body === 'object' ? (body as { detail?: unknown }).detail : undefined;
  if (!Array.isArray(detail)) return [];
  return detail.map((d) => (d && Array.isArray(d.loc) && typeof d.loc[1] === 'string' ? d.loc[1] : '')).filter(Boolean);
}

/** What the visitor sees when a message is refused before the answer starts: the server's words for 422 and 429, else `failure` (the language table's). */
export function refusalText(status: number, body: unknown, failure: string): string {
  return (status === 422 || status === 429 ? errorDetail(body) : null) ?? failure;
}

/**
 * One card input as the lead value POST /api/widget/leads expects; undefined leaves the field out
 * (blank, or an opt-in left unticked: no answer is not a "no"). A number that does not parse is
 * sent as typed so the server's message explains it.
 */
export function leadValue(type: LeadFieldType, raw: string, checked = false): LeadValue | undefined {
  if (type === 'boolean') return checked ? true : undefined;
  const text = raw.trim();
  if (!text) return undefined;
  if (type === 'list') {
    const items = text.split(',').map((s) => s.trim()).filter(Boolean);
    return items.length ? items : undefined;
  }
  if (type === 'number') {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  return text;
}

/** The quick info card waits for this many answers: the visitor has read one (they asked again) before it asks them anything. */
export const CARD_AFTER_ANSWERS = 2;

/** Whether the quick info card is offered now: smart-card mode, something to ask, not yet shown, and the second answer given. */
export function cardWanted(lead: WidgetConfig['lead_generation'] | undefined, chat: SavedChat): boolean {
  const answers = chat.messages.filter((m) => m.role === 'assistant' && !m.failed).length;
  return !!lead && lead.enabled && lead.collection_mode === 'smart_card' && lead.fields.length > 0 && !chat.card && answers >= CARD_AFTER_ANSWERS;
}
