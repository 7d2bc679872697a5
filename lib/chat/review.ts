import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversationMessages, conversations, type ConversationSource } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { notFound } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';

// Staff read the conversations their school's widget had (spec 002 §3.7, §3.8, §7.5).

// Written with table names: drizzle leaves a single-table select's columns unqualified, which a
// correlated subquery would read as its own.
const thumbs = (rating: 1 | -1) =>
  sql<number>`(select count(*)::int from conversation_messages m where m.conversation_id = conversations.id and m.user_feedback_rating = ${sql.raw(String(rating))})`;

/** GET /conversations/: newest first. */
export async function listConversations(ctx: AuthContext, q: { limit: number; offset: number; source?: ConversationSource }) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const rows = await db
    .select({
      id: conversations.id,
      session_id: conversations.sessionId,
      source: conversations.source,
      status: conversations.status,
      started_at: conversations.startedAt,
      ended_at: conversations.endedAt,
      message_count: conversations.messageCount,
      widget_opened_at: conversations.widgetOpenedAt,
      lead_id: conversations.leadId,
      user_thumbs_up_count: thumbs(1),
      user_thumbs_down_count: thumbs(-1),
    })
    .from(conversations)
    .where(and(eq(conversations.schoolId, schoolId), q.source ? eq(conversations.source, q.source) : undefined))
    .orderBy(desc(conversations.startedAt), desc(conversations.id))
    .limit(q.limit)
    .offset(q.offset);
  // Staff ratings arrive with the review issue; until then every conversation has none.
  return rows.map((r) => ({ ...r, excellent_ratings_count: 0, poor_ratings_count: 0 }));
}

/** GET /conversations/{id}: another school's conversation answers 404 like a missing one. */
export async function getConversation(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [c] = await db.select().from(conversations).where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId))).limit(1);
  if (!c) throw notFound('Conversation not found');
  const messages = await db.select().from(conversationMessages).where(eq(conversationMessages.conversationId, c.id)).orderBy(asc(conversationMessages.position));
  return {
    conversation_id: c.id,
    session_id: c.sessionId,
    source: c.source,
    status: c.status,
    created_at: c.startedAt,
    ended_at: c.endedAt,
    widget_opened_at: c.widgetOpenedAt,
    lead_id: c.leadId,
    lead_submitted: c.leadId !== null,
    excellent_count: 0,
    poor_count: 0,
    overall_sentiment: null,
    engagement_score: null,
    key_points: [],
    conversation_topics: [],
    messages: messages.map((m) => ({
      message_index: m.position,
      role: m.role,
      content: m.content,
      timestamp: m.createdAt,
      user_feedback_rating: m.userFeedbackRating,
      response_time_ms: m.responseTimeMs,
      sources: m.sources ?? [],
    })),
  };
}
