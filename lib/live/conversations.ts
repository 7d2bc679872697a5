import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, users } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { changeLiveState, writeLiveMessage } from '@/lib/conversations/log';
import { conversationReference } from '@/lib/conversations/reference';
import { conflict, notFound } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { LIVE_EVENT_TEXT } from './events';
import { assertMayChat, markSeen } from './settings';
import { liveRows, summaryOf, waitingIn } from './summaries';
import type { LiveConversationDetail, LiveConversationSummary, LiveMessage } from './schema';

// The staff side of live chat: the Live view's list and transcript, joining (one holder at a
// time), writing, handing back to the assistant and closing. Every statement names the school.

const NOT_LIVE = 'No live conversation with that id';

/** GET /live/conversations: waiting first (longest wait first), then active; `closed` lists the ended ones. */
export async function listLive(ctx: AuthContext, status: 'waiting' | 'active' | 'closed' | 'open' = 'open'): Promise<LiveConversationSummary[]> {
  const schoolId = requireSchoolId(ctx);
  const where = status === 'open' ? sql`c.live_status in ('waiting', 'active')` : sql`c.live_status = ${status}`;
  return (await liveRows(schoolId, where)).map(summaryOf);
}

/** How many visitors of the school wait for a person (the header's count). */
export async function waitingCount(ctx: AuthContext): Promise<{ waiting: number }> {
  return { waiting: await waitingIn(requireSchoolId(ctx)) };
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

/** POST /live/conversations/{id}/join: this staff member holds it (409 while another does); taking a waiting one is written in its transcript. */
export async function joinLive(ctx: AuthContext, id: number): Promise<LiveConversationDetail> {
  const schoolId = assertMayChat(ctx);
  const name = firstName(ctx);
  const [joined] = await changeLiveState(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ liveStatus: 'active', liveHeldBy: ctx.user.id, liveJoinedAt: sql`coalesce(${conversations.liveJoinedAt}, now())`, liveWaitingSince: null })
      .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'waiting')))
      .returning({ id: conversations.id, session: conversations.sessionId });
    // Joining again what one already holds writes nothing (a second tab, a retry).
    const [mine] = row
      ? [row]
      : await tx
          .select({ id: conversations.id, session: conversations.sessionId })
          .from(conversations)
          .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'active'), eq(conversations.liveHeldBy, ctx.user.id)));
    if (!mine) return [];
    if (row) await recordAudit({ action: 'live.joined', actor: staffActor(ctx), schoolId, target: { type: 'conversation', id: mine.id } }, tx);
    return [{ school: schoolId, conversation: mine.id, session: mine.session, status: 'active', agent: name, line: row ? { role: 'system', text: LIVE_EVENT_TEXT.joined(name) } : null }];
  });
  if (!joined) throw await liveRefusal(schoolId, id, ctx.user.id);
  await markSeen(schoolId, ctx.user.id);
  return liveConversation(ctx, id);
}

/** POST /live/conversations/{id}/messages: a message from the staff member who holds the conversation. */
export async function postStaffMessage(ctx: AuthContext, id: number, text: string): Promise<LiveMessage> {
  const schoolId = assertMayChat(ctx);
  const author = firstName(ctx);
  // The position is taken by the same statement that checks the hold, so messages never collide.
  const row = await writeLiveMessage(schoolId, { conversation: id, heldBy: ctx.user.id }, { role: 'staff', userId: ctx.user.id, name: author }, text);
  if (!row) throw await liveRefusal(schoolId, id, ctx.user.id);
  await markSeen(schoolId, ctx.user.id);
  return { index: row.index, role: 'staff', text, at: row.at, author };
}

/**
 * POST /live/conversations/{id}/leave (hand back: the assistant answers again) and …/close (ends
 * the live chat; a waiting visitor nobody will take gets the handoff form at once).
 */
export async function endLive(ctx: AuthContext, id: number, how: 'leave' | 'close'): Promise<{ id: number; status: 'closed' }> {
  const schoolId = assertMayChat(ctx);
  const name = firstName(ctx);
  const mine = sql`(${conversations.liveStatus} = 'active' and ${conversations.liveHeldBy} = ${ctx.user.id})`;
  const [ended] = await changeLiveState(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ liveStatus: 'closed', liveHeldBy: null })
      .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId), how === 'close' ? sql`(${mine} or ${conversations.liveStatus} = 'waiting')` : mine))
      .returning({ id: conversations.id, session: conversations.sessionId, joined: conversations.liveJoinedAt });
    if (!row) return [];
    const text = !row.joined ? LIVE_EVENT_TEXT.declined(name) : how === 'leave' ? LIVE_EVENT_TEXT.handedBack(name) : LIVE_EVENT_TEXT.ended(name);
    // Declined before anyone joined: the visitor gets the form, as when the wait runs out.
    return [{ school: schoolId, conversation: row.id, session: row.session, status: row.joined ? 'returned' : 'missed', agent: name, line: { role: 'system', text } }];
  });
  if (!ended) throw await liveRefusal(schoolId, id, ctx.user.id);
  return { id, status: 'closed' };
}

/**
 * POST /live/waiting/close: every visitor still waiting gets the form at once (the office is
 * closing, or a flood of requests buried the real ones): {closed}.
 */
export async function closeAllWaiting(ctx: AuthContext): Promise<{ closed: number }> {
  const schoolId = assertMayChat(ctx);
  const name = firstName(ctx);
  const closed = await changeLiveState(async (tx) => {
    const rows = await tx
      .update(conversations)
      .set({ liveStatus: 'closed', liveHeldBy: null })
      .where(and(eq(conversations.schoolId, schoolId), eq(conversations.liveStatus, 'waiting')))
      .returning({ id: conversations.id, session: conversations.sessionId });
    return rows.map((row) => ({ school: schoolId, conversation: row.id, session: row.session, status: 'missed', agent: name, line: { role: 'system', text: LIVE_EVENT_TEXT.declined(name) } }));
  });
  return { closed: closed.length };
}
