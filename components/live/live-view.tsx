'use client';

import { useId, useRef, useState } from 'react';
import { closeAllWaitingAction, closeLiveAction, joinLiveAction, leaveLiveAction, liveConversationAction, liveTypingAction, liveConversationsAction, myAvailabilityAction, postLiveMessageAction, setAvailabilityAction } from '@/app/actions/live';
import { BackToDashboard } from '@/components/dashboard/back-to-dashboard';
import { Banner, MessageBanners, useMessages } from '@/components/ui/banner';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { VisitorText } from '@/components/ui/visitor-text';
import type { ActionResult } from '@/lib/http/action-result';
import { withPage, type LiveConversationDetail, type LiveConversationSummary } from '@/lib/live/schema';
import { callAction, failureText } from '@/lib/web/api';
import { useScreenData } from '@/lib/web/screen-data';
import { askNotificationPermission, beep, notifyWaiting, primeSound, useNotificationPermission } from './alerts';
import { languageName, mergeMessages, nextOpenText, preview, summaryOf, waitingText, withChange, withLastMessage } from './format';
import { LiveConversationPanel } from './live-conversation';
import { MESSAGE_BOX_ID } from './reply-composer';
import { SavedReplies } from './saved-replies';
import { useLiveStream, useNow, type LiveChanged, type LiveMessageEvent } from './use-live-stream';
import { useWaitingCount } from './waiting-count';

// The Live view (docs/live-chat.md): who waits for a person and who is being helped, one
// conversation with the visitor's details and the whole transcript, and the staff member's
// availability. GET /live/stream keeps it current. Anyone working in the school may chat.

const LISTS_KEY = 'live-conversations';
/** A typing signal is sent at most this often, and shown this long after the last one. */
const TYPING_EVERY_MS = 3_000;
const TYPING_SHOWN_MS = 6_000;
export type LiveViewProps = { userId: number; hasSchool: boolean };

export function LiveView({ userId, hasSchool }: LiveViewProps) {
  return (
    <div className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6">
      <BackToDashboard />
      <h1 className="text-3xl font-bold text-slate-900 dark:text-white">Live Chat</h1>
      {hasSchool ? <LiveScreen userId={userId} /> : <Banner tone="info">Please create your school information first before using live chat.</Banner>}
    </div>
  );
}

