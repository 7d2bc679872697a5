import 'server-only';
import { and, count, eq, lt, min, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { chatbotSettings, conversationMessages, conversations } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import { CHATBOT_DEFAULTS, chatbotSettingsStore } from '@/lib/widget/settings';

// Conversations are kept for the school's retention period (spec 002 §2.5); messages go with their
// conversation (foreign key cascade).

/** The daily `conversation_retention` task: every school with auto-delete on loses what is older than its retention. */
export async function deleteExpiredConversations() {
  const db = await getDb();
  const rows = await db.execute<{ id: number }>(sql`
    delete from ${conversations} c using ${chatbotSettings} s
    where s.school_id = c.school_id and s.auto_delete_enabled and c.started_at < now() - make_interval(days => s.retention_days)
    returning c.id`);
  return { deleted_conversations: resultRows(rows).length };
}

async function retentionDays(schoolId: number): Promise<number> {
  return (await chatbotSettingsStore.readWithDefaults(schoolId, CHATBOT_DEFAULTS)).value.retention_days;
}

/** POST /setup/cleanup-old-data: delete the school's conversations older than its retention now. */
export async function cleanupOldData(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const days = await retentionDays(schoolId);
  const db = await getDb();
  const cutoff = new Date(Date.now() - days * 86_400_000);
  const gone = await db.delete(conversations).where(and(eq(conversations.schoolId, schoolId), lt(conversations.startedAt, cutoff))).returning({ id: conversations.id });
  return { deleted_conversations: gone.length, retention_days: days, cutoff: cutoff.toISOString() };
}

/** GET /setup/storage-stats. */
export async function storageStats(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [[c], [m]] = await Promise.all([
    db.select({ n: count(), oldest: min(conversations.startedAt) }).from(conversations).where(eq(conversations.schoolId, schoolId)),
    db.select({ n: count() }).from(conversationMessages).where(eq(conversationMessages.schoolId, schoolId)),
  ]);
  return { total_conversations: c?.n ?? 0, total_messages: m?.n ?? 0, oldest_conversation_at: c?.oldest ?? null, retention_days: await retentionDays(schoolId) };
}
