import 'server-only';
import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { getDb, type Database } from '@/db/client';
import { conversationMessages, conversations, leads } from '@/db/schema';

/**
 * The plain-text transcript of a lead's conversations (the CRM's chat_history), oldest first, or
 * null when the lead is not the school's or has no messages.
 */
export async function leadTranscript(schoolId: number, leadId: number, db?: Pick<Database, 'select'>): Promise<string | null> {
  const q = db ?? (await getDb());
  const [lead] = await q.select({ sessionId: leads.sessionId }).from(leads).where(and(eq(leads.id, leadId), eq(leads.schoolId, schoolId))).limit(1);
  if (!lead) return null;
  const mine = lead.sessionId ? or(eq(conversations.leadId, leadId), eq(conversations.sessionId, lead.sessionId)) : eq(conversations.leadId, leadId);
  const convs = await q.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.schoolId, schoolId), mine)).orderBy(asc(conversations.startedAt));
  if (!convs.length) return null;
  const rows = await q
    .select({ conversationId: conversationMessages.conversationId, role: conversationMessages.role, content: conversationMessages.content })
    .from(conversationMessages)
    .where(and(eq(conversationMessages.schoolId, schoolId), inArray(conversationMessages.conversationId, convs.map((c) => c.id))))
    .orderBy(asc(conversationMessages.conversationId), asc(conversationMessages.position));
  const lines = rows.filter((r) => r.role !== 'system').map((r) => `${r.role === 'user' ? 'User' : 'Assistant'}: ${r.content}`);
  return lines.length ? lines.join('\n') : null;
}
