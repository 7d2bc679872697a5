// The Live view's small texts: how long a visitor has waited, who a message is from, the visitor's
// details as label and value. Pure: used by the screens and the unit tests.
import { LEAD_FIELDS, isLeadField } from '@/lib/leads/fields';
import type { LiveConversationDetail, LiveConversationSummary, LiveMessage } from '@/lib/live/schema';
import { LANGUAGE_NAMES, isLanguage } from '@/lib/widget/language';

/** "just now", "45 seconds", "3 minutes", "1 hour 5 minutes" since `since` (an ISO time). */
export function waitedFor(since: string | null, now: number): string {
  if (!since || !now) return '';
  const seconds = Math.max(0, Math.floor((now - new Date(since).getTime()) / 1000));
  if (seconds < 10) return 'just now';
  if (seconds < 60) return `${seconds} seconds`;
  const minutes = Math.floor(seconds / 60);
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour');
}

/** "Waiting 3 minutes", "Started waiting just now". */
export function waitingText(since: string | null, now: number): string {
  const waited = waitedFor(since, now);
  return waited === 'just now' ? 'Started waiting just now' : waited ? `Waiting ${waited}` : 'Waiting';
}

/** The visitor's language by name ("Spanish"); null when unknown. */
export function languageName(code: string | null): string | null {
  if (!code) return null;
  return isLanguage(code) ? LANGUAGE_NAMES[code] : code;
}

/** The preview line of a list item: who wrote last and the start of it. */
export function preview(last: { role: string; text: string } | null, max = 90): string {
  if (!last) return 'No messages yet';
  const text = last.text.replace(/\s+/g, ' ').trim();
  const short = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  const who = last.role === 'user' ? 'Visitor' : last.role === 'assistant' ? 'Assistant' : last.role === 'staff' ? 'Staff' : '';
  return who ? `${who}: ${short}` : short;
}

/** The visitor's details as label and text, lead fields first in their usual order, empty values left out. */
export function detailRows(details: LiveConversationDetail['details']): { key: string; label: string; value: string }[] {
  const text = (v: unknown): string => {
    if (v === null || v === undefined) return '';
    if (typeof v === 'boolean') return v ? 'Yes' : 'No';
    if (Array.isArray(v)) return v.map(text).filter(Boolean).join(', ');
    if (typeof v === 'object') return '';
    return String(v).trim();
  };
  const rows = Object.entries(details ?? {})
    .map(([key, v]) => ({ key, label: isLeadField(key) ? LEAD_FIELDS[key].label : key.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase()), value: text(v) }))
    .filter((r) => r.value);
  const order = Object.keys(LEAD_FIELDS);
  const rank = (k: string) => (order.includes(k) ? order.indexOf(k) : order.length);
  return rows.sort((a, b) => rank(a.key) - rank(b.key));
}

/** Adds messages to a transcript by index: one arriving twice (the answer to Send and the stream) is kept once. */
export function mergeMessages(current: LiveMessage[], incoming: LiveMessage[]): LiveMessage[] {
  const byIndex = new Map(current.map((m) => [m.index, m]));
  for (const m of incoming) byIndex.set(m.index, m);
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/** "Mon 09:00": when office hours next begin, on the school's clock; null when there are none. */
export function nextOpenText(iso: string | null, timeZone: string): string | null {
  if (!iso) return null;
  let format: Intl.DateTimeFormat;
  try {
    format = new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  } catch {
    format = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  }
  const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.weekday} ${parts.hour}:${parts.minute}`;
}

/** Where GET /live/conversations puts a conversation: waiting (longest wait first), then active; newest first within a tie. */
const RANK = { waiting: 0, active: 1, closed: 2 } as const;
const since = (t: string | null) => (t === null ? Infinity : Date.parse(t));
const inListOrder = (a: LiveConversationSummary, b: LiveConversationSummary) => RANK[a.status] - RANK[b.status] || since(a.waiting_since) - since(b.waiting_since) || b.id - a.id;
/** As many as the list's answer holds. */
const LIST_MAX = 200;
/** A list item's last message keeps the start of the text, as the list's answer does. */
const LAST_MESSAGE_MAX = 300;

/** The open list after a change of one conversation (the summary its `changed` event carries): where a reload would put it; gone once closed. */
export function withChange(list: LiveConversationSummary[], changed: LiveConversationSummary): LiveConversationSummary[] {
  const rest = list.filter((c) => c.id !== changed.id);
  return (changed.status === 'closed' ? rest : [...rest, changed]).sort(inListOrder).slice(0, LIST_MAX);
}

/** The list after a message in one of its conversations: that item's last message. */
export function withLastMessage(list: LiveConversationSummary[], id: number, m: { role: string; text: string; at: string }): LiveConversationSummary[] {
  return list.map((c) => (c.id === id ? { ...c, last_message: { role: m.role, text: m.text.slice(0, LAST_MESSAGE_MAX), at: m.at } } : c));
}

/** A conversation's line in the list, from its whole (GET /live/conversations/{id}). */
export function summaryOf(d: LiveConversationDetail): LiveConversationSummary {
  return { id: d.id, status: d.status, waiting_since: d.waiting_since, held_by: d.held_by, visitor: d.visitor, language: d.language, last_message: d.last_message };
}
