import { createSseParser } from '@/widget/sse';

// A server-sent event stream as the tests and bench/live.ts read it: every event kept, `next`
// waiting for the first one (seen or to come) that matches, each event answering one wait. A
// stream is typed by its events (name → data): live chat's are lib/live/events.ts's
// StaffStreamEvents and VisitorStreamEvents, the same types the server sends them by.

/** Events of a stream not typed further: any name, JSON object data. */
export type AnyEvents = Record<string, Record<string, unknown>>;

/** One event of a stream whose events are M. */
export type StreamEvent<M extends object = AnyEvents> = { [K in keyof M]: { event: K; data: M[K] } }[keyof M];

export type EventStream<M extends object = AnyEvents> = {
  /** The first event named `name` (whose data matches, when a match is given). */
  next<K extends keyof M & string>(name: K, match?: (data: M[K]) => boolean): Promise<{ event: K; data: M[K] }>;
  /** The first event that matches. */
  next(match: (e: StreamEvent<M>) => boolean): Promise<StreamEvent<M>>;
  /** Resolves when the server ends the stream (or it is closed). */
  done: Promise<void>;
  ended: () => boolean;
  close: () => void;
};

type Waiter = { match: (e: { event: string; data: unknown }) => boolean; resolve: (e: never) => void };

/** Reads `res`'s events; `abort` (the request's controller) closes it. */
export function readEventStream<M extends object = AnyEvents>(res: Response, abort: AbortController): EventStream<M> {
  const unclaimed: { event: string; data: unknown }[] = [];
  const waiting: Waiter[] = [];
  let ended = false;
  const parser = createSseParser((e) => {
    const got = { event: e.event, data: JSON.parse(e.data) as unknown };
    const w = waiting.find((x) => x.match(got));
    if (!w) return void unclaimed.push(got);
    waiting.splice(waiting.indexOf(w), 1);
    w.resolve(got as never);
  });
  const done = (async () => {
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    try {
      for (let r = await reader.read(); !r.done; r = await reader.read()) parser.push(decoder.decode(r.value, { stream: true }));
    } catch {
      // closed by the client
    }
    ended = true;
  })();
  const next = (a: string | ((e: never) => boolean), b?: (data: never) => boolean) => {
    const match = typeof a === 'string' ? (e: { event: string; data: unknown }) => e.event === a && (!b || b(e.data as never)) : (e: { event: string; data: unknown }) => a(e as never);
    return new Promise((resolve) => {
      const i = unclaimed.findIndex(match);
      if (i >= 0) resolve(unclaimed.splice(i, 1)[0]!);
      else waiting.push({ match, resolve });
    });
  };
  return { next: next as EventStream<M>['next'], done, ended: () => ended, close: () => abort.abort() };
}

/** Opens `url` with fetch and reads its events (the request must answer 200). */
export async function fetchEventStream<M extends object = AnyEvents>(url: string, headers: Record<string, string>): Promise<EventStream<M>> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return readEventStream<M>(res, abort);
}
