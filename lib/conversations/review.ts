import 'server-only';
import { and, asc, eq, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { conversationMessages, conversationRatings, conversations, type ConversationSource, type ConversationStatus, type Rating, type RatingCategory } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { notFound } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';
import { TOPIC_CATEGORIES } from '@/lib/analytics/categories';
import { engagementScore, keyPoints } from '@/lib/analytics/engagement';
import { conversationReference } from './reference';
import { visitorName, type VisitorDetails } from './visitor-name';

// Staff read the conversations their school's widget had. `session_id` in what they read is the
// conversation's reference (lib/conversations/reference.ts), never the widget's session id.

export type ConversationListItem = {
  id: number;
  /** The conversation's reference ("c-" and 20 hex digits), not the widget's session id. */
  session_id: string;
  source: ConversationSource;
  status: ConversationStatus;
  started_at: Date;
  ended_at: Date;
  message_count: number;
  widget_opened_at: Date | null;
  lead_id: number | null;
  /** The visitor's language (ISO 639-1, null before their first message) and when they asked for a person. */
  language: string | null;
  handoff_at: Date | null;
  /** A person of the school joined it (live chat). */
  human_handled: boolean;
  excellent_ratings_count: number;
  poor_ratings_count: number;
  user_thumbs_up_count: number;
  user_thumbs_down_count: number;
};

/**
 * GET /conversations/: newest first. One statement: the page of conversations, then the visitor's
 * thumbs and the staff ratings counted for that page only (grouped, joined back), never per row.
 */
export async function listConversations(ctx: AuthContext, q: { limit: number; offset: number; source?: ConversationSource }): Promise<ConversationListItem[]> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  // The planner cannot see that each grouped count has one row per conversation, so it guesses
  // millions of rows and compiles the statement with JIT: ~200 ms of a ~40 ms query. Off for it alone.
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    return tx.execute(sql`
      with page as (
        select id, session_id, source, status, started_at, ended_at, message_count, widget_opened_at, lead_id, language, handoff_at, live_joined_at is not null as human_handled
        from conversations
        where school_id = ${schoolId} ${q.source ? sql`and source = ${q.source}` : sql``}
        order by started_at desc, id desc
        limit ${q.limit} offset ${q.offset}
      ),
      thumbs as (
        select m.conversation_id,
          count(*) filter (where m.user_feedback_rating = 1)::int as up,
          count(*) filter (where m.user_feedback_rating = -1)::int as down
        from conversation_messages m
        where m.conversation_id in (select id from page) and m.user_feedback_rating is not null
        group by m.conversation_id
      ),
      ratings as (
        select r.conversation_id,
          count(*) filter (where r.rating = 'excellent')::int as excellent,
          count(*) filter (where r.rating = 'poor')::int as poor
        from conversation_ratings r
        where r.conversation_id in (select id from page)
        group by r.conversation_id
      )
      select page.id, page.session_id, page.source, page.status, page.started_at, page.ended_at, page.message_count, page.widget_opened_at, page.lead_id, page.language, page.handoff_at, page.human_handled,
        coalesce(ratings.excellent, 0) as excellent_ratings_count, coalesce(ratings.poor, 0) as poor_ratings_count,
        coalesce(thumbs.up, 0) as user_thumbs_up_count, coalesce(thumbs.down, 0) as user_thumbs_down_count
      from page
      left join thumbs on thumbs.conversation_id = page.id
      left join ratings on ratings.conversation_id = page.id
      order by page.started_at desc, page.id desc`);
  });
  const rows = resultRows<ConversationListItem & { started_at: Date | string; ended_at: Date | string; widget_opened_at: Date | string | null; handoff_at: Date | string | null }>(result);
  const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
  return rows.map((r) => ({
    id: Number(r.id),
    session_id: conversationReference(r.session_id),
    source: r.source,
    status: r.status,
    started_at: date(r.started_at),
    ended_at: date(r.ended_at),
    message_count: Number(r.message_count),
    widget_opened_at: r.widget_opened_at === null ? null : date(r.widget_opened_at),
    lead_id: r.lead_id === null ? null : Number(r.lead_id),
    language: r.language ?? null,
    handoff_at: r.handoff_at === null || r.handoff_at === undefined ? null : date(r.handoff_at),
    human_handled: r.human_handled === true,
    excellent_ratings_count: Number(r.excellent_ratings_count),
    poor_ratings_count: Number(r.poor_ratings_count),
    user_thumbs_up_count: Number(r.user_thumbs_up_count),
    user_thumbs_down_count: Number(r.user_thumbs_down_count),
  }));
}

/** The ids as one int[] literal: a statement of any length binds it as a single value. */
const idArray = (ids: number[]) => sql.raw(`'{${ids.map((id) => Math.trunc(Number(id))).join(',')}}'::int[]`);

// The engagement rule and key points moved to lib/analytics/engagement.ts (the analysis task stores them).
/**
 * The visitor's first question (its first 300 characters) of each of the school's conversations
 * given, for the Logs tab's search and table beside GET /conversations/'s answer.
 */
export async function firstQuestions(ctx: AuthContext, ids: number[]): Promise<Map<number, string>> {
  const schoolId = requireSchoolId(ctx);
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const list = idArray(ids);
  const rows = resultRows<{ conversation_id: number; content: string }>(
    await db.execute(sql`
      select distinct on (m.conversation_id) m.conversation_id, left(m.content, 300) as content
      from conversation_messages m
      where m.school_id = ${schoolId} and m.conversation_id = any(${list}) and m.role = 'user'
      order by m.conversation_id, m.position`),
  );
  return new Map(rows.map((r) => [Number(r.conversation_id), r.content]));
}

