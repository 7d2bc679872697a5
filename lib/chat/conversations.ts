import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
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
 * Appends the visitor's message and the answer in one statement: the conversation row is created
 * or advanced by the same upsert that reserves the two positions, so concurrent turns of one
 * session never collide and a turn costs one round trip.
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
  const at = turn.receivedAt.toISOString();
  const leadData = turn.leadData ? JSON.stringify(turn.leadData) : null;
  const rows = await db.execute<{ conversation_id: number; position: number }>(sql`
    with c as (
      insert into conversations (school_id, session_id, source, status, client_hash, started_at, widget_opened_at, engaged_at, ended_at, message_count, lead_data, lead_id)
      values (${caller.schoolId}::int, ${sessionId}::text, ${sourceOf(caller)}::text, 'engaged', ${caller.clientHash}::text, ${at}::timestamptz, ${at}::timestamptz, ${at}::timestamptz, now(), 2,
              coalesce(${leadData}::jsonb, '{}'::jsonb), ${turn.leadId}::int)
      on conflict (school_id, session_id) do update set
        status = 'engaged',
        message_count = conversations.message_count + 2,
        widget_opened_at = coalesce(conversations.widget_opened_at, excluded.widget_opened_at),
        engaged_at = coalesce(conversations.engaged_at, excluded.engaged_at),
        ended_at = now(),
        lead_data = coalesce(${leadData}::jsonb, conversations.lead_data),
        lead_id = coalesce(excluded.lead_id, conversations.lead_id)
      returning id, message_count
    )
    insert into conversation_messages (conversation_id, school_id, position, role, content, created_at, response_time_ms, sources, model)
    select id, ${caller.schoolId}::int, message_count - 2, 'user', ${turn.question}::text, ${at}::timestamptz, null::int, null::jsonb, null::text from c
    union all
    select id, ${caller.schoolId}::int, message_count - 1, 'assistant', ${turn.answer}::text, now(), ${turn.responseTimeMs}::int, ${JSON.stringify(turn.sources)}::jsonb, ${turn.model}::text from c
    returning conversation_id, position`);
  const list = resultRows<{ conversation_id: number; position: number }>(rows);
  const answer = list.reduce((a, b) => (Number(b.position) > Number(a.position) ? b : a));
  return { conversationId: Number(answer.conversation_id), messageIndex: Number(answer.position) };
}

/** The lead fields gathered so far in this session, and the lead it became, if any. */
export async function sessionLeadState(caller: WidgetCaller, sessionId: string): Promise<{ leadData: Record<string, unknown>; leadId: number | null } | null> {
  if (!caller.logging) return null;
  const db = await getDb();
  const [row] = await db.select({ leadData: conversations.leadData, leadId: conversations.leadId }).from(conversations).where(sessionMatch(caller, sessionId)).limit(1);
  return row ?? null;
}