function LiveScreen({ userId }: { userId: number }) {
  const { error, success, setError, setSuccess } = useMessages();
  const [selected, setSelected] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [heard, setHeard] = useState('');
  const [closingAll, setClosingAll] = useState(false);
  /** When each conversation's visitor was last heard typing. */
  const [typingAt, setTypingAt] = useState<Record<number, number>>({});
  const lastTyping = useRef(0);
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const seq = useRef(0);
  const loadingLists = useRef(false);
  const now = useNow();
  const notifications = useNotificationPermission();
  const waitingCount = useWaitingCount();

  const lists = useScreenData(LISTS_KEY, () => liveConversationsAction({ query: { status: 'open' } }), { fallback: 'Could not load the live chats' });
  const availability = useScreenData('live-availability', myAvailabilityAction, { fallback: 'Could not load your availability' });
  const detail = useScreenData(selected === null ? null : `live-conversation-${selected}`, () => liveConversationAction({ params: { id: selected! } }), { fallback: 'Could not load the conversation' });
  const available = availability.data?.available === true;

  /** Loads the lists again; an answer overtaken by a later load is dropped. */
  async function refreshLists(): Promise<LiveConversationSummary[] | null> {
    const mine = ++seq.current;
    loadingLists.current = true;
    const res = await callAction(() => liveConversationsAction({ query: { status: 'open' } }));
    if (mine !== seq.current) return res.ok ? res.data : null;
    loadingLists.current = false;
    if (!res.ok) return null;
    lists.setData(res.data);
    return res.data;
  }

  /**
   * Applies a change the stream told of to the lists. A load under way may have read them before
   * the change: that answer is dropped and the lists read again.
   */
  function applyToLists(change: (list: LiveConversationSummary[]) => LiveConversationSummary[]) {
    // Not loaded yet (or failed): nothing to apply it to, the whole list is read.
    if (!lists.data) return void refreshLists();
    lists.setData((l) => change(l ?? []));
    if (loadingLists.current) void refreshLists();
  }

  /** A visitor started waiting: a beep, a notification, and a line for screen readers (while available). */
  function announceWaiting(id: number, visitor: string) {
    if (!available) return;
    beep();
    notifyWaiting(visitor, id, open);
    setHeard(`${visitor} is waiting for a person.`);
  }

  function open(id: number) {
    setSelected(id);
    // The panel's heading takes focus once drawn: keyboard and screen reader users land on it.
    requestAnimationFrame(() => panelHeading.current?.focus());
  }

  // Each event carries what changed, applied where it shows; only a change that came without its
  // conversation, or a visitor's details (the event names the conversation only), is read again.
  const stream = useLiveStream({
    onChanged: (e: LiveChanged) => {
      const changed = e.conversation;
      if (!changed) {
        void refreshLists().then((list) => e.status === 'waiting' && announceWaiting(e.id, list?.find((c) => c.id === e.id)?.visitor ?? 'A visitor'));
        if (e.id === selected) void detail.reload();
        void waitingCount.reload();
        return;
      }
      applyToLists((l) => withChange(l, changed));
      if (e.id === selected) detail.setData((d) => (d && d.id === e.id ? { ...d, ...changed } : (d as LiveConversationDetail)));
      if (e.waiting !== undefined) waitingCount.set(e.waiting);
      if (e.status === 'waiting') announceWaiting(e.id, changed.visitor);
    },
    onMessage: (m: LiveMessageEvent) => {
      // Their message has come: they are no longer typing it.
      if (m.role === 'user') setTypingAt((t) => ({ ...t, [m.id]: 0 }));
      const { id, ...message } = m;
      if (id === selected) detail.setData((d) => (d && d.id === id ? { ...d, messages: mergeMessages(d.messages, [message]) } : (d as LiveConversationDetail)));
      applyToLists((l) => withLastMessage(l, id, message));
    },
    onDetails: (id) => {
      // The visitor's name in the list and their details in the open panel, as they gave them: one read of that conversation.
      if (id !== selected && !lists.data?.some((c) => c.id === id)) return;
      void callAction(() => liveConversationAction({ params: { id } })).then((res) => {
        if (!res.ok) return;
        applyToLists((l) => l.map((c) => (c.id === id ? summaryOf(res.data) : c)));
        if (id === selected) detail.setData((d) => (d && d.id === id ? res.data : (d as LiveConversationDetail)));
      });
    },
    onTyping: (id) => setTypingAt((t) => ({ ...t, [id]: Date.now() })),
    onPage: ({ id, ...page }) =>
      detail.setData((d) => (d && d.id === id ? { ...d, pages: withPage(d.pages, page) } : (d as LiveConversationDetail))),
    onOpen: (reopened) => {
      // Back after a break: what happened meanwhile is read again.
      if (!reopened) return;
      void refreshLists();
      if (selected !== null) void detail.reload();
      void waitingCount.reload();
    },
  });

  /** Tells the visitor this staff member is writing: at most every 3 seconds while they type. */
  function typing() {
    if (selected === null || Date.now() - lastTyping.current < TYPING_EVERY_MS) return;
    lastTyping.current = Date.now();
    void callAction(() => liveTypingAction({ params: { id: selected } }));
  }

  async function toggleAvailability() {
    if (!availability.data) return;
    primeSound();
    const next = !availability.data.available;
    availability.setData((a) => ({ ...a!, available: next }));
    const res = await callAction(() => setAvailabilityAction({ body: { available: next } }), 'Could not change your availability');
    if (!res.ok) {
      availability.setData((a) => ({ ...a!, available: !next }));
      return setError(failureText(res));
    }
    setSuccess(next ? 'You are available: visitors who ask for a person can reach you.' : 'You are not available for live chats.');
  }

  /** Runs one change to the open conversation and shows what came of it. */
  async function act<T>(label: string, run: () => Promise<ActionResult<T>>, done: (data: T) => void, fallback: string): Promise<boolean> {
    setBusy(label);
    const res = await callAction(run, fallback);
    setBusy(null);
    // The header's count follows at once, not at its next 20-second load.
    void waitingCount.reload();
    if (!res.ok) {
      // 409: someone else holds it, or it ended. The server says which; the screen catches up.
      setError(failureText(res, {}, fallback));
      if (res.code === 'conflict' || res.code === 'not_found') {
        void detail.reload();
        void refreshLists();
      }
      return false;
    }
    setError(null);
    done(res.data);
    return true;
  }

  const id = selected;
  const actions =
    id === null
      ? null
      : {
          join: () =>
            act('join', () => joinLiveAction({ params: { id } }), (d: LiveConversationDetail) => {
              detail.setData(d);
              setSuccess(`You joined the chat with ${d.visitor}. The assistant has stopped answering.`);
              // Ready to type: the message box takes the focus once drawn.
              setTimeout(() => document.getElementById(MESSAGE_BOX_ID)?.focus(), 50);
              void refreshLists();
            }, 'Could not join the chat'),
          send: (text: string) =>
            act('send', () => postLiveMessageAction({ params: { id }, body: { text } }), (m) => {
              detail.setData((d) => (d && d.id === id ? { ...d, messages: mergeMessages(d.messages, [m]) } : (d as LiveConversationDetail)));
            }, 'Could not send the message'),
          leave: () =>
            act('leave', () => leaveLiveAction({ params: { id } }), () => {
              setSuccess('The visitor is back with the assistant.');
              void detail.reload();
              void refreshLists();
            }, 'Could not hand the chat back'),
          close: () =>
            act('close', () => closeLiveAction({ params: { id } }), () => {
              setSuccess('The live chat is closed.');
              void detail.reload();
              void refreshLists();
            }, 'Could not close the chat'),
        };

  /** Close all waiting: every waiting visitor gets the contact form at once (a flood of requests, the end of the day). */
  async function closeAllWaiting() {
    setClosingAll(false);
    setBusy('close-all');
    const res = await callAction(() => closeAllWaitingAction({}), 'Could not close the waiting chats');
    setBusy(null);
    void waitingCount.reload();
    if (!res.ok) return setError(failureText(res, {}, 'Could not close the waiting chats'));
    setError(null);
    setSuccess(res.data.closed === 1 ? 'Closed 1 waiting chat: the visitor was offered the contact form.' : `Closed ${res.data.closed} waiting chats: the visitors were offered the contact form.`);
    void refreshLists();
    if (selected !== null) void detail.reload();
  }

  const all = lists.data ?? [];
  const waiting = all.filter((c) => c.status === 'waiting');
  const active = all.filter((c) => c.status === 'active');

  return (
    <div className="space-y-6">
      <AvailabilityBar
        available={available}
        closedUntil={availability.data && !availability.data.within_hours ? (nextOpenText(availability.data.next_open, availability.data.time_zone) ?? 'no office hours set') : null}
        loading={availability.loading}
        failed={!availability.data && !availability.loading && availability.failure !== null}
        onToggle={() => void toggleAvailability()}
        notifications={notifications}
        stream={stream}
      />
      <MessageBanners error={error} success={success} onDismissError={() => setError(null)} onDismissSuccess={() => setSuccess(null)} />
      <p className="sr-only" aria-live="polite">
        {heard}
      </p>

      {lists.loading ? (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          Loading live chats...
        </p>
      ) : !lists.data ? (
        <div className="space-y-3">
          <Banner tone="error">{lists.failure ? failureText(lists.failure, {}, 'Could not load the live chats') : 'Could not load the live chats'}</Banner>
          <Button variant="secondary" onClick={() => void lists.reload()}>
            Try Again
          </Button>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
          <div className="min-w-0 space-y-6">
            <ConversationList title="Waiting" empty="No visitors are waiting." items={waiting} selected={selected} onOpen={open} now={now} />
            {waiting.length > 0 && (
              <Button variant="secondary" onClick={() => setClosingAll(true)} disabled={busy !== null}>
                {busy === 'close-all' ? 'Closing...' : 'Close all waiting'}
              </Button>
            )}
            {closingAll && (
              <ConfirmDialog title="Close all waiting chats?" confirmLabel="Close all waiting" onCancel={() => setClosingAll(false)} onConfirm={() => void closeAllWaiting()}>
                {waiting.length === 1 ? 'The visitor who is waiting' : `All ${waiting.length} visitors who are waiting`} will be offered the contact form instead of a person. Chats already with a staff member stay open.
              </ConfirmDialog>
            )}
            <ConversationList title="Active" empty="No live chats right now." items={active} selected={selected} onOpen={open} now={now} />
          </div>
          <LiveConversationPanel
            headingRef={panelHeading}
            selected={selected}
            detail={detail.data && detail.data.id === selected ? detail.data : undefined}
            loading={detail.loading}
            failure={detail.failure}
            onRetry={() => void detail.reload()}
            userId={userId}
            now={now}
            busy={busy}
            actions={actions}
            typing={selected !== null && now - (typingAt[selected] ?? 0) < TYPING_SHOWN_MS}
            onTyping={typing}
            // The lists follow with the stream's details event, as for a change made in another Live view.
            onDetailsSaved={detail.setData}
          />
        </div>
      )}
      <SavedReplies />
    </div>
  );
}

