import 'server-only';
import { generateText, Output, type LanguageModel } from 'ai';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { getDb, resultRows, type Tx } from '@/db/client';
import type { ConversationStatus } from '@/db/schema';
import { configuredModel } from '@/lib/ai/providers';
import { SENTIMENT_KEYS, TOPIC_KEYS, type Sentiment, type TopicScore } from './categories';
import { classifyLocal } from './classify';
import { conversationTopics, engagementScore, keyPoints, overallSentiment } from './engagement';
import { rerollAnalysedDays } from './rollup';
import { logError } from '@/lib/system/log';

// The conversation_turn_analysis task. Per school, the visitor messages not analysed yet
// (the partial index conversation_messages_unanalyzed_idx) are classified in batches — by the
// configured model with structured output, or by the local classifier in embedded mode — and each
// touched conversation's overall sentiment, topics, engagement score and key points are refreshed.
// A message is analysed once; a failed one keeps analyzed_at empty, counts in analysis_failures and
// is retried on the next run (up to MAX_FAILURES runs).

/** Visitor messages read and written per statement. */
const DB_BATCH = 2000;
/** Messages per model request. */
const MODEL_BATCH = 20;
/** After this many failed runs a message is left alone (a model that always refuses it would be paid for every 15 minutes). */
export const MAX_FAILURES = 5;

export type TurnAnalysisSummary = {
  schools_processed: number;
  total_schools_found: number;
  total_messages_processed: number;
  total_messages_failed: number;
  processing_rate_msgs_per_sec: number;
  school_results: { school_id: number; processed: number; failed: number }[];
};

type Pending = { id: number; conversation_id: number; content: string };
type Analysis = { id: number; sentiment: Sentiment; topics: TopicScore[] };

// ---- the model path -------------------------------------------------------------------------------

/** What the model is asked for: lenient, so one bad item fails only its own message. */
const modelAnswer = z.object({
  results: z.array(
    z.object({
      id: z.number(),
      topics: z.array(z.object({ category: z.string(), confidence: z.number() })),
      sentiment: z.string(),
    }),
  ),
});
/** One message's analysis as stored: known categories and sentiments, confidences 0–1. */
const storedAnalysis = z.object({
  id: z.number().int(),
  topics: z.array(z.object({ category: z.enum(TOPIC_KEYS), confidence: z.number().min(0).max(1) })).min(1).max(TOPIC_KEYS.length),
  sentiment: z.enum(SENTIMENT_KEYS),
});

const SYSTEM = `You classify messages that prospective students wrote to a school's admissions assistant.
For each message give its topics (one or more of: ${TOPIC_KEYS.join(', ')}), each with a confidence between 0 and 1,
and its sentiment (${SENTIMENT_KEYS.join(', ')}). Use casual_chat for greetings and thanks, unclear when the message is about nothing recognisable.
Messages may be written in any language (Spanish, Chinese, Vietnamese, Korean, Arabic, French, Portuguese…): classify each by its meaning whatever its language, with the same English category names.
Answer for every message, with the message's id.`;

/** Classifies a batch with the model; messages without a valid answer are left out (counted as failed). */
async function classifyWithModel(model: LanguageModel, batch: Pending[]): Promise<Analysis[]> {
  try {
    const { output } = await generateText({
      model,
      system: SYSTEM,
      prompt: JSON.stringify(batch.map((m) => ({ id: m.id, message: m.content.slice(0, 2000) }))),
      output: Output.object({ schema: modelAnswer }),
      temperature: 0,
      maxRetries: 1,
      abortSignal: AbortSignal.timeout(60_000),
    });
    const asked = new Set(batch.map((m) => m.id));
    const out = new Map<number, Analysis>();
    for (const item of output.results) {
      const parsed = storedAnalysis.safeParse(item);
      if (parsed.success && asked.has(parsed.data.id)) out.set(parsed.data.id, parsed.data);
    }
    return [...out.values()];
  } catch (err) {
    // Garbage, a refusal or an unreachable server: the whole batch is retried next run.
    console.warn(`[turn-analysis] model batch of ${batch.length} failed:`, err instanceof Error ? err.message : err);
    return [];
  }
}

async function classify(model: LanguageModel | null, batch: Pending[]): Promise<Analysis[]> {
  if (!model) return batch.map((m) => ({ id: m.id, ...classifyLocal(m.content) }));
  const out: Analysis[] = [];
  for (let i = 0; i < batch.length; i += MODEL_BATCH) out.push(...(await classifyWithModel(model, batch.slice(i, i + MODEL_BATCH))));
  return out;
}

// ---- the task -------------------------------------------------------------------------------------

/** Schools with visitor messages waiting (read over the partial index). */
async function schoolsWithPending(): Promise<number[]> {
  const db = await getDb();
  const rows = resultRows<{ id: number }>(
    await db.execute(sql`
      select s.id from schools s
      where exists (select 1 from conversation_messages m where m.school_id = s.id and m.role = 'user' and m.analyzed_at is null and m.analysis_failures < ${MAX_FAILURES})
      order by s.id`),
  );
  return rows.map((r) => Number(r.id));
}

