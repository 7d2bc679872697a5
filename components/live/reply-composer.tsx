'use client';

import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { savedRepliesAction } from '@/app/actions/live';
import { Button } from '@/components/ui/button';
import { inputClass } from '@/components/ui/field';
import { LIVE_TEXT_MAX } from '@/lib/live/schema';
import { useScreenData } from '@/lib/web/screen-data';
import { insertReply, matchReplies, slashQuery } from './saved-reply-picker';

// The Live view's message box: Enter sends, Shift+Enter starts a new line, and "/" at the start or
// after a space opens the school's saved replies, filtered by title as one types (the ARIA combobox
// pattern: the box keeps the focus, arrow keys move through the list, Enter or Tab inserts, Escape
// closes; a click works too).

/** The message box's id: joining a chat puts the focus there. */
export const MESSAGE_BOX_ID = 'live-message-box';
/** The key the saved replies load under: the Saved replies section shares the answer. */
export const SAVED_REPLIES_KEY = 'live-saved-replies';

/** The counter shows once a message comes this close to the limit. */
const COUNTER_FROM = LIVE_TEXT_MAX - 500;

export function ReplyComposer({ onSend, busy, onInput }: { onSend: (text: string) => Promise<boolean>; busy: boolean; /** Called on every keystroke in the box (the typing signal). */ onInput?: () => void }) {
  const [text, setText] = useState('');
  const [caret, setCaret] = useState(0);
  /** The "/" whose picker Escape closed: it stays closed until another "/" is typed. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const ids = { box: MESSAGE_BOX_ID, hint: useId(), count: useId(), list: useId() };
  const area = useRef<HTMLTextAreaElement>(null);
  /** Where the caret goes once an inserted reply is drawn. */
  const placeCaret = useRef<number | null>(null);
  const replies = useScreenData(SAVED_REPLIES_KEY, savedRepliesAction, { fallback: 'Failed to load saved replies' });
  const empty = text.trim().length === 0;

  const slash = slashQuery(text, caret);
  const open = slash !== null && slash.start !== dismissed;
  const matches = open ? matchReplies(replies.data ?? [], slash.query) : [];
  const current = Math.min(active, Math.max(0, matches.length - 1));
  /** What the open picker says when it lists nothing. */
  const none = !open || matches.length
    ? ''
    : replies.loading
      ? 'Loading saved replies...'
      : !replies.data
        ? 'Failed to load saved replies'
        : replies.data.length === 0
          ? 'No saved replies yet. Add them under Saved replies on this page.'
          : `No saved reply has "${slash.query.trim()}" in its title.`;
  const optionId = (i: number) => `${ids.list}-option-${i}`;

  useLayoutEffect(() => {
    if (placeCaret.current === null || !area.current) return;
    area.current.setSelectionRange(placeCaret.current, placeCaret.current);
    placeCaret.current = null;
  }, [text]);

  async function send() {
    if (empty || busy) return;
    if (await onSend(text.trim())) {
      setText('');
      setCaret(0);
    }
    area.current?.focus();
  }

  function insert(i: number) {
    const reply = matches[i];
    if (!slash || !reply) return;
    const next = insertReply(text, slash.start, caret, reply.text);
    placeCaret.current = next.caret;
    setText(next.text);
    setCaret(next.caret);
    setActive(0);
    onInput?.();
    area.current?.focus();
  }

  function onKeyDown(e: KeyboardEvent<HTMLTextAreaElement>) {
    if (e.nativeEvent.isComposing) return;
    if (open) {
      if (e.key === 'Escape') {
        e.preventDefault();
        return setDismissed(slash.start);
      }
      if (matches.length && (e.key === 'ArrowDown' || e.key === 'ArrowUp')) {
        e.preventDefault();
        return setActive((current + (e.key === 'ArrowDown' ? 1 : matches.length - 1)) % matches.length);
      }
      if (matches.length && (e.key === 'Enter' || e.key === 'Tab') && !e.shiftKey) {
        e.preventDefault();
        return insert(current);
      }
    }
    if (e.key === 'Enter' && !e.shiftKey) {
      e.preventDefault();
      void send();
    }
  }

  return (
    <form
      aria-label="Write to the visitor"
      className="space-y-2"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <label htmlFor={ids.box} className="block text-sm font-medium text-slate-800 dark:text-slate-200">
        Your message
      </label>
      <div className="relative">
        <textarea
          id={ids.box}
          ref={area}
          rows={3}
          maxLength={LIVE_TEXT_MAX}
          value={text}
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open && matches.length > 0}
          aria-controls={ids.list}
          aria-activedescendant={open && matches.length ? optionId(current) : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setCaret(e.target.selectionStart);
            setActive(0);
            // A "/" typed anew opens the picker again after Escape closed it.
            if (dismissed !== null && slashQuery(e.target.value, e.target.selectionStart)?.start !== dismissed) setDismissed(null);
            onInput?.();
          }}
          onSelect={(e) => setCaret(e.currentTarget.selectionStart)}
          onKeyDown={onKeyDown}
          onBlur={() => slash && setDismissed(slash.start)}
          onFocus={() => setDismissed(null)}
          aria-describedby={`${ids.hint}${text.length >= COUNTER_FROM ? ` ${ids.count}` : ''}`}
          className={`${inputClass} resize-y`}
        />
        <div
          className={`absolute inset-x-0 bottom-full z-10 mb-1 max-h-64 overflow-y-auto rounded-lg border border-slate-300 bg-white shadow-lg dark:border-slate-600 dark:bg-slate-900 ${open ? '' : 'hidden'}`}
        >
          <ul id={ids.list} role="listbox" aria-label="Saved replies" className={matches.length ? '' : 'hidden'}>
            {matches.map((r, i) => (
              <li
                key={r.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                // The box keeps the focus (and its caret) while a reply is picked with the mouse.
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => insert(i)}
                className={`cursor-pointer px-3 py-2 text-sm ${i === current ? 'bg-brand-50 dark:bg-slate-800' : ''}`}
              >
                <span className="block font-semibold text-slate-900 dark:text-white">{r.title}</span>
                <span className="block truncate text-slate-700 dark:text-slate-300">{r.text}</span>
              </li>
            ))}
          </ul>
          {none && <p className="px-3 py-2 text-sm text-slate-700 dark:text-slate-300">{none}</p>}
        </div>
      </div>
      <p className="sr-only" aria-live="polite">
        {open && matches.length ? `${matches.length} saved ${matches.length === 1 ? 'reply' : 'replies'}: up and down arrows to choose, Enter to insert, Escape to close.` : none}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={ids.hint} className="text-xs text-slate-600 dark:text-slate-400">
          Enter sends; Shift+Enter starts a new line; / inserts a saved reply. The visitor sees your first name.
        </p>
        <div className="flex items-center gap-3">
          {text.length >= COUNTER_FROM && (
            <span id={ids.count} aria-live="polite" className={`text-xs ${text.length >= LIVE_TEXT_MAX ? 'font-semibold text-red-700 dark:text-red-400' : 'text-slate-700 dark:text-slate-300'}`}>
              {text.length.toLocaleString()} / {LIVE_TEXT_MAX.toLocaleString()} characters
            </span>
          )}
          <Button type="submit" disabled={empty || busy}>
            {busy ? 'Sending...' : 'Send'}
          </Button>
        </div>
      </div>
    </form>
  );
}