function AvailabilityBar({
  available,
  closedUntil,
  loading,
  failed,
  onToggle,
  notifications,
  stream,
}: {
  available: boolean;
  /** Outside office hours: when they next begin ("Mon 09:00"); visitors get the form until then. */
  closedUntil: string | null;
  loading: boolean;
  failed: boolean;
  onToggle: () => void;
  notifications: ReturnType<typeof useNotificationPermission>;
  stream: ReturnType<typeof useLiveStream>;
}) {
  const switchId = useId();
  const hintId = useId();
  return (
    <section aria-label="Your availability" className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-slate-200 p-4 dark:border-slate-700">
      <div className="space-y-1">
        <div className="flex items-center gap-3">
          <button
            id={switchId}
            type="button"
            role="switch"
            aria-checked={available}
            aria-describedby={hintId}
            disabled={loading || failed}
            onClick={onToggle}
            className={`relative inline-flex h-6 w-11 shrink-0 items-center rounded-full transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:cursor-not-allowed disabled:opacity-60 ${available ? 'bg-brand-700' : 'bg-slate-400 dark:bg-slate-600'}`}
          >
            <span aria-hidden="true" className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${available ? 'translate-x-5' : 'translate-x-0.5'}`} />
          </button>
          <label htmlFor={switchId} className="text-sm font-medium text-slate-900 dark:text-white">
            Available to chat
          </label>
        </div>
        <p id={hintId} className="text-sm text-slate-700 dark:text-slate-300">
          {loading
            ? 'Checking your availability...'
            : failed
              ? 'Could not load your availability. Reload the page to try again.'
              : closedUntil !== null
                ? `Outside office hours (next: ${closedUntil}): visitors who ask for a person get the contact form until then.`
                : available
                  ? 'Visitors who ask for a person can reach you. This turns off about 2 minutes after you leave this page.'
                  : 'Turn this on to take chats from visitors who ask for a person.'}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3 text-sm">
        {notifications === 'default' && (
          <Button variant="secondary" onClick={() => void askNotificationPermission()}>
            Turn on notifications
          </Button>
        )}
        {notifications === 'denied' && <span className="text-slate-700 dark:text-slate-300">Notifications are blocked in this browser.</span>}
        <span role="status" className="text-slate-700 dark:text-slate-300">
          {stream === 'open' ? (
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="h-2 w-2 rounded-full bg-emerald-600" />
              Live updates on
            </span>
          ) : stream === 'stopped' ? (
            'Live updates stopped. Reload the page to start them again.'
          ) : stream === 'reconnecting' ? (
            'Reconnecting...'
          ) : (
            'Connecting...'
          )}
        </span>
      </div>
    </section>
  );
}

function ConversationList({ title, empty, items, selected, onOpen, now }: { title: string; empty: string; items: LiveConversationSummary[]; selected: number | null; onOpen: (id: number) => void; now: number }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-2">
      <h2 id={headingId} className="flex items-center gap-2 text-lg font-semibold text-slate-900 dark:text-white">
        {title}
        <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">{items.length}</span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-3 text-sm text-slate-700 dark:border-slate-700 dark:text-slate-300">{empty}</p>
      ) : (
        <ul className="space-y-2">
          {items.map((c) => {
            const language = languageName(c.language);
            const current = c.id === selected;
            return (
              <li key={c.id}>
                <button
                  type="button"
                  onClick={() => onOpen(c.id)}
                  aria-current={current ? 'true' : undefined}
                  data-testid={`live-item-${c.id}`}
                  className={`block w-full rounded-lg border p-3 text-left text-sm transition hover:border-brand-600 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${current ? 'border-brand-700 bg-brand-50 dark:bg-slate-800' : 'border-slate-200 dark:border-slate-700'}`}
                >
                  <span className="flex items-baseline justify-between gap-2">
                    <VisitorText text={c.visitor} className="min-w-0 font-semibold text-slate-900 dark:text-white" />
                    {language && <span className="shrink-0 text-xs text-slate-600 dark:text-slate-400">{language}</span>}
                  </span>
                  <span className="mt-0.5 block text-xs text-slate-700 dark:text-slate-300">
                    {c.status === 'waiting' ? waitingText(c.waiting_since, now) : c.held_by ? `With ${c.held_by.name}` : 'With a staff member'}
                  </span>
                  <span className="mt-1 block truncate text-slate-700 dark:text-slate-300">{preview(c.last_message)}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
