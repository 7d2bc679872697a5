import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { signInsStanding, type OpenSignIn } from '@/lib/auth/tokens';
import { conflict, serviceUnavailable, tooManyRequests } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';
import { logError } from '@/lib/system/log';
import { subscribeSchool, subscribeSession } from './bus';
import { endsVisitorStream, staffEventOf, visitorEventOf, type LiveEvent, type StreamEvent } from './events';
import { touchPresence } from './settings';

// The live chat's server-sent event streams: the Live view's (every event of the school) and the
// visitor's (their conversation's). An idle stream costs a listener, a few counters and a place in
// one shared timer; nothing reads the database per connection. Every stream is bounded: a few per
// visitor session, per address and per key, a ceiling per instance, and a life of ten minutes
// (the frame and the Live view reconnect and catch up), so the public widget key cannot hold an
// instance's memory or file handles. The staff streams open on this instance are checked against
// their sign-ins every few seconds (a deactivated, deleted or signed-out account's end) and keep
// their people's presence fresh, with one statement each for all.

const KEEP_ALIVE_MS = 25_000;
const PRESENCE_MS = 30_000;
const encoder = new TextEncoder();
const PING = encoder.encode(': keep-alive\n\n');

const setting = (name: string, fallback: number) => {
  const v = Number(process.env[name]);
  return Number.isFinite(v) && v > 0 ? Math.floor(v) : fallback;
};
/** How long one stream lives before the client reconnects (LIVE_STREAM_MAX_LIFE_MS; the tests shorten it). */
const maxLifeMs = () => setting('LIVE_STREAM_MAX_LIFE_MS', 10 * 60_000);
/**
 * How often streams are checked: their life, their sign-ins (LIVE_STREAM_CHECK_MS; the tests shorten it).
 * Polling the sign-ins in one statement spares a notice from every place that ends a sign-in.
 */
const checkMs = () => setting('LIVE_STREAM_CHECK_MS', 5_000);
/**
 * Open streams allowed at once on this instance, by what they are counted on. Counted in memory, with
 * no shared store per stream: on several instances a session may hold `session` streams on each.
 */
export const streamCaps = () => ({
  session: 2,
  client: setting('LIVE_STREAMS_PER_CLIENT', 10),
  key: setting('LIVE_STREAMS_PER_KEY', 500),
  user: 10,
  // About 100 KB each (bench/live.ts): 2,000 hold at most some 200 MB.
  instance: setting('LIVE_STREAMS_PER_INSTANCE', 2_000),
});

type Open = {
  send: (bytes: Uint8Array) => void;
  end: () => void;
  opened: number;
  /** What the stream is counted on (session, client, key or user), each with its ceiling. */
  counted: string[];
  viewer?: { schoolId: number; userId: number; signIn: OpenSignIn };
};
type Streams = { open: Set<Open>; counts: Map<string, number>; timer: ReturnType<typeof setInterval> | null; pinged: number; touched: number; checking: boolean };
const key = Symbol.for('lantern.live.streams');
const streams: Streams = ((globalThis as Record<symbol, Streams>)[key] ??= { open: new Set(), counts: new Map(), timer: null, pinged: 0, touched: 0, checking: false });

const RETRY_SECONDS = 30;

/** Counts a new stream in, or refuses it: 429 past a per-session, per-address, per-key or per-user ceiling, 503 past the instance's. */
function admit(counted: [string, number][]): string[] {
  if (streams.open.size >= streamCaps().instance) throw serviceUnavailable('Too many open connections on this server; try again shortly', RETRY_SECONDS);
  for (const [k, max] of counted) if ((streams.counts.get(k) ?? 0) >= max) throw tooManyRequests(RETRY_SECONDS, 'Too many open live chat connections; close another window or try again shortly');
  for (const [k] of counted) streams.counts.set(k, (streams.counts.get(k) ?? 0) + 1);
  return counted.map(([k]) => k);
}

function release(o: Open) {
  for (const k of o.counted) {
    const n = (streams.counts.get(k) ?? 1) - 1;
    if (n > 0) streams.counts.set(k, n);
    else streams.counts.delete(k);
  }
}

function track(o: Open): () => void {
  streams.open.add(o);
  if (!streams.timer) {
    streams.pinged = streams.touched = Date.now();
    streams.timer = setInterval(tick, checkMs());
    streams.timer.unref?.();
  }
  return () => {
    if (!streams.open.delete(o)) return;
    release(o);
    if (!streams.open.size && streams.timer) {
      clearInterval(streams.timer);
      streams.timer = null;
    }
  };
}

/** Every few seconds: streams past their life end, staff streams whose sign-in is gone end; now and then a keep-alive and the presence. */
function tick() {
  const now = Date.now();
  const life = maxLifeMs();
  const ping = now - streams.pinged >= KEEP_ALIVE_MS;
  if (ping) streams.pinged = now;
  for (const o of streams.open) {
    if (now - o.opened >= life) o.end();
    else if (ping) o.send(PING);
  }
  const touch = now - streams.touched >= PRESENCE_MS;
  if (touch) streams.touched = now;
  if (!streams.checking) void checkViewers(touch);
}

