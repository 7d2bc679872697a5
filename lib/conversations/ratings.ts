import 'server-only';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { isUniqueViolation } from '@/db/faults';
import { conversationMessages, conversationRatings, conversations } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { conflict, notFound, validationError } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';
import { RATING_CATEGORY_VALUES, RATING_VALUES, type RatingCreateInput, type RatingStatsQuery, type RatingUpdateInput, type TrainingDataQuery } from './rating-schema';

// Staff rate the assistant's answers in the logs viewer. One rating
// per assistant message: a second rating of the same message answers 409 (edit it instead).

type RatingRow = typeof conversationRatings.$inferSelect;

export type RatingObject = {
  id: number;
  conversation_id: number;
  message_index: number;
  rating: RatingRow['rating'];
  admin_notes: string;
  category: RatingRow['category'];
  context_turns: number;
  created_at: Date;
  updated_at: Date;
};

export const RATING_NOT_FOUND = 'Rating not found';
export const ALREADY_RATED = 'This message is already rated; edit or delete its rating';

export function toRatingObject(r: RatingRow): RatingObject {
  return {
    id: r.id,
    conversation_id: r.conversationId,
    message_index: r.messageIndex,
    rating: r.rating,
    admin_notes: r.adminNotes,
    category: r.category ?? null,
    context_turns: r.contextTurns,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  };
}

const indexIssue = (msg: string) => validationError([{ loc: ['body', 'message_index'], msg, type: 'value_error' }]);

/** POST /conversation-ratings/: only an assistant message of one of the caller's school's conversations. */
export async function createRating(ctx: AuthContext, input: RatingCreateInput): Promise<RatingObject> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [c] = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.id, input.conversation_id), eq(conversations.schoolId, schoolId)))
    .limit(1);
  if (!c) throw notFound('Conversation not found');
  const [m] = await db
    .select({ role: conversationMessages.role })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.conversationId, c.id), eq(conversationMessages.position, input.message_index)))
    .limit(1);
  if (!m) throw indexIssue('Message index out of range');
  if (m.role !== 'assistant') throw indexIssue('Only assistant messages can be rated');
  const [existing] = await db
    .select({ id: conversationRatings.id })
    .from(conversationRatings)
    .where(and(eq(conversationRatings.conversationId, c.id), eq(conversationRatings.messageIndex, input.message_index)))
    .limit(1);
  if (existing) throw conflict(ALREADY_RATED);
  const [row] = await db
    .insert(conversationRatings)
    .values({
      schoolId,
      conversationId: c.id,
      messageIndex: input.message_index,
      rating: input.rating,
      adminNotes: input.admin_notes,
      category: input.category ?? null,
      contextTurns: input.context_turns,
      ratedBy: ctx.user.id,
    })
    .returning()
    .catch((err: unknown) => {
      // Two staff rating the same answer at once: the unique index decides, for actions too.
      throw isUniqueViolation(err) ? conflict(ALREADY_RATED) : err;
    });
  return toRatingObject(row!);
}

/** PUT /conversation-ratings/{id}: another school's rating answers 404 like a missing one. */
export async function updateRating(ctx: AuthContext, id: number, input: RatingUpdateInput): Promise<RatingObject> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const set: Partial<typeof conversationRatings.$inferInsert> = { updatedAt: new Date(), ratedBy: ctx.user.id };
  if (input.rating !== undefined) set.rating = input.rating;
  if (input.admin_notes !== undefined) set.adminNotes = input.admin_notes;
  if (input.category !== undefined) set.category = input.category;
  if (input.context_turns !== undefined) set.contextTurns = input.context_turns;
  const [row] = await db
    .update(conversationRatings)
    .set(set)
    .where(and(eq(conversationRatings.id, id), eq(conversationRatings.schoolId, schoolId)))
    .returning();
  if (!row) throw notFound(RATING_NOT_FOUND);
  return toRatingObject(row);
}

