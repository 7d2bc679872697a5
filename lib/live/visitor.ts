import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { conversations, users } from '@/db/schema';
import { schoolOfficeAddress } from '@/lib/chat/handoff';
import { visitorName } from '@/lib/conversations/visitor-name';
import { conflict } from '@/lib/http/errors';
import { queueMail } from '@/lib/mail/outbox';
import { sourceOf, type WidgetCaller } from '@/lib/widget/access';
import { publish } from './bus';
import { messagesOf } from './conversations';
import { withinOfficeHours } from './hours';
import { availableStaff, schoolLiveSettings } from './settings';
import type { LiveMessage } from './schema';

// The visitor's side of live chat (the widget): asking for a person, writing to them, and the
// state the chat frame resumes from. The wait is enforced here too: a frame that asks after its
// wait has run out finds the conversation ended (the minute's sweep does the same for visitors
// who left; lib/live/sweep.ts).

/** A visitor whose wait ran out gets the form, not another wait, for this long. */
const RETRY_AFTER_MISS_MS = 30 * 60_000;

export type LiveRequestAnswer = { status: 'waiting' | 'active'; wait_seconds: number; agent: string | null } | { status: 'unavailable'; reason: 'off' | 'hours' | 'nobody' | 'logging' | 'missed' };

/** POST /api/widget/live/request: queue the conversation for a person, or say why not (the frame then shows the form). */
export async function requestLive(caller: WidgetCaller, input: { session_id: string; language?: string }, now = new Date()): Promise<LiveRequestAnswer> {
  const settings = await schoolLiveSettings(caller.schoolId);
  if (!settings.enabled) return { status: 'unavailable', reason: 'off' };
  // Staff read the conversation in Logs and the Live view: without logging there is nothing to show them.
  if (!caller.logging) return { status: 'unavailable', reason: 'logging' };
  if (!withinOfficeHours(settings.office_hours, settings.time_zone, now)) return { status: 'unavailable', reason: 'hours' };
  const db = await getDb();
  const [current] = await db
    .select({ status: conversations.liveStatus, since: conversations.liveWaitingSince, joined: conversations.liveJoinedAt, agent: users.firstName })
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
  if (!(await availableStaff(caller.schoolId, now))) return { status: 'unavailable', reason: 'nobody' };
  const at = now.toISOString();
  const [row] = await db
    .insert(conversations)
    .values({ schoolId: caller.schoolId, sessionId: input.session_id, source: sourceOf(caller), status: 'engaged', clientHash: caller.clientHash, handoffAt: now, widgetOpenedAt: now, engagedAt: now, language: input.language ?? null, liveStatus: 'waiting', liveWaitingSince: now })
    .onConflictDoUpdate({
      target: [conversations.schoolId, conversations.sessionId],
      set: {
        status: 'engaged',
        handoffAt: sql`coalesce(${conversations.handoffAt}, ${at}::timestamptz)`,
        widgetOpenedAt: sql`coalesce(${conversations.widgetOpenedAt}, ${at}::timestamptz)`,
        engagedAt: sql`coalesce(${conversations.engagedAt}, ${at}::timestamptz)`,
        language: sql`coalesce(${conversations.language}, excluded.language)`,
        liveStatus: 'waiting',
        liveWaitingSince: now,
        liveHeldBy: null,
        endedAt: sql`now()`,
      },
    })
    .returning({ id: conversations.id });
  await publish({ school: caller.schoolId, conversation: row!.id, session: input.session_id, kind: 'queue', status: 'waiting' });
  return { status: 'waiting', wait_seconds: wait, agent: null };
}

/** POST /api/widget/live/messages: the visitor writes to the person (stored in the conversation). */
export async function visitorLiveMessage(caller: WidgetCaller, input: { session_id: string; text: string }): Promise<{ index: number }> {
  const db = await getDb();
  const rows = resultRows<{ id: number; position: number; created_at: string | Date }>(
    await db.execute(sql`
      with c as (
        update conversations set message_count = message_count + 1, ended_at = now()
        where school_id = ${caller.schoolId} and session_id = ${input.session_id} and live_status in ('waiting', 'active')
        returning id, message_count
      )
      insert into conversation_messages (conversation_id, school_id, position, role, content)
      select id, ${caller.schoolId}, message_count - 1, 'user', ${input.text} from c
      returning conversation_id as id, position, created_at`),
  );
  const row = rows[0];
  if (!row) throw conflict('This conversation is not with a person now: send it to the assistant');
  const index = Number(row.position);
  await publish({
    school: caller.schoolId,
    conversation: Number(row.id),
    session: input.session_id,
    kind: 'message',
    message: { index, role: 'user', text: input.text, author: null, at: new Date(row.created_at).toISOString() },
  });
  return { index };
}

export type VisitorLiveState = { status: 'none' | 'waiting' | 'active' | 'closed'; agent: string | null; wait_seconds: number | null; messages: LiveMessage[] };

/**
 * GET /api/widget/live/state: where the visitor's live chat stands, and the staff messages after
 * `after` (what the frame missed while it was away). A wait past its end is ended here.
 */
export async function visitorLiveState(caller: WidgetCaller, sessionId: string, after = -1, now = new Date()): Promise<VisitorLiveState> {
  const db = await getDb();
  const [row] = await db
    .select({ id: conversations.id, status: conversations.liveStatus, since: conversations.liveWaitingSince, agent: users.firstName })
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
    if (wait <= 0 && (await expireWait(caller.schoolId, row.id, now))) status = 'closed';
  }
  const messages = (await messagesOf(caller.schoolId, row.id, after)).filter((m) => m.role === 'staff');
  return { status, agent: status === 'active' ? (row.agent ?? null) : null, wait_seconds: status === 'waiting' ? Math.max(0, wait ?? 0) : null, messages };
}

/**
 * Ends one wait that ran out: closed, the visitor told (they get the handoff form), and the
 * notified address mailed, in one transaction; false when it was no longer waiting.
 */
export async function expireWait(schoolId: number, conversationId: number, now = new Date()): Promise<boolean> {
  const db = await getDb();
  // Read before the transaction: PGlite has one session, which the transaction holds.
  const settings = await schoolLiveSettings(schoolId);
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ liveStatus: 'closed', liveHeldBy: null })
      .where(and(eq(conversations.id, conversationId), eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'waiting')))
      .returning({ id: conversations.id, sessionId: conversations.sessionId, leadData: conversations.leadData, since: conversations.liveWaitingSince, source: conversations.source });
    if (!row) return null;
    const to = settings.notify_email ?? (await schoolOfficeAddress(schoolId, tx));
    if (to) {
      const who = visitorName(row.leadData, row.sessionId);
      const minutes = row.since ? Math.max(1, Math.round((now.getTime() - row.since.getTime()) / 60_000)) : settings.wait_minutes;
      await queueMail(
        {
          to,
          kind: 'live_missed',
          subject: `${row.source === 'test_chat' ? '[Test chat] ' : ''}A visitor waited for a person in live chat: ${who}`,
          text: [
            `${who} asked to talk to a person on ${settings.school_name}'s website and waited ${minutes} minute${minutes === 1 ? '' : 's'}, but nobody joined.`,
            '',
            'They were offered the form to leave their details; if they send it, its e-mail follows with the conversation.',
            'The conversation so far is in Lantern under Chatbot > Logs.',
          ].join('\n'),
        },
        tx,
      );
    }
    return row;
  });
  if (!ended) return false;
  await publish({ school: schoolId, conversation: ended.id, session: ended.sessionId, kind: 'queue', status: 'missed' });
  return true;
}
