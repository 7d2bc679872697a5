import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { getDb, getDbKind, listen } from '@/db/client';
import { conversationMessages } from '@/db/schema';
import { readyRedis, redisKeyPrefix } from '@/lib/security/redis';
import { logError } from '@/lib/system/log';
import type { LiveAbout, LiveEvent } from './events';

// How live chat's events reach every instance: one subscription per process (Postgres
// LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set; PGlite, one process, dispatches in memory),
// fanned out here to the event streams open on this instance. An open stream costs a map entry, never
// a query: an event that needs the database (a message too long for a notification) is read once per
// instance, not once per connection. What the events are: ./events.ts.

type Listener = (event: LiveEvent) => void;

const CHANNEL = 'lantern_live';
/** NOTIFY payloads stop at 8000 bytes: a longer message's text is read from the database by each instance. */
const PAYLOAD_MAX = 7000;

type Bus = {
  bySchool: Map<number, Set<Listener>>;
  bySession: Map<string, Set<Listener>>;
  started: Promise<void> | null;
  mode: 'memory' | 'postgres' | 'redis' | null;
  publisher: Redis | null;
};
const key = Symbol.for('lantern.live.bus');
const bus: Bus = ((globalThis as Record<symbol, Bus>)[key] ??= { bySchool: new Map(), bySession: new Map(), started: null, mode: null, publisher: null });

const sessionKey = (school: number, session: string) => `${school}:${session}`;

/** The text of a message that travelled without it (too long for a notification): read once per instance. */
async function messageText(e: LiveAbout, index: number): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ content: conversationMessages.content })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, e.conversation), eq(conversationMessages.schoolId, e.school), eq(conversationMessages.position, index)))
    .limit(1);
  return row?.content ?? null;
}

async function deliver(event: LiveEvent): Promise<void> {
  const staff = bus.bySchool.get(event.school);
  const visitor = bus.bySession.get(sessionKey(event.school, event.session));
  if (!staff?.size && !visitor?.size) return;
  if (event.kind === 'message' && event.message.text === undefined) {
    event = { ...event, message: { ...event.message, text: (await messageText(event, event.message.index).catch(() => null)) ?? '' } };
  }
  for (const fn of [...(staff ?? []), ...(visitor ?? [])]) {
    try {
      fn(event);
    } catch (err) {
      console.error(`[live] a listener failed ${logError(err)}`);
    }
  }
}

function received(payload: string) {
  let event: LiveEvent;
  try {
    event = JSON.parse(payload) as LiveEvent;
  } catch {
    return;
  }
  void deliver(event);
}

/** Starts this process's one subscription (idempotent). */
export function startBus(): Promise<void> {
  bus.started ??= (async () => {
    const r = await readyRedis();
    if (r) {
      bus.mode = 'redis';
      bus.publisher = r;
      // A subscribed connection can do nothing else: a second one, opened once, which queues its
      // subscription until connected (the shared client fails fast instead) and renews it on reconnect.
      const sub = r.duplicate({ enableOfflineQueue: true });
      sub.on('message', (_channel: string, payload: string) => received(payload));
      await sub.subscribe(redisKeyPrefix() + CHANNEL);
      return;
    }
    if ((await getDbKind()) === 'pglite') {
      bus.mode = 'memory';
      return;
    }
    bus.mode = 'postgres';
    await listen(CHANNEL, received);
  })().catch((err) => {
    bus.started = null;
    throw err;
  });
  return bus.started;
}

/**
 * Sends an event to every instance (after the change it reports has committed). A failure is
 * logged, not thrown: the change is stored, and the screens catch up when their streams reconnect
 * (the Live view reads its lists again, the widget asks for the state).
 */
export async function publish(event: LiveEvent): Promise<void> {
  try {
    await send(event);
  } catch (err) {
    console.error(`[live] an event was not sent ${logError(err)}`);
  }
}

async function send(event: LiveEvent): Promise<void> {
  await startBus();
  let payload = JSON.stringify(event);
  if (bus.mode === 'memory') return deliver(event);
  if (Buffer.byteLength(payload) > PAYLOAD_MAX && event.kind === 'message') {
    payload = JSON.stringify({ ...event, message: { ...event.message, text: undefined } });
  }
  // A change's summary is a convenience: without it the Live view reads its list.
  if (Buffer.byteLength(payload) > PAYLOAD_MAX && event.kind === 'queue') payload = JSON.stringify({ ...event, summary: undefined, waiting: undefined });
  if (bus.mode === 'redis') {
    await bus.publisher!.publish(redisKeyPrefix() + CHANNEL, payload);
    return;
  }
  const db = await getDb();
  await db.execute(sql`select pg_notify(${CHANNEL}, ${payload})`);
}

function add<K>(map: Map<K, Set<Listener>>, k: K, fn: Listener): () => void {
  let set = map.get(k);
  if (!set) map.set(k, (set = new Set()));
  set.add(fn);
  return () => {
    set!.delete(fn);
    if (!set!.size) map.delete(k);
  };
}

/** A staff stream: every event of the school. Answers how to stop. */
export async function subscribeSchool(school: number, fn: Listener): Promise<() => void> {
  await startBus();
  return add(bus.bySchool, school, fn);
}

/** A visitor's stream: the events of their conversation. Answers how to stop. */
export async function subscribeSession(school: number, session: string, fn: Listener): Promise<() => void> {
  await startBus();
  return add(bus.bySession, sessionKey(school, session), fn);
}

/** Open streams on this instance (the memory bench, tests). */
export function openStreams(): { staff: number; visitors: number } {
  let staff = 0;
  let visitors = 0;
  for (const s of bus.bySchool.values()) staff += s.size;
  for (const s of bus.bySession.values()) visitors += s.size;
  return { staff, visitors };
}