/** Writes analyses and failures of one batch, then refreshes the touched conversations. */
async function store(schoolId: number, batch: Pending[], analyses: Analysis[]): Promise<void> {
  const db = await getDb();
  const done = new Set(analyses.map((a) => a.id));
  const failed = batch.filter((m) => !done.has(m.id)).map((m) => m.id);
  await db.transaction(async (tx) => {
    if (analyses.length > 0) {
      await tx.execute(sql`
        update conversation_messages m set sentiment = v.sentiment, topics = v.topics, analyzed_at = now()
        from jsonb_to_recordset(${JSON.stringify(analyses)}::jsonb) as v(id int, sentiment text, topics jsonb)
        where m.id = v.id and m.school_id = ${schoolId} and m.analyzed_at is null`);
    }
    if (failed.length > 0) {
      await tx.execute(sql`
        update conversation_messages set analysis_failures = least(analysis_failures + 1, 32767)
        where school_id = ${schoolId} and id in (select (jsonb_array_elements_text(${JSON.stringify(failed)}::jsonb))::int)`);
    }
    const touched = [...new Set(batch.filter((m) => done.has(m.id)).map((m) => m.conversation_id))];
    if (touched.length > 0) await refreshConversations(tx, schoolId, touched);
    // Messages of a day already rolled up (analysed after midnight): that day's topic counts follow.
    await rerollAnalysedDays(tx, schoolId, [...done]);
  });
}


/** Recomputes overall_sentiment, topics, engagement_score and key_points of the given conversations. */
async function refreshConversations(tx: Tx, schoolId: number, ids: number[]): Promise<void> {
  const idsJson = JSON.stringify(ids);
  const convs = resultRows<{ id: number; status: ConversationStatus; started_at: Date | string; ended_at: Date | string }>(
    await tx.execute(sql`
      select id, status, started_at, ended_at from conversations
      where school_id = ${schoolId} and id in (select (jsonb_array_elements_text(${idsJson}::jsonb))::int)`),
  );
  const msgs = resultRows<{ conversation_id: number; content: string; sentiment: Sentiment | null; topics: TopicScore[] | string | null }>(
    await tx.execute(sql`
      select conversation_id, content, sentiment, topics from conversation_messages
      where school_id = ${schoolId} and role = 'user' and conversation_id in (select (jsonb_array_elements_text(${idsJson}::jsonb))::int)
      order by conversation_id, position`),
  );
  const byConv = new Map<number, typeof msgs>();
  for (const m of msgs) {
    const k = Number(m.conversation_id);
    const list = byConv.get(k) ?? [];
    list.push(m);
    byConv.set(k, list);
  }
  const time = (v: Date | string) => (v instanceof Date ? v : new Date(v)).getTime();
  const rows = convs.map((c) => {
    const visitor = byConv.get(Number(c.id)) ?? [];
    const analysed = visitor.filter((m) => m.sentiment !== null);
    const topics = analysed.map((m) => (typeof m.topics === 'string' ? (JSON.parse(m.topics) as TopicScore[]) : (m.topics ?? [])));
    return {
      id: Number(c.id),
      overall_sentiment: overallSentiment(analysed.map((m) => m.sentiment!)),
      topics: conversationTopics(topics),
      engagement_score: engagementScore(c.status, visitor.length, time(c.ended_at) - time(c.started_at)),
      key_points: keyPoints(visitor.map((m) => m.content)),
    };
  });
  if (rows.length === 0) return;
  await tx.execute(sql`
    update conversations c set overall_sentiment = v.overall_sentiment, topics = v.topics, engagement_score = v.engagement_score,
      key_points = v.key_points, analyzed_at = now()
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v(id int, overall_sentiment text, topics jsonb, engagement_score real, key_points jsonb)
    where c.id = v.id and c.school_id = ${schoolId}`);
}

/**
 * One run of conversation_turn_analysis. Test chats are analysed too (staff read their sentiment in
 * the Logs detail); the analytics queries leave them out by source.
 */
export async function analyzeConversationTurns(opts: { model?: LanguageModel | null } = {}): Promise<TurnAnalysisSummary> {
  const model = opts.model === undefined ? configuredModel() : opts.model;
  const db = await getDb();
  const t0 = performance.now();
  const schools = await schoolsWithPending();
  const results: TurnAnalysisSummary['school_results'] = [];
  for (const schoolId of schools) {
    let processed = 0;
    let failed = 0;
    // Walk the queue by id: a message that fails in this run is not asked again until the next one.
    let after = 0;
    try {
      for (;;) {
        const batch = resultRows<Pending>(
          await db.execute(sql`
            select id, conversation_id, content from conversation_messages
            where school_id = ${schoolId} and role = 'user' and analyzed_at is null and analysis_failures < ${MAX_FAILURES} and id > ${after}
            order by id limit ${DB_BATCH}`),
        ).map((m) => ({ id: Number(m.id), conversation_id: Number(m.conversation_id), content: m.content }));
        if (batch.length === 0) break;
        after = batch[batch.length - 1]!.id;
        const analyses = await classify(model, batch);
        await store(schoolId, batch, analyses);
        processed += analyses.length;
        failed += batch.length - analyses.length;
        if (batch.length < DB_BATCH) break;
      }
    } catch (err) {
      // One school's database trouble does not stop the others; it is not counted as processed.
      console.error(`[turn-analysis] school ${schoolId}: ${logError(err)}`);
      continue;
    }
    results.push({ school_id: schoolId, processed, failed });
  }
  const seconds = (performance.now() - t0) / 1000;
  const total = results.reduce((a, r) => a + r.processed, 0);
  return {
    schools_processed: results.length,
    total_schools_found: schools.length,
    total_messages_processed: total,
    total_messages_failed: results.reduce((a, r) => a + r.failed, 0),
    processing_rate_msgs_per_sec: seconds > 0 ? Math.round((total / seconds) * 10) / 10 : 0,
    school_results: results,
  };
}