/** DELETE /conversation-ratings/{id}. A correction made from it stays (its rating_id becomes null). */
export async function deleteRating(ctx: AuthContext, id: number): Promise<{ message: string }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const rows = await db
    .delete(conversationRatings)
    .where(and(eq(conversationRatings.id, id), eq(conversationRatings.schoolId, schoolId)))
    .returning({ id: conversationRatings.id });
  if (rows.length === 0) throw notFound(RATING_NOT_FOUND);
  return { message: 'Rating deleted' };
}

// ---- Stats (GET /conversation-ratings/stats) ----

const DAY_MS = 86_400_000;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export type RatingStats = {
  from_date: string;
  to_date: string;
  total: number;
  by_rating: Record<(typeof RATING_VALUES)[number], number>;
  /** Ratings without a category count under `uncategorized`. */
  by_category: Record<(typeof RATING_CATEGORY_VALUES)[number] | 'uncategorized', number>;
  /** Every day of the range (UTC), oldest first, zeros included. */
  per_day: { date: string; excellent: number; poor: number; total: number }[];
};

/**
 * Ratings made in a range of days (UTC, both ends included): from_date–to_date when given (either
 * alone runs to/from today or the first day `days` covers), else the last `days` days up to today.
 */
export async function ratingStats(ctx: AuthContext, query: RatingStatsQuery): Promise<RatingStats> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const today = isoDay(new Date());
  const to = query.to_date ?? today;
  const from = query.from_date ?? isoDay(new Date(Date.parse(`${to}T00:00:00Z`) - (query.days - 1) * DAY_MS));
  if (from > to) throw validationError([{ loc: ['query', 'from_date'], msg: 'From date cannot be after to date', type: 'value_error' }]);
  const rows = resultRows<{ day: string; rating: (typeof RATING_VALUES)[number]; category: string | null; n: number }>(
    await db.execute(sql`
      select to_char((created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, rating, category, count(*)::int as n
      from conversation_ratings
      where school_id = ${schoolId}
        and created_at >= ${`${from}T00:00:00Z`}::timestamptz
        and created_at < ${`${to}T00:00:00Z`}::timestamptz + interval '1 day'
      group by 1, 2, 3`),
  );
  const by_rating = { excellent: 0, poor: 0 };
  const by_category = { accuracy: 0, tone: 0, helpfulness: 0, lead_capture: 0, other: 0, uncategorized: 0 };
  const days = new Map<string, { excellent: number; poor: number }>();
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += DAY_MS) days.set(isoDay(new Date(t)), { excellent: 0, poor: 0 });
  let total = 0;
  for (const r of rows) {
    const n = Number(r.n);
    total += n;
    by_rating[r.rating] += n;
    const cat = (r.category ?? 'uncategorized') as keyof typeof by_category;
    if (cat in by_category) by_category[cat] += n;
    const d = days.get(r.day);
    if (d) d[r.rating] += n;
  }
  return {
    from_date: from,
    to_date: to,
    total,
    by_rating,
    by_category,
    per_day: [...days].map(([date, d]) => ({ date, excellent: d.excellent, poor: d.poor, total: d.excellent + d.poor })),
  };
}

// ---- Training data (GET /conversation-ratings/training-data) ----

export type ChatTurn = { role: 'user' | 'assistant'; content: string };
export type TrainingRecord = {
  messages: ChatTurn[];
  rating: (typeof RATING_VALUES)[number];
  category: string | null;
  admin_notes: string;
  conversation_id: number;
  message_index: number;
  context_turns: number;
  rating_id: number;
};

/**
 * The chat-message context of a rated answer: the question it answers and the `contextTurns`
 * question-and-answer pairs before it, then the rated answer itself. A pair starts at a visitor
 * message (consecutive visitor messages are one question); system messages are left out; with fewer
 * earlier pairs than asked, the context starts at the visitor's first message.
 */
