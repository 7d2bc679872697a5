import 'server-only';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { getDb, type Executor } from '@/db/client';
import { conversations, leads } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { notFound } from '@/lib/http/errors';
import { extractLeadData } from '@/lib/leads/extract';
import type { LeadData, LeadFieldKey } from '@/lib/leads/fields';
import { parseRequirements, requirementsMet } from '@/lib/leads/requirements';
import { saveLead } from '@/lib/leads/save';
import { loadLeadGenSettings } from '@/lib/leads/settings';
import type { WidgetCaller } from '@/lib/widget/access';
import { publish } from './bus';
import { liveConversation } from './conversations';
import { assertMayChat } from './settings';
import type { LiveConversationDetail, LiveDetailField, LiveDetailsInput } from './schema';

// Live chat feeds the lead (issue 48 item 2): an e-mail, a phone or a name the visitor gives a person
// is read into the conversation's details and, once the school's minimum is met, its lead, by the
// same rules as the assistant's turns (lib/chat/engine.ts captureLead); staff may also correct them
// from the Live view. Either way the Live views open on the school hear of it.

type Target = { schoolId: number; conversationId: number; sessionId: string; isTest: boolean };
/** Details to set, and (staff only) the ones to remove. */
type Change = { set: LeadData; remove: LiveDetailField[] };

/** The lead's columns of the details staff may remove. */
const COLUMN: Record<LiveDetailField, 'firstName' | 'lastName' | 'email' | 'phone'> = { first_name: 'firstName', last_name: 'lastName', email: 'email', phone: 'phone' };

/**
 * Writes the change into the conversation's details and, when `leadDue` says so for the details
 * that result, into the lead of its session (created if there is none), in one transaction.
 */
async function writeDetails(t: Target, change: Change, leadDue: (data: LeadData, hasLead: boolean) => boolean): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const removed = change.remove.length ? sql`(${conversations.leadData} - ${`{${change.remove.join(',')}}`}::text[])` : sql`${conversations.leadData}`;
    const [row] = await tx
      .update(conversations)
      .set({ leadData: sql`${removed} || ${JSON.stringify(change.set)}::jsonb` })
      .where(and(eq(conversations.id, t.conversationId), eq(conversations.schoolId, t.schoolId)))
      .returning({ leadData: conversations.leadData, leadId: conversations.leadId });
    const data = (row?.leadData ?? {}) as LeadData;
    if (!row || !leadDue(data, row.leadId !== null)) return;
    const lead = await saveLead({ schoolId: t.schoolId, sessionId: t.sessionId, source: 'chatbot_conversation', data, isTest: t.isTest }, tx);
    await clearLeadColumns(tx, t.schoolId, lead.id, change.remove);
    await tx.update(conversations).set({ leadId: lead.id }).where(and(eq(conversations.id, t.conversationId), eq(conversations.schoolId, t.schoolId)));
  });
  await publish({ school: t.schoolId, conversation: t.conversationId, session: t.sessionId, kind: 'details' });
}

/** A detail staff removed leaves the lead too (saving a lead only ever sets values). */
async function clearLeadColumns(tx: Executor, schoolId: number, leadId: number, remove: LiveDetailField[]) {
  if (!remove.length) return;
  const cleared = Object.fromEntries(remove.map((k) => [COLUMN[k], null]));
  await tx.update(leads).set(cleared).where(and(eq(leads.id, leadId), eq(leads.schoolId, schoolId)));
}

/** Reads what one visitor message to a person says about them; true when the details changed. */
export async function captureLiveDetails(caller: WidgetCaller, conversationId: number, sessionId: string, text: string): Promise<boolean> {
  const settings = await loadLeadGenSettings(caller.schoolId);
  if (!settings.enabled) return false;
  const fields = settings.field_order.filter((f) => settings.field_settings[f] !== 'never');
  const said = extractLeadData([{ role: 'user', content: text }], { fields, programs: [] });
  if (!Object.keys(said).length) return false;
  const minimum = parseRequirements(settings.minimum_requirements);
  await writeDetails({ schoolId: caller.schoolId, conversationId, sessionId, isTest: caller.kind === 'internal' }, { set: said, remove: [] }, (data) => requirementsMet(minimum, data));
  return true;
}

/**
 * PUT /live/conversations/{id}/details: staff correct the visitor's name, e-mail or phone in any
 * live conversation of the school (waiting, active or ended; held by anyone). What staff enter is
 * the visitor's own word, so it reaches the lead whatever the school's minimum: a lead is created
 * when there is none and something is left to keep.
 */
export async function editLiveDetails(ctx: AuthContext, id: number, input: LiveDetailsInput): Promise<LiveConversationDetail> {
  const schoolId = assertMayChat(ctx);
  const db = await getDb();
  const [row] = await db
    .select({ sessionId: conversations.sessionId, source: conversations.source })
    .from(conversations)
    .where(and(eq(conversations.id, id), eq(conversations.schoolId, schoolId), isNotNull(conversations.liveStatus)))
    .limit(1);
  if (!row) throw notFound('No live conversation with that id');
  const change: Change = { set: {}, remove: [] };
  for (const [key, value] of Object.entries(input) as [LiveDetailField, string | null | undefined][]) {
    if (value === undefined) continue;
    if (value === null) change.remove.push(key);
    else change.set[key as LeadFieldKey] = value;
  }
  if (Object.keys(change.set).length || change.remove.length) {
    await writeDetails({ schoolId, conversationId: id, sessionId: row.sessionId, isTest: row.source === 'test_chat' }, change, (data, hasLead) => hasLead || Object.keys(data).length > 0);
  }
  return liveConversation(ctx, id);
}
