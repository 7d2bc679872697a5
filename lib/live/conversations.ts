import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { conversationMessages, conversations, users, type LivePage } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { appendMessage } from '@/lib/conversations/log';
import { conversationReference } from '@/lib/conversations/reference';
import { visitorName } from '@/lib/conversations/visitor-name';
import { conflict, notFound } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';
import { publish, type LiveEvent } from './bus';
import { LIVE_EVENT_TEXT, recordLiveEvent } from './events';
import { assertMayChat, markSeen } from './settings';
import type { LiveConversationDetail, LiveConversationStatus, LiveConversationSummary, LiveMessage } from './schema';

// The staff side of live chat: the Live view's list and transcript, joining (one holder at a
// time), writing, handing back to the assistant and closing. Every statement names the school.

const NOT_LIVE = 'No live conversation with that id';

type Row = {
  id: number;
  session_id: string;
  live_status: LiveConversationStatus;
  live_waiting_since: string | Date | null;
  held_id: number | null;
  held_first: string | null;
  held_last: string | null;
  lead_data: Record<string, unknown> | null;
  live_pages: LivePage[] | null;
  language: string | null;
  last_role: string | null;
  last_content: string | null;
  last_at: string | Date | null;
};

const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());

function summaryOf(r: Row): LiveConversationSummary {
  return {
    id: Number(r.id),
    status: r.live_status,
    waiting_since: r.live_status === 'waiting' ? iso(r.live_waiting_since) : null,
    held_by: r.held_id ? { id: Number(r.held_id), name: [r.held_first, r.held_last].filter(Boolean).join(' ') } : null,
    visitor: visitorName(r.lead_data, conversationReference(r.session_id)),
    language: r.language,
    last_message: r.last_role ? { role: r.last_role, text: (r.last_content ?? '').slice(0, 300), at: iso(r.last_at)! } : null,
  };
}

async function liveRows(schoolId: number, where: ReturnType<typeof sql>): Promise<Row[]> {
  const db = await getDb();
  return resultRows<Row>(
    await db.execute(sql`
      select c.id, c.session_id, c.live_status, c.live_waiting_since, u.id as held_id, u.first_name as held_first, u.last_name as held_last,
             c.lead_data, c.live_pages, c.language, m.role as last_role, m.content as last_content, m.created_at as last_at
      from conversations c
      left join users u on u.id = c.live_held_by
      left join lateral (select role, content, created_at from conversation_messages where conversation_id = c.id order by position desc limit 1) m on true
      where c.school_id = ${schoolId} and c.live_status is not null and ${where}
      order by case c.live_status when 'waiting' then 0 when 'active' then 1 else 2 end, c.live_waiting_since nulls last, c.id desc
      limit 200`),
  );
}

/** GET /live/conversations: waiting first (longest wait first), then active; `closed` lists the ended ones. */
export async function listLive(ctx: AuthContext, status: 'waiting' | 'active' | 'closed' | 'open' = 'open'): Promise<LiveConversationSummary[]> {
  const schoolId = requireSchoolId(ctx);
  const where = status === 'open' ? sql`c.live_status in ('waiting', 'active')` : sql`c.live_status = ${status}`;
  return (await liveRows(schoolId, where)).map(summaryOf);
}

/** How many visitors of the school wait for a person (the header's count). */
export async function waitingCount(ctx: AuthContext): Promise<{ waiting: number }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(conversations)
    .where(and(eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'waiting')));
  return { waiting: Number(row?.n ?? 0) };
}

/** The messages of a conversation, for staff and for the visitor's catch-up; `after` skips those already seen. */
export async function messagesOf(schoolId: number, conversationId: number, after = -1): Promise<LiveMessage[]> {
  const db = await getDb();
  const rows = await db
    .select({ position: conversationMessages.position, role: conversationMessages.role, content: conversationMessages.content, createdAt: conversationMessages.createdAt, authorName: conversationMessages.authorName })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, conversationId), eq(conversationMessages.schoolId, schoolId), sql`${conversationMessages.position} > ${after}`))
    .orderBy(asc(conversationMessages.position));
  return rows.map((m) => ({ index: m.position, role: m.role, text: m.content, at: m.createdAt.toISOString(), author: m.role === 'staff' ? m.authorName : null }));
}

/** GET /live/conversations/{id}: the summary, the visitor's details and language, and the whole transcript. */
export async function liveConversation(ctx: AuthContext, id: number): Promise<LiveConversationDetail> {
  const schoolId = requireSchoolId(ctx);
  const [row] = await liveRows(schoolId, sql`c.id = ${id}`);
  if (!row) throw notFound(NOT_LIVE);
  // The conversation's reference, as Logs and the CRM show it: the session id itself opens nothing, but stays with the visitor.
  return { ...summaryOf(row), session_id: conversationReference(row.session_id), details: row.lead_data ?? {}, pages: row.live_pages ?? [], messages: await messagesOf(schoolId, id) };
}

const firstName = (ctx: AuthContext) => ctx.user.firstName?.trim() || ctx.user.username;