export function ratedTurnContext(messages: { position: number; role: string; content: string }[], ratedIndex: number, contextTurns: number): ChatTurn[] {
  const sorted = [...messages].sort((a, b) => a.position - b.position);
  const rated = sorted.find((m) => m.position === ratedIndex);
  if (!rated) return [];
  const before = sorted.filter((m) => m.position < ratedIndex && (m.role === 'user' || m.role === 'assistant'));
  const starts: number[] = [];
  before.forEach((m, i) => {
    if (m.role === 'user' && (i === 0 || before[i - 1]!.role !== 'user')) starts.push(i);
  });
  const from = starts.length === 0 ? before.length : starts[Math.max(0, starts.length - (contextTurns + 1))]!;
  return [...before.slice(from), rated].map((m) => ({ role: m.role as ChatTurn['role'], content: m.content }));
}

const TRAINING_BATCH = 500;

/** Every rated assistant turn of the school, oldest rating first, read in batches (keyset on the rating id). */
export async function* trainingData(ctx: AuthContext, query: Pick<TrainingDataQuery, 'rating' | 'category'>): AsyncGenerator<TrainingRecord> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  let after = 0;
  for (;;) {
    const ratings = await db
      .select()
      .from(conversationRatings)
      .where(
        and(
          eq(conversationRatings.schoolId, schoolId),
          gt(conversationRatings.id, after),
          query.rating ? eq(conversationRatings.rating, query.rating) : undefined,
          query.category ? eq(conversationRatings.category, query.category) : undefined,
        ),
      )
      .orderBy(asc(conversationRatings.id))
      .limit(TRAINING_BATCH);
    if (ratings.length === 0) return;
    after = ratings[ratings.length - 1]!.id;
    const ids = [...new Set(ratings.map((r) => r.conversationId))];
    const messages = await db
      .select({ conversationId: conversationMessages.conversationId, position: conversationMessages.position, role: conversationMessages.role, content: conversationMessages.content })
      .from(conversationMessages)
      .where(and(eq(conversationMessages.schoolId, schoolId), inArray(conversationMessages.conversationId, ids)));
    const byConversation = new Map<number, typeof messages>();
    for (const m of messages) {
      const list = byConversation.get(m.conversationId) ?? [];
      list.push(m);
      byConversation.set(m.conversationId, list);
    }
    for (const r of ratings) {
      const turns = ratedTurnContext(byConversation.get(r.conversationId) ?? [], r.messageIndex, r.contextTurns);
      if (turns.length === 0) continue;
      yield {
        messages: turns,
        rating: r.rating,
        category: r.category ?? null,
        admin_notes: r.adminNotes,
        conversation_id: r.conversationId,
        message_index: r.messageIndex,
        context_turns: r.contextTurns,
        rating_id: r.id,
      };
    }
    if (ratings.length < TRAINING_BATCH) return;
  }
}

/** The route's answer: JSONL streamed one record per line as it is read, or one JSON array. */
export async function trainingDataResponse(ctx: AuthContext, query: TrainingDataQuery): Promise<Response> {
  const records = trainingData(ctx, query);
  const stamp = isoDay(new Date());
  if (query.format === 'json') {
    const all: TrainingRecord[] = [];
    for await (const r of records) all.push(r);
    return Response.json(all, { headers: { 'content-disposition': `attachment; filename="training-data-${stamp}.json"` } });
  }
  // The first batch is read before answering, so a failure there still answers {detail}.
  const first = await records.next();
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      if (first.done) controller.close();
      else controller.enqueue(encoder.encode(`${JSON.stringify(first.value)}\n`));
    },
    async pull(controller) {
      if (first.done) return;
      try {
        const next = await records.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(`${JSON.stringify(next.value)}\n`));
      } catch (err) {
        controller.error(err);
      }
    },
    async cancel() {
      await records.return(undefined);
    },
  });
  return new Response(stream, {
    headers: { 'content-type': 'application/x-ndjson; charset=utf-8', 'content-disposition': `attachment; filename="training-data-${stamp}.jsonl"`, 'cache-control': 'no-store' },
  });
}
