import 'server-only';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { getDb, getDbKind, listen } from '@/db/client';
import type { LivePage } from '@/db/schema';
import { readyRedis, redisKeyPrefix } from '@/lib/security/redis';
import { logError } from '@/lib/system/log';

// How live chat's events reach every instance: one subscription per process (Postgres
// LISTEN/NOTIFY, or Redis pub/sub when REDIS_URL is set; PGlite, one process, dispatches in memory),
// fanned out here to the event streams open on this instance. An open stream costs a map entry, never
// a query: an event that needs the database (a message too long for a notification) is read once per
// instance, not once per connection.

export type LiveEvent = {
  school: number;
  conversation: number;
  session: string;
  /**
   * queue: the conversation's live status changed; message: someone wrote in it (role system: an
   * event of the chat, such as a join); details: what the visitor gave about themselves changed;
   * typing: one side is writing (`from`); page: the visitor opened a page of the site.
   */
  kind: 'queue' | 'message' | 'details' | 'typing' | 'page';
  status?: 'waiting' | 'active' | 'returned' | 'missed' | 'dropped' | 'closed';
  /** Who holds it now (their first name), for the visitor's header. */
  agent?: string | null;
  message?: { index: number; role: 'user' | 'staff' | 'system'; text?: string; author: string | null; at: string };
  from?: 'visitor' | 'staff';
  page?: LivePage;
};

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
  loadText: ((e: LiveEvent) => Promise<string | null>) | null;
};
const key = Symbol.for('lantern.live.bus');
const bus: Bus = ((globalThis as Record<symbol, Bus>)[key] ??= { bySchool: new Map(), bySession: new Map(), started: null, mode: null, publisher: null, loadText: null });

const sessionKey = (school: number, session: string) => `${school}:${session}`;

/** How the text of a message too long to travel is read (set by the service, which knows the tables). */
export function setTextLoader(fn: (e: LiveEvent) => Promise<string | null>) {
  bus.loadText = fn;
}

async function deliver(event: LiveEvent): Promise<void> {
  const staff = bus.bySchool.get(event.school);
  const visitor = bus.bySession.get(sessionKey(event.school, event.session));
  if (!staff?.size && !visitor?.size) return;
  if (event.message && event.message.text === undefined && bus.loadText) {
    event = { ...event, message: { ...event.message, text: (await bus.loadText(event).catch(() => null)) ?? '' } };
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
 * logged, not thrown: the change is stored, and the screens catch up (the Live view reloads, the
 * widget asks for the state when its stream reconnects).
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
  if (Buffer.byteLength(payload) > PAYLOAD_MAX && event.message) {
    payload = JSON.stringify({ ...event, message: { ...event.message, text: undefined } });
  }
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
