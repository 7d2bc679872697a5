import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversationMessages, conversations } from '@/db/schema';
import { notFound } from '@/lib/http/errors';
import { sourceOf, type WidgetCaller } from '@/lib/widget/access';
import type { WidgetEventInput } from '@/lib/chat/schema';

// What a widget session leaves behind, written only while the school's logging is on: its page
// events and thumbs, and the lead details gathered so far. The client address is stored as the keyed
// hash the rate limits use. Its messages are written by the conversation log (./log.ts).

const sessionMatch = (caller: WidgetCaller, sessionId: string) => and(eq(conversations.schoolId, caller.schoolId), eq(conversations.sessionId, sessionId));

/** widget_loaded / widget_opened / conversation_engaged move the session forward, never back; thumbs mark an answer. */
export async function recordWidgetEvent(caller: WidgetCaller, input: WidgetEventInput): Promise<void> {
  if (!caller.logging) return;
  const db = await getDb();
  // A row the page events make is nobody's yet: the visitor's first message claims it (lib/widget/visitor-token.ts).
  const base = { schoolId: caller.schoolId, sessionId: input.session_id, source: sourceOf(caller), clientHash: caller.clientHash, visitorTokenAt: null };
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


/** The lead fields gathered so far in this session, and the lead it became, if any. */
export async function sessionLeadState(caller: WidgetCaller, sessionId: string): Promise<{ leadData: Record<string, unknown>; leadId: number | null } | null> {
  if (!caller.logging) return null;
  const db = await getDb();
  const [row] = await db.select({ leadData: conversations.leadData, leadId: conversations.leadId }).from(conversations).where(sessionMatch(caller, sessionId)).limit(1);
  return row ?? null;
}
