// The "/" picker of the Live view's message box, as pure functions (the unit tests read them): where
// a "/" word starts before the caret, which saved replies its words match, and the text once one is in.
import { LIVE_TEXT_MAX, type SavedReply } from '@/lib/live/schema';

/** How many matches the picker lists at once. */
export const PICKER_SHOWN = 8;

/**
 * The "/" the caret is typing after: one at the start of the box or after a space or line break,
 * with no line break between it and the caret. `query` is what follows it; null: no picker.
 */
export function slashQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const start = before.lastIndexOf('/');
  if (start < 0 || (start > 0 && !/\s/.test(before[start - 1]!))) return null;
  const query = before.slice(start + 1);
  // A title is at most a line: a line break (or a long run of words) ends the search.
  if (/[\r\n]/.test(query) || query.length > 100) return null;
  return { start, query };
}

/** The replies whose title has the query's words, titles that start with it first (then by title). */
export function matchReplies(replies: readonly SavedReply[], query: string): SavedReply[] {
  const q = query.trim().toLowerCase();
  const words = q.split(/\s+/).filter(Boolean);
  const found = replies.filter((r) => {
    const title = r.title.toLowerCase();
    return words.every((w) => title.includes(w));
  });
  const starts = (r: SavedReply) => (q && r.title.toLowerCase().startsWith(q) ? 0 : 1);
  return found.sort((a, b) => starts(a) - starts(b) || a.title.localeCompare(b.title)).slice(0, PICKER_SHOWN);
}

/** The box's text with "/query" (from `start` to the caret) replaced by the reply, and where the caret goes. */
export function insertReply(text: string, start: number, caret: number, reply: string): { text: string; caret: number } {
  const head = text.slice(0, start);
  const tail = text.slice(caret);
  // Never past a live message's length: the reply is cut where the box would be full.
  const room = Math.max(0, LIVE_TEXT_MAX - head.length - tail.length);
  const inserted = reply.slice(0, room);
  return { text: head + inserted + tail, caret: head.length + inserted.length };
}
