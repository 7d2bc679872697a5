import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { conversations } from '@/db/schema';
import { extractLeadData } from '@/lib/leads/extract';
import type { LeadData } from '@/lib/leads/fields';
import { parseRequirements, requirementsMet } from '@/lib/leads/requirements';
import { saveLead } from '@/lib/leads/save';
import { loadLeadGenSettings } from '@/lib/leads/settings';
import type { WidgetCaller } from '@/lib/widget/access';
import { publish } from './bus';

// Live chat feeds the lead (issue 48 item 2): an e-mail, a phone or a name the visitor gives a person
// is read into the conversation's details and, once the school's minimum is met, its lead, by the
// same rules as the assistant's turns (lib/chat/engine.ts captureLead); the Live view hears of it.

/** Reads what one visitor message to a person says about them; true when the details changed. */
export async function captureLiveDetails(caller: WidgetCaller, conversationId: number, sessionId: string, text: string): Promise<boolean> {
  const settings = await loadLeadGenSettings(caller.schoolId);
  if (!settings.enabled) return false;
  const fields = settings.field_order.filter((f) => settings.field_settings[f] !== 'never');
  const said = extractLeadData([{ role: 'user', content: text }], { fields, programs: [] });
  if (!Object.keys(said).length) return false;
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(conversations)
      .set({ leadData: sql`${conversations.leadData} || ${JSON.stringify(said)}::jsonb` })
      .where(and(eq(conversations.id, conversationId), eq(conversations.schoolId, caller.schoolId)))
      .returning({ leadData: conversations.leadData });
    const data = (row?.leadData ?? {}) as LeadData;
    if (!requirementsMet(parseRequirements(settings.minimum_requirements), data)) return;
    const lead = await saveLead({ schoolId: caller.schoolId, sessionId, source: 'chatbot_conversation', data, isTest: caller.kind === 'internal' }, tx);
    await tx.update(conversations).set({ leadId: lead.id }).where(and(eq(conversations.id, conversationId), eq(conversations.schoolId, caller.schoolId)));
  });
  await publish({ school: caller.schoolId, conversation: conversationId, session: sessionId, kind: 'details' });
  return true;
}
