import 'server-only';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { actionPrompts, conversations, personaSettings, schools, widgetStyling, type ContactPoint } from '@/db/schema';
import { modelInfo } from '@/lib/ai/providers';
import { AppError, validationError } from '@/lib/http/errors';
import { saveLead } from '@/lib/leads/save';
// Every saved lead queues its CRM delivery in the same transaction.
import { LEAD_FIELDS } from '@/lib/leads/fields';
import { missingForRequirements, parseRequirements, requirementsMet } from '@/lib/leads/requirements';
import { loadLeadGenSettings } from '@/lib/leads/settings';
import type { QuickInfoCardInput } from '@/lib/leads/values';
import { liveReplyMinutes } from '@/lib/live/reply-time';
import { sourceOf, type WidgetCaller } from './access';
import { launcherIcon } from './icons';
import { linkSites } from './origins';
import { withStylingDefaults } from './styling';

// The public widget API's answers besides chat (docs/widget.md).

export const DEFAULT_AI_NAME = 'Admissions Assistant';

/** GET /api/widget/persona-info. */
export async function personaInfo(caller: WidgetCaller) {
  const db = await getDb();
  const [persona] = await db.select().from(personaSettings).where(eq(personaSettings.schoolId, caller.schoolId)).limit(1);
  const aiName = persona?.aiName || DEFAULT_AI_NAME;
  return {
    ai_name: aiName,
    avatar_url: persona?.avatarUrl ?? null,
    greeting: `Hi! I'm ${aiName}, the admissions assistant for ${caller.schoolName}. How can I help you today?`,
    // The greeting is Lantern's own, so the widget shows it in the visitor's language.
    default_greeting: true,
    school_name: caller.schoolName,
  };
}

type ContactAction = { name: string; type: 'link' | 'phone' | 'email' | 'form'; data: string };

/**
 * How a visitor reaches the office directly: the phone numbers and e-mail addresses of the school's
 * contact points, then its phone and e-mail action prompts (a tour link is no way to reach a person).
 */
function officeContacts(points: ContactPoint[], actions: ContactAction[]): ContactAction[] {
  const out: ContactAction[] = [];
  const add = (a: ContactAction) => {
    if (!out.some((o) => o.type === a.type && o.data === a.data)) out.push(a);
  };
  for (const c of points) {
    if (c.phone) add({ name: c.name, type: 'phone', data: c.phone });
    if (c.email) add({ name: c.name, type: 'email', data: c.email });
  }
  for (const a of actions) if (a.type === 'phone' || a.type === 'email') add(a);
  return out.slice(0, 6);
}

/** GET /api/widget/config: styling with every default filled in, and what the widget needs of lead generation. */
export async function widgetConfig(caller: WidgetCaller) {
  const db = await getDb();
  const [[styling], [school], leadGen, actions, replyMinutes] = await Promise.all([
    db.select().from(widgetStyling).where(eq(widgetStyling.schoolId, caller.schoolId)).limit(1),
    db
      .select({ contactPoints: schools.contactPoints, primary: schools.primaryColor, secondary: schools.secondaryColor, tertiary: schools.tertiaryColor })
      .from(schools)
      .where(eq(schools.id, caller.schoolId))
      .limit(1),
    loadLeadGenSettings(caller.schoolId),
    db
      .select({ name: actionPrompts.name, type: actionPrompts.actionType, data: actionPrompts.actionData })
      .from(actionPrompts)
      .where(and(eq(actionPrompts.schoolId, caller.schoolId), eq(actionPrompts.isActive, true)))
      .orderBy(desc(actionPrompts.priority), asc(actionPrompts.id)),
    liveReplyMinutes(caller),
  ]);
  const fields = leadGen.field_order.filter((k) => leadGen.field_settings[k] !== 'never').map((key) => ({ key, ...LEAD_FIELDS[key] }));
  const look = withStylingDefaults(styling?.styling, school);
  return {
    styling: look,
    // The one icon the launcher draws, so the embed script every page view downloads carries no icon set.
    launcher_icon: launcherIcon(look.buttonIcon),
    lead_generation: {
      enabled: leadGen.enabled,
      collection_mode: leadGen.collection_mode,
      fields: leadGen.enabled ? fields : [],
      smart_card_instructions: leadGen.smart_card_instructions,
    },
    model: { mode: modelInfo().mode },
    // The widget keeps a visitor's conversation across page views until they are away this long.
    session: { timeout_minutes: caller.sessionTimeoutMinutes },
    // 'Talk to a person' shows the school's ways to reach it.
    handoff: { contact_actions: officeContacts(school?.contactPoints ?? [], actions) },
    // Where links in answers may point and stay clickable: the school's sites and its action prompts.
    link_sites: linkSites(caller.policy, actions.filter((a) => a.type === 'link' || a.type === 'form').map((a) => a.data)),
    // 'Usually replies within N minutes' under the chat's header: only while a person could reply now.
    live_reply_minutes: replyMinutes,
  };
}

/** POST /api/widget/leads: the quick info card. */
export async function submitQuickInfoCard(caller: WidgetCaller, input: QuickInfoCardInput) {
  const settings = await loadLeadGenSettings(caller.schoolId);
  if (!settings.enabled) throw new AppError(409, 'Lead collection is not turned on for this chat');
  const requirements = parseRequirements(settings.minimum_requirements);
  if (!requirementsMet(requirements, input.data)) {
    const missing = missingForRequirements(requirements, input.data);
    throw validationError(missing.map((key) => ({ loc: ['body', key], msg: `Please provide: ${missing.map((k) => LEAD_FIELDS[k].label).join(', ')}`, type: 'missing' })).slice(0, 1));
  }
  // The lead and the conversation that names it are written together.
  const db = await getDb();
  const lead = await db.transaction(async (tx) => {
    const saved = await saveLead({ schoolId: caller.schoolId, sessionId: input.session_id, source: 'chatbot_quickinfocard', data: input.data, isTest: caller.kind === 'internal' }, tx);
    if (caller.logging) {
      await tx
        .insert(conversations)
        .values({ schoolId: caller.schoolId, sessionId: input.session_id, source: sourceOf(caller), clientHash: caller.clientHash, leadId: saved.id, leadData: input.data })
        .onConflictDoUpdate({
          target: [conversations.schoolId, conversations.sessionId],
          set: { leadId: saved.id, leadData: sql`${conversations.leadData} || ${JSON.stringify(input.data)}::jsonb`, endedAt: sql`now()` },
        });
    }
    return saved;
  });
  return { lead_id: lead.id, created: lead.created };
}
