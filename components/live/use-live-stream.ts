'use client';

import { useEffect, useEffectEvent, useState, useSyncExternalStore } from 'react';
import type { StaffStreamEvents } from '@/lib/live/events';

// The Live view's real-time side: GET /live/stream (server-sent events, the staff session's cookie)
// while the view is open; its events are lib/live/events.ts's StaffStreamEvents. EventSource
// reconnects on its own; each (re)opening is reported so the view reloads what it may have missed.

export type LiveChanged = StaffStreamEvents['changed'];
export type LiveMessageEvent = StaffStreamEvents['message'];
/** The visitor opened a page of the site: where they are now. */
export type LivePageEvent = StaffStreamEvents['page'];
export type StreamState = 'connecting' | 'open' | 'reconnecting' | 'stopped';

function parse<T>(e: MessageEvent): T | null {
  try {
    return JSON.parse(String(e.data)) as T;
  } catch {
    return null;
  }
}

export function useLiveStream(handlers: {
  onChanged: (e: LiveChanged) => void;
  onMessage: (e: LiveMessageEvent) => void;
  onDetails: (id: number) => void;
  onOpen: (reopened: boolean) => void;
  onTyping: (id: number) => void;
  onPage: (e: LivePageEvent) => void;
}): StreamState {
  const [state, setState] = useState<StreamState>('connecting');
  const changed = useEffectEvent(handlers.onChanged);
  const details = useEffectEvent(handlers.onDetails);
  const message = useEffectEvent(handlers.onMessage);
  const opened = useEffectEvent(handlers.onOpen);
  const typing = useEffectEvent(handlers.onTyping);
  const page = useEffectEvent(handlers.onPage);

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const source = new EventSource('/live/stream');
    let everOpen = false;
    source.onopen = () => {
      setState('open');
      opened(everOpen);
      everOpen = true;
    };
    // EventSource retries by itself while CONNECTING; CLOSED means it gave up (e.g. the session ended).
    source.onerror = () => setState(source.readyState === EventSource.CLOSED ? 'stopped' : everOpen ? 'reconnecting' : 'connecting');
    source.addEventListener('changed', (e) => {
      const data = parse<LiveChanged>(e);
      if (data && typeof data.id === 'number') changed(data);
    });
    // What the visitor gave about themselves changed (an e-mail written to the person).
    source.addEventListener('details', (e) => {
      const data = parse<StaffStreamEvents['details']>(e);
      if (data && typeof data.id === 'number') details(data.id);
    });
    // The visitor is writing (sent at most every few seconds while they type).
    source.addEventListener('typing', (e) => {
      const data = parse<StaffStreamEvents['typing']>(e);
      if (data && typeof data.id === 'number') typing(data.id);
    });
    source.addEventListener('page', (e) => {
      const data = parse<LivePageEvent>(e);
      if (data && typeof data.id === 'number' && typeof data.url === 'string') page(data);
    });
    source.addEventListener('message', (e) => {
      const data = parse<LiveMessageEvent>(e);
      if (data && typeof data.id === 'number' && typeof data.index === 'number') message(data);
    });
    return () => source.close();
  }, []);

  return state;
}

// One clock for the wait times on screen, shared by every reader: a tick every second, so a wait
// under a minute reads in real seconds (a 15-second tick once showed 14 s after 27).
let now = 0;
const clockListeners = new Set<() => void>();
let clock: ReturnType<typeof setInterval> | null = null;

function subscribeClock(onChange: () => void) {
  clockListeners.add(onChange);
  if (!clock) {
    now = Date.now();
    clock = setInterval(() => {
      now = Date.now();
      clockListeners.forEach((fn) => fn());
    }, 1_000);
  }
  return () => {
    clockListeners.delete(onChange);
    if (!clockListeners.size && clock) {
      clearInterval(clock);
      clock = null;
    }
  };
}

/** The time now, refreshed every second (0 while rendering on the server). */
export function useNow(): number {
  return useSyncExternalStore(subscribeClock, () => now, () => 0);
}
