import 'server-only';
import { count, eq, min, sql, sum } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { blobs, chatbotSettings, conversationMessages, conversations, leads } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { requireSchoolId } from '@/lib/tenancy';
import { CHATBOT_DEFAULTS, chatbotSettingsStore } from '@/lib/widget/settings';

// Conversations are kept for the school's retention period, counted from when they
// started. Expired ones go with their messages (and so their thumbs ratings); widget events live on
// the conversation row itself; any later table hanging off a conversation cascades with it. Leads
// are the school's records: they stay, and lose their link (session_id) to the deleted conversation.
//
// Deleting is done in batches of at most `RETENTION_BATCH` conversations, one statement (and so one
// short transaction) per batch, oldest first, so a year of history never holds locks long enough to
// block chat traffic, and a run that is stopped half-way has still deleted whole conversations.
// Between batches the run rests as long as the batch took (`RETENTION_REST`), so it takes at most
// about half of the database's time while visitors chat (bench/retention.ts measures both).

export const RETENTION_BATCH = 2000;
export const RETENTION_REST = 1;

export type RetentionCounts = { deleted_conversations: number; deleted_messages: number };
export type SchoolRetention = RetentionCounts & { school_id: number };
/**
 * `batchSize` conversations per statement; after each full batch, rest `rest` times as long as it
 * took (0: no rest); `beforeBatch` is awaited before each statement (progress, benchmarks).
 */
export type RetentionOptions = { batchSize?: number; rest?: number; beforeBatch?: () => Promise<void> };

type BatchRow = { conversations: number | string; messages: number | string };

/** Deletes one batch of the school's conversations started before `cutoff`; answers what went. */
async function deleteBatch(schoolId: number, cutoff: Date, batchSize: number): Promise<RetentionCounts> {
  const db = await getDb();
  const at = cutoff.toISOString();
  const rows = await db.execute(sql`
    with doomed as (
      select c.id, c.session_id from ${conversations} c
      where c.school_id = ${schoolId} and c.started_at < ${at}::timestamptz
      order by c.started_at
      limit ${batchSize}
      for update skip locked
    ),
    unlinked as (
      update ${leads} l set session_id = null
      from doomed d
      where l.school_id = ${schoolId} and l.session_id = d.session_id
      returning 1
    ),
    gone_messages as (
      delete from ${conversationMessages} m
      using doomed d
      where m.school_id = ${schoolId} and m.conversation_id = d.id
      returning 1
    ),
    gone as (
      delete from ${conversations} c
      using doomed d
      where c.school_id = ${schoolId} and c.id = d.id
      returning 1
    )
    select (select count(*) from gone) as conversations, (select count(*) from gone_messages) as messages, (select count(*) from unlinked) as leads`);
  const [row] = resultRows<BatchRow>(rows);
  return { deleted_conversations: Number(row?.conversations ?? 0), deleted_messages: Number(row?.messages ?? 0) };
}

/** Every conversation of the school started before `cutoff`, batch after batch. */
export async function deleteSchoolConversationsBefore(schoolId: number, cutoff: Date, options: RetentionOptions = {}): Promise<SchoolRetention> {
  const batchSize = options.batchSize ?? RETENTION_BATCH;
  const rest = options.rest ?? RETENTION_REST;
  const total: SchoolRetention = { school_id: schoolId, deleted_conversations: 0, deleted_messages: 0 };
  for (;;) {
    await options.beforeBatch?.();
    const t = performance.now();
    const batch = await deleteBatch(schoolId, cutoff, batchSize);
    total.deleted_conversations += batch.deleted_conversations;
    total.deleted_messages += batch.deleted_messages;
    if (batch.deleted_conversations < batchSize) return total;
    if (rest > 0) await new Promise((r) => setTimeout(r, (performance.now() - t) * rest));
  }
}

/**
 * The daily `conversation_retention` task: every school with auto-delete on loses what started
 * before its retention period (the cutoff is fixed once per school when the run reaches it).
 */
export async function deleteExpiredConversations(options: RetentionOptions = {}) {
  const db = await getDb();
  const due = await db
    .select({ schoolId: chatbotSettings.schoolId, cutoff: sql<Date | string>`now() - make_interval(days => ${chatbotSettings.retentionDays})` })
    .from(chatbotSettings)
    .where(eq(chatbotSettings.autoDeleteEnabled, true))
    .orderBy(chatbotSettings.schoolId);
  const schools: SchoolRetention[] = [];
  for (const { schoolId, cutoff } of due) {
    schools.push(await deleteSchoolConversationsBefore(schoolId, new Date(cutoff), options));
  }
  return {
    schools_processed: schools.length,
    deleted_conversations: schools.reduce((n, s) => n + s.deleted_conversations, 0),
    deleted_messages: schools.reduce((n, s) => n + s.deleted_messages, 0),
    // Only the schools that lost something, so the run's summary stays short.
    schools: schools.filter((s) => s.deleted_conversations > 0),
  };
}

async function retentionDays(schoolId: number): Promise<number> {
  return (await chatbotSettingsStore.readWithDefaults(schoolId, CHATBOT_DEFAULTS)).value.retention_days;
}

const cutoffOf = (days: number) => new Date(Date.now() - days * 86_400_000);

/** POST /setup/cleanup-old-data: delete the school's conversations older than its retention now (auto-delete on or not). */
export async function cleanupOldData(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const days = await retentionDays(schoolId);
  const cutoff = cutoffOf(days);
  const { deleted_conversations, deleted_messages } = await deleteSchoolConversationsBefore(schoolId, cutoff);
  await recordAudit({ action: 'conversations.deleted', actor: staffActor(ctx), schoolId, target: { type: 'school', id: schoolId }, details: { deleted_conversations, deleted_messages, retention_days: days } });
  return { deleted_conversations, deleted_messages, retention_days: days, cutoff: cutoff.toISOString() };
}

/**
 * GET /setup/storage-stats: what the school stores, and `expired_conversations`, how many
 * conversations are past the retention period now (what 'Delete old data now' would remove).
 */
export async function storageStats(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const days = await retentionDays(schoolId);
  const cutoff = cutoffOf(days);
  const db = await getDb();
  const [[c], [m], [l], [b]] = await Promise.all([
    db
      .select({ n: count(), oldest: min(conversations.startedAt), expired: sql<number>`count(*) filter (where ${conversations.startedAt} < ${cutoff.toISOString()}::timestamptz)`.mapWith(Number) })
      .from(conversations)
      .where(eq(conversations.schoolId, schoolId)),
    db.select({ n: count() }).from(conversationMessages).where(eq(conversationMessages.schoolId, schoolId)),
    db.select({ n: count() }).from(leads).where(eq(leads.schoolId, schoolId)),
    db.select({ bytes: sum(blobs.size).mapWith(Number) }).from(blobs).where(eq(blobs.schoolId, schoolId)),
  ]);
  return {
    total_conversations: c?.n ?? 0,
    total_messages: m?.n ?? 0,
    total_leads: l?.n ?? 0,
    oldest_conversation_at: c?.oldest ?? null,
    upload_bytes: b?.bytes ?? 0,
    retention_days: days,
    expired_conversations: c?.expired ?? 0,
  };
}

export type StorageStats = Awaited<ReturnType<typeof storageStats>>;

