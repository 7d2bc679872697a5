import 'server-only';
import { and, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversationMessages } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { logError } from '@/lib/system/log';
import { setTextLoader, subscribeSchool, subscribeSession, type LiveEvent } from './bus';
import { touchPresence } from './settings';

// The live chat's server-sent event streams: the Live view's (every event of the school) and the
// visitor's (their conversation's). An idle stream costs a listener and a place in one shared
// keep-alive timer; nothing reads the database per connection. The staff streams open on this
// instance also keep their people's presence fresh, with one statement every 30 seconds for all.

const KEEP_ALIVE_MS = 25_000;
const PRESENCE_MS = 30_000;
const encoder = new TextEncoder();
const PING = encoder.encode(': keep-alive\n\n');

type Open = { send: (bytes: Uint8Array) => void; viewer?: { schoolId: number; userId: number } };
type Streams = { open: Set<Open>; timer: ReturnType<typeof setInterval> | null; presence: ReturnType<typeof setInterval> | null };
const key = Symbol.for('lantern.live.streams');
const streams: Streams = ((globalThis as Record<symbol, Streams>)[key] ??= { open: new Set(), timer: null, presence: null });

function viewers() {
  return [...streams.open].flatMap((o) => (o.viewer ? [o.viewer] : []));
}

function track(o: Open): () => void {
  streams.open.add(o);
  streams.timer ??= setInterval(() => streams.open.forEach((s) => s.send(PING)), KEEP_ALIVE_MS);
  streams.timer.unref?.();
  if (o.viewer && !streams.presence) {
    streams.presence = setInterval(() => void touchPresence(viewers()).catch((err) => console.warn(`[live] presence not refreshed ${logError(err)}`)), PRESENCE_MS);
    streams.presence.unref?.();
  }
  return () => {
    streams.open.delete(o);
    if (!streams.open.size && streams.timer) {
      clearInterval(streams.timer);
      streams.timer = null;
    }
    if (!viewers().length && streams.presence) {
      clearInterval(streams.presence);
      streams.presence = null;
    }
  };
}

// A message too long for a notification travels without its text: read here, once per instance.
setTextLoader(async (e) => {
  const db = await getDb();
  const [row] = await db
    .select({ content: conversationMessages.content })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, e.conversation), eq(conversationMessages.schoolId, e.school), eq(conversationMessages.position, e.message!.index)))
    .limit(1);
  return row?.content ?? null;
});

export const sseEvent = (name: string, data: unknown) => encoder.encode(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);

const HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' };

/**
 * An event stream: `start` subscribes and sends what the client needs first, answering how to
 * stop; the stream ends when the client goes (or when `start`'s listener calls end).
 */
function eventStream(req: Request, viewer: Open['viewer'], start: (send: (bytes: Uint8Array) => void, end: () => void) => Promise<() => void>, headers: Record<string, string> = {}): Response {
  let stop: (() => void) | null = null;
  let untrack: (() => void) | null = null;
  let closed = false;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      const finish = () => {
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
      const send = (bytes: Uint8Array) => {
        if (closed) return;
        try {
          controller.enqueue(bytes);
        } catch {
          finish();
        }
      };
      req.signal.addEventListener('abort', finish);
      untrack = track({ send, viewer });
      // Sent at once: proxies and the browser see the stream open.
      send(encoder.encode(': open\n\n'));
      stop = await start(send, finish);
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

/** GET /live/stream: the Live view's events. `changed` {id, status, agent}, `message` {id, index, role, text, author, at}. */
export async function staffLiveStream(ctx: AuthContext, req: Request): Promise<Response> {
  const schoolId = requireSchoolId(ctx);
  const viewer = { schoolId, userId: ctx.user.id };
  await touchPresence([viewer]);
  return eventStream(req, viewer, async (send) =>
    subscribeSchool(schoolId, (e: LiveEvent) => {
      if (e.kind === 'message' && e.message) send(sseEvent('message', { id: e.conversation, ...e.message }));
      else send(sseEvent('changed', { id: e.conversation, status: e.status, agent: e.agent ?? null }));
    }),
  );
}

/** GET /api/widget/live/events: the visitor's conversation. `status` {status, agent}, `message` {index, text, author, at}. */
export function visitorLiveStream(req: Request, schoolId: number, sessionId: string, headers: Record<string, string> = {}): Response {
  return eventStream(
    req,
    undefined,
    async (send, end) =>
      subscribeSession(schoolId, sessionId, (e: LiveEvent) => {
        if (e.kind === 'message' && e.message) {
          // The visitor's own messages are already on their screen.
          if (e.message.role === 'staff') send(sseEvent('message', { index: e.message.index, text: e.message.text, author: e.message.author, at: e.message.at }));
          return;
        }
        send(sseEvent('status', { status: e.status, agent: e.agent ?? null }));
        // Back with the assistant (or the form): nothing more comes on this stream.
        if (e.status === 'returned' || e.status === 'missed' || e.status === 'closed') end();
      }),
    headers,
  );
}
