import { createSseParser } from '@/widget/sse';

// A server-sent event stream as the tests and bench/live.ts read it: every event kept, `next`
// waiting for the first one (seen or to come) that matches, each event answering one wait.

export type StreamEvent = { event: string; data: Record<string, unknown> };

export type EventStream = {
  next: (match: (e: StreamEvent) => boolean) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream (or it is closed). */
  done: Promise<void>;
  ended: () => boolean;
  close: () => void;
};

/** Reads `res`'s events; `abort` (the request's controller) closes it. */
export function readEventStream(res: Response, abort: AbortController): EventStream {
  const unclaimed: StreamEvent[] = [];
  const waiting: { match: (e: StreamEvent) => boolean; resolve: (e: StreamEvent) => void }[] = [];
  let ended = false;
  const parser = createSseParser((e) => {
    const got = { event: e.event, data: JSON.parse(e.data) as Record<string, unknown> };
    const w = waiting.find((x) => x.match(got));
    if (!w) return void unclaimed.push(got);
    waiting.splice(waiting.indexOf(w), 1);
    w.resolve(got);
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
  return {
    next: (match) =>
      new Promise((resolve) => {
        const i = unclaimed.findIndex(match);
        if (i >= 0) resolve(unclaimed.splice(i, 1)[0]!);
        else waiting.push({ match, resolve });
      }),
    done,
    ended: () => ended,
    close: () => abort.abort(),
  };
}

/** Opens `url` with fetch and reads its events (the request must answer 200). */
export async function fetchEventStream(url: string, headers: Record<string, string>): Promise<EventStream> {
  const abort = new AbortController();
  const res = await fetch(url, { headers, signal: abort.signal });
  if (res.status !== 200) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return readEventStream(res, abort);
}
