'use client';

import { useEffect, useRef, type RefObject } from 'react';
import { Badge } from '@/components/ui/badge';
import { Banner } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { MessageText } from '@/components/ui/message-text';
import { VisitorText } from '@/components/ui/visitor-text';
import type { ActionFailure } from '@/lib/http/action-result';
import type { LiveConversationDetail, LiveMessage } from '@/lib/live/schema';
import { failureText } from '@/lib/web/api';
import { speakerOf } from '@/lib/conversations/speaker';
import { languageName, waitingText } from './format';
import { ReplyComposer } from './reply-composer';
import { VisitorDetails } from './visitor-details';

// One live conversation in the Live view: who the visitor is, everything said so far, and what
// this staff member may do with it (join a waiting one; write, hand back or close their own).


export type LiveActions = {
  join: () => Promise<boolean>;
  send: (text: string) => Promise<boolean>;
  leave: () => Promise<boolean>;
  close: () => Promise<boolean>;
};

export function LiveConversationPanel({
  headingRef,
  selected,
  detail,
  loading,
  failure,
  onRetry,
  userId,
  now,
  busy,
  actions,
  typing,
  onTyping,
  onDetailsSaved,
}: {
  headingRef: RefObject<HTMLHeadingElement | null>;
  selected: number | null;
  detail: LiveConversationDetail | undefined;
  loading: boolean;
  failure: ActionFailure | null;
  onRetry: () => void;
  userId: number;
  now: number;
  busy: string | null;
  actions: LiveActions | null;
  /** The visitor is writing (a typing event in the last few seconds). */
  typing: boolean;
  /** Called as this staff member types (the visitor is told, throttled by the caller). */
  onTyping: () => void;
  /** Staff saved the visitor's details: the conversation as the server now has it. */
  onDetailsSaved: (next: LiveConversationDetail) => void;
}) {
  const frame = 'min-w-0 rounded-xl border border-slate-200 p-5 dark:border-slate-700';
  if (selected === null) {
    return (
      <section aria-label="Conversation" className={`${frame} flex items-center justify-center text-center`}>
        <p className="text-sm text-slate-700 dark:text-slate-300">Choose a visitor from the lists to see their conversation.</p>
      </section>
    );
  }
  if (!detail) {
    return (
      <section aria-label="Conversation" className={`${frame} space-y-3`}>
        <h2 ref={headingRef} tabIndex={-1} className="sr-only">
          Conversation
        </h2>
        {loading || !failure ? (
          <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
            Loading the conversation...
          </p>
        ) : (
          <>
            <Banner tone="error">{failureText(failure, { not_found: 'This conversation is no longer a live chat.' }, 'Could not load the conversation')}</Banner>
            <Button variant="secondary" onClick={onRetry}>
              Try Again
            </Button>
          </>
        )}
      </section>
    );
  }

  const mine = detail.status === 'active' && detail.held_by?.id === userId;
  const language = languageName(detail.language);
  return (
    <section aria-labelledby="live-conversation-title" className={`${frame} space-y-5`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1">
          <h2 id="live-conversation-title" ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 outline-none dark:text-white">
            <VisitorText text={detail.visitor} />
          </h2>
          <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
            <StatusBadge detail={detail} mine={mine} now={now} />
            {language && <span>Writes in {language}</span>}
          </p>
        </div>
        {actions && (
          <div className="flex flex-wrap gap-2">
            {detail.status === 'waiting' && (
              <Button onClick={() => void actions.join()} disabled={busy !== null}>
                {busy === 'join' ? 'Joining...' : 'Join'}
              </Button>
            )}
            {mine && (
              <Button variant="secondary" onClick={() => void actions.leave()} disabled={busy !== null}>
                {busy === 'leave' ? 'Handing back...' : 'Hand back to assistant'}
              </Button>
            )}
            {(mine || detail.status === 'waiting') && (
              <Button variant="danger" onClick={() => void actions.close()} disabled={busy !== null}>
                {busy === 'close' ? 'Closing...' : 'Close'}
              </Button>
            )}
          </div>
        )}
      </div>

      <Holder detail={detail} mine={mine} />

      <VisitorDetails key={`details-${detail.id}`} detail={detail} onSaved={onDetailsSaved} />

      {detail.pages.length > 0 && <VisitorPages pages={detail.pages} />}

      <Transcript key={`log-${detail.id}`} messages={detail.messages} />
      {/* Always in the page, so that a screen reader hears the words when they appear. */}
      <p role="status" className="min-h-5 text-sm italic text-slate-700 dark:text-slate-300">
        {typing && detail.status !== 'closed' ? 'The visitor is typing...' : ''}
      </p>

      {mine && actions && <ReplyComposer key={`box-${detail.id}`} onSend={actions.send} busy={busy === 'send'} onInput={onTyping} />}
    </section>
  );
}

/** Where the visitor is on the school's site (the last page they opened) and the pages before it. */
function VisitorPages({ pages }: { pages: LiveConversationDetail['pages'] }) {
  const link = (p: LiveConversationDetail['pages'][number]) => (
    <a href={p.url} target="_blank" rel="noopener noreferrer" className="break-all text-sky-800 underline dark:text-sky-300">
      <VisitorText text={p.title || p.url} />
    </a>
  );
  const now = pages.at(-1)!;
  return (
    <section aria-labelledby="live-pages-title" className="space-y-1 text-sm">
      <h3 id="live-pages-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
        On the website
      </h3>
      <p className="text-slate-900 dark:text-slate-100">
        Now on {link(now)}
      </p>
      {pages.length > 1 && (
        <details>
          <summary className="cursor-pointer text-slate-700 dark:text-slate-300">Pages opened ({pages.length})</summary>
          <ol className="mt-1 space-y-1">
            {pages.map((p, i) => (
              <li key={`${i}-${p.at}`} className="flex min-w-0 gap-2">
                <time dateTime={p.at} className="shrink-0 text-slate-700 dark:text-slate-300">
                  {timeOf(p.at)}
                </time>
                {link(p)}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

function StatusBadge({ detail, mine, now }: { detail: LiveConversationDetail; mine: boolean; now: number }) {
  if (detail.status === 'waiting') return <Badge tone="warning">{waitingText(detail.waiting_since, now)}</Badge>;
  if (detail.status === 'active') return <Badge tone="success">{mine ? 'You are chatting' : `With ${detail.held_by?.name || 'a staff member'}`}</Badge>;
  return <Badge tone="neutral">Ended</Badge>;
}

/** What this staff member can do, in words, when it is not the message box. */
function Holder({ detail, mine }: { detail: LiveConversationDetail; mine: boolean }) {
  const text =
    detail.status === 'closed'
      ? 'This live chat has ended. The assistant answers the visitor again.'
      : detail.status === 'active' && !mine
        ? `${detail.held_by?.name || 'Another staff member'} is chatting with this visitor.`
        : detail.status === 'waiting'
          ? 'This visitor asked for a person. Join to take over from the assistant, or close to send them the contact form.'
          : null;
  if (!text) return null;
  return <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-800 dark:bg-slate-900 dark:text-slate-200">{text}</p>;
}

const BUBBLE: Record<LiveMessage['role'], string> = {
  user: 'mr-auto border-sky-200 bg-sky-50 dark:border-sky-900 dark:bg-sky-950',
  assistant: 'ml-auto border-slate-200 bg-white dark:border-slate-700 dark:bg-slate-900',
  staff: 'ml-auto border-emerald-200 bg-emerald-50 dark:border-emerald-900 dark:bg-emerald-950',
  system: 'mx-auto border-transparent bg-transparent italic text-slate-700 dark:text-slate-300',
};

const timeOf = (at: string) => new Date(at).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });

/** Every message so far; new ones are announced (role="log") and scrolled into view. */
function Transcript({ messages }: { messages: LiveMessage[] }) {
  const box = useRef<HTMLDivElement>(null);
  const last = messages.at(-1)?.index ?? -1;
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [last]);
  return (
    <section aria-labelledby="live-transcript-title" className="space-y-2">
      <h3 id="live-transcript-title" className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
        Conversation
      </h3>
      <div ref={box} className="max-h-[32rem] overflow-y-auto rounded-lg border border-slate-200 bg-slate-50 p-3 dark:border-slate-700 dark:bg-slate-950">
        {messages.length === 0 ? (
          <p className="text-sm text-slate-700 dark:text-slate-300">No messages yet.</p>
        ) : (
          // The log is the list's container: a list given another role loses its items' semantics.
          <div role="log" aria-label="Messages" aria-live="polite">
            <ol className="space-y-3">
              {messages.map((m) => (
                <li key={m.index} data-testid="live-message" data-role={m.role} className={`max-w-[85%] rounded-lg border p-3 text-sm ${BUBBLE[m.role]}`}>
                  <div className="mb-1 flex flex-wrap items-baseline gap-2 text-xs text-slate-700 dark:text-slate-300">
                    <span className="font-semibold">{speakerOf(m)}</span>
                    <time dateTime={m.at}>{timeOf(m.at)}</time>
                  </div>
                  <MessageText role={m.role} content={m.text} />
                </li>
              ))}
            </ol>
          </div>
        )}
      </div>
    </section>
  );
}