/**
 * What each of the school's conversations given knows of its visitor: the lead's name and contact
 * when one was saved, else the details the chat read (conversations.lead_data).
 */
export async function visitorDetails(ctx: AuthContext, ids: number[]): Promise<Map<number, VisitorDetails>> {
  const schoolId = requireSchoolId(ctx);
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const list = idArray(ids);
  const rows = resultRows<{ id: number; lead: VisitorDetails | null; said: VisitorDetails | null }>(
    await db.execute(sql`
      select c.id,
        case when l.id is null then null else json_build_object('first_name', l.first_name, 'last_name', l.last_name, 'preferred_name', l.preferred_name, 'email', l.email, 'phone', l.phone) end as lead,
        c.lead_data as said
      from conversations c
      left join leads l on l.id = c.lead_id and l.school_id = c.school_id
      where c.school_id = ${schoolId} and c.id = any(${list}) and (l.id is not null or c.lead_data <> '{}'::jsonb)`),
  );
  const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v) as VisitorDetails | null;
  return new Map(rows.map((r) => [Number(r.id), { ...parse(r.said), ...Object.fromEntries(Object.entries(parse(r.lead) ?? {}).filter(([, v]) => v)) }]));
}

/**
 * The Logs tab's list: up to 10000 conversations at once, optionally of one source, each with its
 * first question (the tab's search and table) and its visitor named by what they gave.
 */
export async function logsConversations(ctx: AuthContext, q: { source?: ConversationSource }) {
  const rows = await listConversations(ctx, { limit: 10000, offset: 0, source: q.source });
  const ids = rows.map((r) => r.id);
  const [questions, visitors] = await Promise.all([firstQuestions(ctx, ids), visitorDetails(ctx, ids)]);
  return rows.map((r) => ({ ...r, first_question: questions.get(r.id) ?? null, visitor: visitorName(visitors.get(r.id), r.session_id) }));
}

export { engagementScore, KEY_POINTS } from '@/lib/analytics/engagement';

const TOPIC_NAMES = new Map<string, string>(TOPIC_CATEGORIES.map((c) => [c.key, c.name]));

/** GET /conversations/{id}: another school's conversation answers 404 like a missing one. */
export async function getConversation(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [c] = await db.select().from(conversations).where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId))).limit(1);
  if (!c) throw notFound('Conversation not found');
  const messages = await db
    .select({
      position: conversationMessages.position,
      role: conversationMessages.role,
      content: conversationMessages.content,
      authorName: conversationMessages.authorName,
      createdAt: conversationMessages.createdAt,
      userFeedbackRating: conversationMessages.userFeedbackRating,
      responseTimeMs: conversationMessages.responseTimeMs,
      sources: conversationMessages.sources,
      sentiment: conversationMessages.sentiment,
      topics: conversationMessages.topics,
      ratingId: conversationRatings.id,
      rating: conversationRatings.rating,
      ratingNotes: conversationRatings.adminNotes,
      ratingCategory: conversationRatings.category,
      contextTurns: conversationRatings.contextTurns,
    })
    .from(conversationMessages)
    .leftJoin(conversationRatings, and(eq(conversationRatings.conversationId, conversationMessages.conversationId), eq(conversationRatings.messageIndex, conversationMessages.position)))
    .where(and(eq(conversationMessages.conversationId, c.id), eq(conversationMessages.schoolId, schoolId)))
    .orderBy(asc(conversationMessages.position));
  const visitor = messages.filter((m) => m.role === 'user');
  const excellent = messages.filter((m) => m.rating === 'excellent').length;
  const poor = messages.filter((m) => m.rating === 'poor').length;
  return {
    conversation_id: c.id,
    session_id: conversationReference(c.sessionId),
    source: c.source,
    status: c.status,
    created_at: c.startedAt,
    ended_at: c.endedAt,
    widget_opened_at: c.widgetOpenedAt,
    message_count: c.messageCount,
    duration_seconds: Math.max(0, Math.round((c.endedAt.getTime() - c.startedAt.getTime()) / 1000)),
    lead_id: c.leadId,
    lead_submitted: c.leadId !== null,
    excellent_count: excellent,
    poor_count: poor,
    user_thumbs_up_count: messages.filter((m) => m.userFeedbackRating === 1).length,
    user_thumbs_down_count: messages.filter((m) => m.userFeedbackRating === -1).length,
    // The stored turn analysis when the task has run, else what can be computed now.
    overall_sentiment: c.overallSentiment ?? null,
    engagement_score: c.engagementScore ?? engagementScore(c.status, visitor.length, c.endedAt.getTime() - c.startedAt.getTime()),
    key_points: c.keyPoints ?? keyPoints(visitor.map((m) => m.content)),
    conversation_topics: c.topics ?? [],
    /** A person of the school took part (live chat). */
    human_handled: c.liveJoinedAt !== null,
    messages: messages.map((m) => ({
      message_index: m.position,
      role: m.role,
      content: m.content,
      /** Staff messages: the first name the visitor saw. */
      author: m.role === 'staff' ? (m.authorName ?? 'Staff') : null,
      timestamp: m.createdAt,
      user_feedback_rating: m.userFeedbackRating,
      response_time_ms: m.responseTimeMs,
      sources: m.sources ?? [],
      rating: (m.rating ?? null) as Rating | null,
      rating_id: m.ratingId ?? null,
      rating_notes: m.ratingNotes ?? null,
      rating_category: (m.ratingCategory ?? null) as RatingCategory | null,
      rating_context_turns: m.contextTurns ?? null,
      sentiment: m.sentiment ?? null,
      // The friendly names of the message's topics, strongest first.
      topics: (m.topics ?? []).map((t) => TOPIC_NAMES.get(t.category) ?? t.category),
    })),
  };
}