async function checkViewers(touch: boolean) {
  const open = [...streams.open].filter((o) => o.viewer);
  if (!open.length) return;
  streams.checking = true;
  try {
    const standing = await signInsStanding(open.map((o) => o.viewer!.signIn));
    open.forEach((o, i) => !standing.has(i) && o.end());
    const present = open.filter((_, i) => standing.has(i)).map((o) => o.viewer!);
    if (touch) await touchPresence(present);
  } catch (err) {
    console.warn(`[live] open sign-ins not checked ${logError(err)}`);
  } finally {
    streams.checking = false;
  }
}

/** One event on the wire (an event of ./events.ts's vocabulary). */
const sseEvent = <M>(e: StreamEvent<M>) => encoder.encode(`event: ${String(e.name)}\ndata: ${JSON.stringify(e.data)}\n\n`);

const HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };

/**
 * An event stream: admitted under its ceilings (or refused before anything opens); `start`
 * subscribes and sends what the client needs first, answering how to stop; the stream ends when the
 * client goes, when `start`'s listener calls end, at the end of its life, or when its sign-in ends.
 */
function eventStream(req: Request, counted: [string, number][], viewer: Open['viewer'], start: (send: (bytes: Uint8Array) => void, end: () => void) => Promise<() => void>, headers: Record<string, string> = {}): Response {
  const admitted = admit(counted);
  let stop: (() => void) | null = null;
  let untrack: (() => void) | null = null;
  let closed = false;
  let finish = () => {};
  const o: Open = { send: () => {}, end: () => finish(), opened: Date.now(), counted: admitted, viewer };
  untrack = track(o);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      finish = () => {
        if (closed) return;
        closed = true;
        stop?.();
        untrack?.();
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      o.send = (bytes: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(bytes);
        } catch {
          finish();
        }
      };
      if (req.signal.aborted) return finish();
      req.signal.addEventListener('abort', finish);
      // Sent at once: proxies and the browser see the stream open.
      o.send(encoder.encode(': open\n\n'));
      stop = await start(o.send, finish);
      if (closed) stop();
    },
    cancel() {
      closed = true;
      stop?.();
      untrack?.();
    },
  });
  return new Response(body, { headers: { ...HEADERS, ...headers } });
}

/** GET /live/stream: the Live view's events (StaffStreamEvents, ./events.ts): every event of the school. */
export async function staffLiveStream(ctx: AuthContext, req: Request): Promise<Response> {
  const schoolId = requireSchoolId(ctx);
  const signIn: OpenSignIn = { userId: ctx.user.id, tokenVersion: ctx.user.tokenVersion, familyId: ctx.familyId };
  const viewer = { schoolId, userId: ctx.user.id, signIn };
  await touchPresence([viewer]);
  return eventStream(req, [[`user:${ctx.user.id}`, streamCaps().user]], viewer, async (send) =>
    subscribeSchool(schoolId, (e: LiveEvent) => {
      const sent = staffEventOf(e);
      if (sent) send(sseEvent(sent));
    }),
  );
}

/** The visitor caller's parts a stream is counted on. */
type VisitorCaller = { schoolId: number; keyHash: string; clientHash: string };

/**
 * GET /api/widget/live/events: the visitor's conversation (the route has checked their token), only
 * while it is with a person or waiting for one (409 otherwise); its events are VisitorStreamEvents
 * (./events.ts).
 */
export async function visitorLiveStream(req: Request, caller: VisitorCaller, sessionId: string, headers: Record<string, string> = {}): Promise<Response> {
  const db = await getDb();
  const [live] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.schoolId, caller.schoolId), eq(conversations.sessionId, sessionId), inArray(conversations.liveStatus, ['waiting', 'active'])))
    .limit(1);
  if (!live) throw conflict('This conversation is not with a person now');
  const caps = streamCaps();
  const counted: [string, number][] = [
    [`session:${caller.schoolId}:${sessionId}`, caps.session],
    [`client:${caller.clientHash}`, caps.client],
    [`key:${caller.keyHash}`, caps.key],
  ];
  return eventStream(
    req,
    counted,
    undefined,
    async (send, end) =>
      subscribeSession(caller.schoolId, sessionId, (e: LiveEvent) => {
        const sent = visitorEventOf(e);
        if (sent) send(sseEvent(sent));
        // Back with the assistant (or the form): nothing more comes on this stream.
        if (e.kind === 'queue' && endsVisitorStream(e.status)) end();
      }),
    headers,
  );
}

/** This instance's open live streams, for bench/live.ts and the tests. */
export const openLiveStreams = () => streams.open.size;
