import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, type ConversationSource } from '@/db/schema';
import { notFound } from '@/lib/http/errors';
import { limitWidgetCall, type WidgetCaller } from '@/lib/widget/access';
import type { WidgetEventInput } from './schema';

// What a widget session leaves behind (spec 002 §3.7–§3.9), written only while the school's
// logging is on. The client address is stored as the keyed hash the rate limits use.

export const sourceOf = (caller: WidgetCaller): ConversationSource => (caller.kind === 'internal' ? 'test_chat' : 'widget');

const sessionMatch = (caller: WidgetCaller, sessionId: string) => and(eq(conversations.schoolId, caller.schoolId), eq(conversations.sessionId, sessionId));

/** widget_loaded / widget_opened / conversation_engaged move the session forward, never back; thumbs mark an answer. */
export async function recordWidgetEvent(caller: WidgetCaller, input: WidgetEventInput): Promise<void> {
  limitWidgetCall(caller);
  if (!caller.logging) return;
  const db = await getDb();
  const base = { schoolId: caller.schoolId, sessionId: input.session_id, source: sourceOf(caller), clientHash: caller.clientHash };
  const target = [conversations.schoolId, conversations.sessionId];
  switch (input.event_type) {
    case 'widget_loaded':
      await db.insert(conversations).values(base).onConflictDoUpdate({ target, set: { endedAt: sql`now()` } });
      return;
    case 'widget_opened':
      await db
        .insert(conversations)
        .values({ ...base, status: 'opened', widgetOpenedAt: sql`now()` })
        .onConflictDoUpdate({
          target,
          set: {
            status: sql`case when ${conversations.status} = 'engaged' then 'engaged' else 'opened' end`,
            widgetOpenedAt: sql`coalesce(${conversations.widgetOpenedAt}, now())`,
            endedAt: sql`now()`,
          },
        });
      return;
    case 'conversation_engaged':
      await db
        .insert(conversations)
        .values({ ...base, status: 'engaged', widgetOpenedAt: sql`now()`, engagedAt: sql`now()` })
        .onConflictDoUpdate({
          target,
          set: {
            status: 'engaged',
            widgetOpenedAt: sql`coalesce(${conversations.widgetOpenedAt}, now())`,
            engagedAt: sql`coalesce(${conversations.engagedAt}, now())`,
            endedAt: sql`now()`,
          },
        });
      return;
    case 'message_feedback': {
      const [conversation] = await db.select({ id: conversations.id }).from(conversations).where(sessionMatch(caller, input.session_id)).limit(1);
      const updated = conversation
        ? await db
            .update(conversationMessages)
            .set({ userFeedbackRating: input.rating })
            .where(and(eq(conversationMessages.conversationId, conversation.id), eq(conversationMessages.position, input.message_index), eq(conversationMessages.role, 'assistant')))
            .returning({ id: conversationMessages.id })
        : [];
      if (!updated.length) throw notFound('No answer with that message_index in this conversation');
      return;
    }
  }
}

export type StoredTurn = { conversationId: number; messageIndex: number };

/**
 * Appends the visitor's message and the answer. The conversation row is created or advanced in the
 * same statement that reserves the two positions, so concurrent turns of one session never collide.
 */
export async function storeTurn(
  caller: WidgetCaller,
  sessionId: string,
  turn: {
    question: string;
    answer: string;
    receivedAt: Date;
    responseTimeMs: number;
    sources: { source_type: string; source_id: string; title: string }[];
    model: string;
    /** Lead details gathered so far (lead capture on), and the lead they made. */
    leadData: Record<string, unknown> | null;
    leadId: number | null;
  },
): Promise<StoredTurn | null> {
  if (!caller.logging) return null;
  const db = await getDb();
  const [row] = await db
    .insert(conversations)
    .values({
      schoolId: caller.schoolId,
      sessionId,
      source: sourceOf(caller),
      status: 'engaged',
      clientHash: caller.clientHash,
      startedAt: turn.receivedAt,
      widgetOpenedAt: turn.receivedAt,
      engagedAt: turn.receivedAt,
      messageCount: 2,
      leadData: turn.leadData ?? {},
      leadId: turn.leadId,
    })
    .onConflictDoUpdate({
      target: [conversations.schoolId, conversations.sessionId],
      set: {
        status: 'engaged',
        messageCount: sql`${conversations.messageCount} + 2`,
        widgetOpenedAt: sql`coalesce(${conversations.widgetOpenedAt}, now())`,
        engagedAt: sql`coalesce(${conversations.engagedAt}, now())`,
        endedAt: sql`now()`,
        ...(turn.leadData ? { leadData: turn.leadData } : {}),
        ...(turn.leadId ? { leadId: turn.leadId } : {}),
      },
    })
    .returning({ id: conversations.id, messageCount: conversations.messageCount });
  const first = row!.messageCount - 2;
  await db.insert(conversationMessages).values([
    { conversationId: row!.id, schoolId: caller.schoolId, position: first, role: 'user', content: turn.question, createdAt: turn.receivedAt },
    { conversationId: row!.id, schoolId: caller.schoolId, position: first + 1, role: 'assistant', content: turn.answer, responseTimeMs: turn.responseTimeMs, sources: turn.sources, model: turn.model },
  ]);
  return { conversationId: row!.id, messageIndex: first + 1 };
}

/** The lead fields gathered so far in this session, and the lead it became, if any. */
export async function sessionLeadState(caller: WidgetCaller, sessionId: string): Promise<{ leadData: Record<string, unknown>; leadId: number | null } | null> {
  if (!caller.logging) return null;
  const db = await getDb();
  const [row] = await db.select({ leadData: conversations.leadData, leadId: conversations.leadId }).from(conversations).where(sessionMatch(caller, sessionId)).limit(1);
  return row ?? null;
}