/** Why a change to a live conversation was refused: not the school's (404), or not this person's to make (409). */
export async function liveRefusal(schoolId: number, id: number, userId: number): Promise<Error> {
  const db = await getDb();
  const [row] = await db
    .select({ status: conversations.liveStatus, heldBy: conversations.liveHeldBy, first: users.firstName, last: users.lastName })
    .from(conversations)
    .leftJoin(users, eq(users.id, conversations.liveHeldBy))
    .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId)))
    .limit(1);
  if (!row || !row.status) return notFound(NOT_LIVE);
  if (row.status === 'closed') return conflict('This live chat has ended');
  if (row.status === 'active' && row.heldBy !== userId) return conflict(`${[row.first, row.last].filter(Boolean).join(' ') || 'Another staff member'} is already chatting with this visitor`);
  return conflict('Join the conversation first');
}

type Changed = { id: number; session_id: string };

async function announce(schoolId: number, row: Changed, event: Omit<LiveEvent, 'school' | 'conversation' | 'session'>) {
  await publish({ school: schoolId, conversation: row.id, session: row.session_id, ...event });
}

/** POST /live/conversations/{id}/join: this staff member holds it (409 while another does); taking a waiting one is written in its transcript. */
export async function joinLive(ctx: AuthContext, id: number): Promise<LiveConversationDetail> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const name = firstName(ctx);
  const joined = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ liveStatus: 'active', liveHeldBy: ctx.user.id, liveJoinedAt: sql`coalesce(${conversations.liveJoinedAt}, now())`, liveWaitingSince: null })
      .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'waiting')))
      .returning({ id: conversations.id, session_id: conversations.sessionId });
    if (row) return { row, event: await recordLiveEvent(tx, schoolId, row.id, LIVE_EVENT_TEXT.joined(name)) };
    // Joining again what one already holds changes nothing (a second tab, a retry).
    const [mine] = await tx
      .select({ id: conversations.id, session_id: conversations.sessionId })
      .from(conversations)
      .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'active'), eq(conversations.liveHeldBy, ctx.user.id)));
    return mine ? { row: mine, event: null } : null;
  });
  if (!joined) throw await liveRefusal(schoolId, id, ctx.user.id);
  await markSeen(schoolId, ctx.user.id);
  await announce(schoolId, joined.row, { kind: 'queue', status: 'active', agent: name });
  if (joined.event) await announce(schoolId, joined.row, joined.event);
  return liveConversation(ctx, id);
}

/** POST /live/conversations/{id}/messages: a message from the staff member who holds the conversation. */
export async function postStaffMessage(ctx: AuthContext, id: number, text: string): Promise<LiveMessage> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const author = firstName(ctx);
  // The position is taken by the same statement that checks the hold, so messages never collide.
  const row = await appendMessage(db, schoolId, { conversation: id, heldBy: ctx.user.id }, { role: 'staff', userId: ctx.user.id, name: author }, text);
  if (!row) throw await liveRefusal(schoolId, id, ctx.user.id);
  await markSeen(schoolId, ctx.user.id);
  const message: LiveMessage = { index: row.index, role: 'staff', text, at: row.at, author };
  await announce(schoolId, { id, session_id: row.session }, { kind: 'message', message: { index: message.index, role: 'staff', text, author, at: message.at } });
  return message;
}

/**
 * POST /live/conversations/{id}/leave (hand back: the assistant answers again) and …/close (ends
 * the live chat; a waiting visitor nobody will take gets the handoff form at once).
 */
export async function endLive(ctx: AuthContext, id: number, how: 'leave' | 'close'): Promise<{ id: number; status: 'closed' }> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const name = firstName(ctx);
  const mine = sql`(${conversations.liveStatus} = 'active' and ${conversations.liveHeldBy} = ${ctx.user.id})`;
  const ended = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ liveStatus: 'closed', liveHeldBy: null })
      .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId), how === 'close' ? sql`(${mine} or ${conversations.liveStatus} = 'waiting')` : mine))
      .returning({ id: conversations.id, session_id: conversations.sessionId, joined: conversations.liveJoinedAt });
    if (!row) return null;
    const text = !row.joined ? LIVE_EVENT_TEXT.declined(name) : how === 'leave' ? LIVE_EVENT_TEXT.handedBack(name) : LIVE_EVENT_TEXT.ended(name);
    return { row, event: await recordLiveEvent(tx, schoolId, row.id, text) };
  });
  if (!ended) throw await liveRefusal(schoolId, id, ctx.user.id);
  // Declined before anyone joined: the visitor gets the form, as when the wait runs out.
  await announce(schoolId, ended.row, { kind: 'queue', status: ended.row.joined ? 'returned' : 'missed', agent: name });
  await announce(schoolId, ended.row, ended.event);
  return { id, status: 'closed' };
}

/**
 * POST /live/waiting/close: every visitor still waiting gets the form at once (the office is
 * closing, or a flood of requests buried the real ones): {closed}.
 */
export async function closeAllWaiting(ctx: AuthContext): Promise<{ closed: number }> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const name = firstName(ctx);
  const closed = await db.transaction(async (tx) => {
    const rows = await tx
      .update(conversations)
      .set({ liveStatus: 'closed', liveHeldBy: null })
      .where(and(eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'waiting')))
      .returning({ id: conversations.id, session_id: conversations.sessionId });
    const out = [];
    for (const row of rows) out.push({ row, event: await recordLiveEvent(tx, schoolId, row.id, LIVE_EVENT_TEXT.declined(name)) });
    return out;
  });
  for (const { row, event } of closed) {
    await announce(schoolId, row, { kind: 'queue', status: 'missed', agent: name });
    await announce(schoolId, row, event);
  }
  return { closed: closed.length };
}
