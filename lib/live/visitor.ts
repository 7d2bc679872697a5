import 'server-only';
import { and, count, eq, ne, sql } from 'drizzle-orm';
import { getDb, type Tx } from '@/db/client';
import { conversations, users } from '@/db/schema';
import { conflict } from '@/lib/http/errors';
import { appendMessage, changeLiveState, writeLiveMessage } from '@/lib/conversations/log';
import { sourceOf, type WidgetCaller } from '@/lib/widget/access';
import { captureLiveDetails } from './details';
import { LIVE_EVENT_TEXT } from './events';
import { messagesOf } from './conversations';
import { nextOpening, withinOfficeHours } from './hours';
import { availableStaff, schoolLiveSettings } from './settings';
import type { LiveMessage, VisitorPage } from './schema';
import { visitorOnPage } from './signals';

// The visitor's side of live chat (the widget): asking for a person, writing to them, and the
// state the chat frame resumes from. The wait is enforced here too: a frame that asks after its
// wait has run out finds the conversation ended (the minute's sweep does the same for visitors
// who left; lib/live/sweep.ts).

/** A visitor whose wait ran out gets the form, not another wait, for this long. */
const RETRY_AFTER_MISS_MS = 30 * 60_000;
/** Open waits from one client address: a school's network may put a few visitors behind one; a flood gets the form. */
export const MAX_WAITS_PER_CLIENT = 3;

export type LiveRequestAnswer =
  | { status: 'waiting' | 'active'; wait_seconds: number; agent: string | null }
  | { status: 'unavailable'; reason: 'off' | 'nobody' | 'logging' | 'missed' | 'no_message' | 'busy' }
  /** Outside office hours: when someone is next there (the school's clock, told to the visitor in their language). */
  | { status: 'unavailable'; reason: 'hours'; next_open: string | null; time_zone: string };

/**
 * POST /api/widget/live/request: queue the conversation for a person, or say why not (the frame then
 * shows the form). Only a visitor who has written something (before, or with the request) is
 * queued, and only a few at a time from one address, so a script cannot bury real visitors.
 */
export async function requestLive(caller: WidgetCaller, input: LiveRequestInput, now = new Date()): Promise<LiveRequestAnswer> {
  const settings = await schoolLiveSettings(caller.schoolId);
  const refused = await refusal(caller, input, settings, now);
  if (refused) {
    // The words the visitor asked with are theirs to keep even when nobody can come (the form follows).
    if (refused.status === 'unavailable' && input.message && caller.logging) {
      const db = await getDb();
      await db.transaction(async (tx) => appendMessage(tx, caller.schoolId, { conversation: await storeRequest(tx, caller, input, now, false) }, { role: 'user' }, input.message!));
    }
    return refused;
  }
  // The words the visitor asked with are their message, in the transaction that queues them.
  await changeLiveState(async (tx) => [
    { school: caller.schoolId, conversation: await storeRequest(tx, caller, input, now, true), session: input.session_id, status: 'waiting', line: input.message ? { role: 'user', text: input.message } : null },
  ]);
  if (input.page) await visitorOnPage(caller, input.session_id, input.page, now);
  return { status: 'waiting', wait_seconds: settings.wait_minutes * 60, agent: null };
}

type LiveRequestInput = { session_id: string; language?: string; message?: string; page?: VisitorPage };

/** Why this request is not queued now (unavailable, or already waiting or with someone); null when it is to be queued. */
async function refusal(caller: WidgetCaller, input: LiveRequestInput, settings: Awaited<ReturnType<typeof schoolLiveSettings>>, now: Date): Promise<LiveRequestAnswer | null> {
  if (!settings.enabled) return { status: 'unavailable', reason: 'off' };
  // Staff read the conversation in Logs and the Live view: without logging there is nothing to show them.
  if (!caller.logging) return { status: 'unavailable', reason: 'logging' };
  if (!withinOfficeHours(settings.office_hours, settings.time_zone, now))
    return { status: 'unavailable', reason: 'hours', next_open: nextOpening(settings.office_hours, settings.time_zone, now)?.toISOString() ?? null, time_zone: settings.time_zone };
  const db = await getDb();
  const [current] = await db
    .select({
      status: conversations.liveStatus,
      since: conversations.liveWaitingSince,
      joined: conversations.liveJoinedAt,
      agent: users.firstName,
      wrote: sql<boolean>`exists(select 1 from conversation_messages m where m.conversation_id = ${conversations.id} and m.role = 'user')`,
    })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.liveHeldBy))
    .where(and(eq(conversations.schoolId, caller.schoolId), eq(conversations.sessionId, input.session_id)))
    .limit(1);
  const wait = settings.wait_minutes * 60;
  if (current?.status === 'active') return { status: 'active', wait_seconds: wait, agent: current.agent ?? null };
  if (current?.status === 'waiting' && current.since) {
    const left = Math.ceil((current.since.getTime() + wait * 1000 - now.getTime()) / 1000);
    if (left > 0) return { status: 'waiting', wait_seconds: left, agent: null };
  }
  // A wait that ran out (nobody joined) is not started again at once: the visitor gets the form.
  if (current?.status === 'closed' && !current.joined && current.since && now.getTime() - current.since.getTime() < RETRY_AFTER_MISS_MS) return { status: 'unavailable', reason: 'missed' };
  if (!input.message && !current?.wrote) return { status: 'unavailable', reason: 'no_message' };
  if ((await waitingFromClient(caller, input.session_id)) >= MAX_WAITS_PER_CLIENT) return { status: 'unavailable', reason: 'busy' };
  if (!(await availableStaff(caller.schoolId, now))) return { status: 'unavailable', reason: 'nobody' };
  return null;
}

/** How many other visitors of this address wait for a person at this school. */
async function waitingFromClient(caller: WidgetCaller, sessionId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db
    .select({ n: count() })
    .from(conversations)
    .where(and(eq(conversations.schoolId, caller.schoolId), eq(conversations.clientHash, caller.clientHash), eq(conversations.liveStatus, 'waiting'), ne(conversations.sessionId, sessionId)));
  return row?.n ?? 0;
}

/** The request, in the caller's transaction: the conversation engaged and (`queue`) waiting for a person. Answers its id. */
async function storeRequest(tx: Tx, caller: WidgetCaller, input: LiveRequestInput, now: Date, queue: boolean): Promise<number> {
  const at = now.toISOString();
  const waiting = queue ? { liveStatus: 'waiting' as const, liveWaitingSince: now } : {};
  const [row] = await tx
    .insert(conversations)
    .values({ schoolId: caller.schoolId, sessionId: input.session_id, source: sourceOf(caller), status: 'engaged', clientHash: caller.clientHash, handoffAt: now, widgetOpenedAt: now, engagedAt: now, language: input.language ?? null, ...waiting })
    .onConflictDoUpdate({
      target: [conversations.schoolId, conversations.sessionId],
      set: {
        status: 'engaged',
        handoffAt: sql`coalesce(${conversations.handoffAt}, ${at}::timestamptz)`,
        widgetOpenedAt: sql`coalesce(${conversations.widgetOpenedAt}, ${at}::timestamptz)`,
        engagedAt: sql`coalesce(${conversations.engagedAt}, ${at}::timestamptz)`,
        language: sql`coalesce(${conversations.language}, excluded.language)`,
        ...(queue ? { ...waiting, liveHeldBy: null } : {}),
        endedAt: sql`now()`,
      },
    })
    .returning({ id: conversations.id });
  return row!.id;
}

/** POST /api/widget/live/messages: the visitor writes to the person (stored in the conversation). */
export async function visitorLiveMessage(caller: WidgetCaller, input: { session_id: string; text: string }): Promise<{ index: number }> {
  const row = await writeLiveMessage(caller.schoolId, { session: input.session_id, live: true }, { role: 'user' }, input.text);
  if (!row) throw conflict('This conversation is not with a person now: send it to the assistant');
  // An e-mail, phone or name given to the person becomes the visitor's details, as in a chat turn.
  await captureLiveDetails(caller, row.conversation, input.session_id, input.text);
  return { index: row.index };
}

export type VisitorLiveState = { status: 'none' | 'waiting' | 'active' | 'closed'; agent: string | null; wait_seconds: number | null; messages: LiveMessage[] };

/**
 * GET /api/widget/live/state: where the visitor's live chat stands, and the staff messages after
 * `after` (what the frame missed while it was away; asking with `after` says it has shown the rest).
 * A closed chat's messages are served once: what the frame has been given is not given again. A
 * wait past its end is ended here.
 */
export async function visitorLiveState(caller: WidgetCaller, sessionId: string, after = -1, now = new Date()): Promise<VisitorLiveState> {
  const db = await getDb();
  const [row] = await db
    .select({ id: conversations.id, status: conversations.liveStatus, since: conversations.liveWaitingSince, agent: users.firstName, seen: conversations.liveSeenIndex })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.liveHeldBy))
    .where(and(eq(conversations.schoolId, caller.schoolId), eq(conversations.sessionId, sessionId)))
    .limit(1);
  if (!row || !row.status) return { status: 'none', agent: null, wait_seconds: null, messages: [] };
  let status = row.status;
  let wait: number | null = null;
  if (status === 'waiting' && row.since) {
    const { wait_minutes } = await schoolLiveSettings(caller.schoolId);
    wait = Math.ceil((row.since.getTime() + wait_minutes * 60_000 - now.getTime()) / 1000);
    if (wait <= 0 && (await expireWait(caller.schoolId, row.id))) status = 'closed';
  }
  const from = status === 'closed' ? Math.max(after, row.seen) : after;
  const messages = (await messagesOf(caller.schoolId, row.id, from)).filter((m) => m.role === 'staff');
  const seen = status === 'closed' ? Math.max(from, ...messages.map((m) => m.index)) : after;
  if (seen > row.seen) await db.update(conversations).set({ liveSeenIndex: sql`greatest(${conversations.liveSeenIndex}, ${seen})` }).where(and(eq(conversations.id, row.id), eq(conversations.schoolId, caller.schoolId)));
  return { status, agent: status === 'active' ? (row.agent ?? null) : null, wait_seconds: status === 'waiting' ? Math.max(0, wait ?? 0) : null, messages };
}

/**
 * Ends one wait that ran out: closed and the visitor told (they get the handoff form). The school
 * hears of it in the next sweep's digest (lib/live/sweep.ts), marked in the same statement so no
 * missed visitor goes unreported. False when it was no longer waiting.
 */
export async function expireWait(schoolId: number, conversationId: number): Promise<boolean> {
  const [ended] = await changeLiveState(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ liveStatus: 'closed', liveHeldBy: null, liveMissedPending: true })
      .where(and(eq(conversations.id, conversationId), eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'waiting')))
      .returning({ id: conversations.id, sessionId: conversations.sessionId });
    return row ? [{ school: schoolId, conversation: row.id, session: row.sessionId, status: 'missed', line: { role: 'system', text: LIVE_EVENT_TEXT.timedOut() } }] : [];
  });
  return Boolean(ended);
}
