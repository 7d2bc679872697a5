import 'server-only';
import { and, asc, count, desc, eq, gt, sql } from 'drizzle-orm';
import { getDb, type Database } from '@/db/client';
import { conversationMessages, conversations, crmIntegrations, leads, schools, type ContactPoint } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { requireSchoolId } from '@/lib/tenancy';
import type { LeadData } from '@/lib/leads/fields';
import { saveLead } from '@/lib/leads/save';
import { speakerOf } from '@/lib/conversations/speaker';
import { appendMessage } from '@/lib/conversations/log';
import { mailAbout, queueMail } from '@/lib/mail/outbox';
import { sourceOf, type WidgetCaller } from '@/lib/widget/access';
import { LANGUAGE_NAMES } from '@/lib/widget/language';
import type { HandoffRequest } from './schema';

// A visitor asks to reach a person ('Talk to a person' in the widget). Their details
// become (or update) the session's lead, marked as a handoff; the conversation is flagged; and the
// admissions office gets an e-mail with the transcript through the mail outbox — all in one
// transaction, so a handoff is never recorded without its mail or the reverse.

/**
 * Where the mail goes: the school's admissions contact e-mail, else any contact e-mail it lists,
 * else the CRM integration's error-notification address (someone at the school reads it).
 */
export function officeAddress(points: ContactPoint[], crmAddress: string | null = null): string | null {
  const withEmail = points.filter((c) => c.email && c.email.includes('@'));
  return (withEmail.find((c) => /admission/i.test(c.name)) ?? withEmail[0])?.email ?? (crmAddress && crmAddress.includes('@') ? crmAddress : null);
}

/** The school's office address (officeAddress) read from its contact points and CRM integration. */
export async function schoolOfficeAddress(schoolId: number, db: Pick<Database, 'select'>): Promise<string | null> {
  const [[school], [crm]] = await Promise.all([
    db.select({ contactPoints: schools.contactPoints }).from(schools).where(eq(schools.id, schoolId)).limit(1),
    db.select({ address: crmIntegrations.errorNotificationEmail }).from(crmIntegrations).where(eq(crmIntegrations.schoolId, schoolId)).limit(1),
  ]);
  return officeAddress(school?.contactPoints ?? [], crm?.address ?? null);
}

/** The lead fields a handoff form gives: the name split at its first space. */
export function handoffLeadData(input: Pick<HandoffRequest, 'name' | 'email' | 'phone'>): LeadData {
  const [first, ...rest] = input.name.trim().split(/\s+/);
  const data: Record<string, unknown> = { first_name: first };
  if (rest.length) data.last_name = rest.join(' ');
  if (input.email) data.email = input.email;
  if (input.phone) data.phone = input.phone;
  return data as LeadData;
}

type Line = { role: string; content: string; author?: string | null };

/** The mail's text: who asked, how to reach them, their question, and the conversation so far. */
export function handoffMailText(o: { school: string; input: HandoffRequest; transcript: Line[]; logging: boolean; test: boolean }): { subject: string; text: string } {
  const { input } = o;
  const lines = [
    `A visitor on ${o.school}'s website asked to talk to a person through the chat assistant.`,
    '',
    `Name: ${input.name}`,
    input.email ? `E-mail: ${input.email}` : '',
    input.phone ? `Phone: ${input.phone}` : '',
    input.language && input.language !== 'en' ? `Language: ${LANGUAGE_NAMES[input.language]} (the widget's language; reply in it if you can)` : '',
    '',
    'Question:',
    input.question,
    '',
    'Conversation:',
    ...(o.transcript.length
      ? o.transcript.map((m) => `${speakerOf(m)}: ${m.content}`)
      : [o.logging ? '(no messages before the request)' : '(not stored: conversation logging is off)']),
  ].filter((l, i, all) => l !== '' || all[i - 1] !== '');
  return { subject: `${o.test ? '[Test chat] ' : ''}A visitor asked to talk to a person: ${input.name}`, text: lines.join('\n') };
}

/** POST /api/widget/handoff. */
export async function requestHandoff(caller: WidgetCaller, input: HandoffRequest) {
  const db = await getDb();
  const to = await schoolOfficeAddress(caller.schoolId, db);
  const data = handoffLeadData(input);
  const test = caller.kind === 'internal';
  return db.transaction(async (tx) => {
    const now = new Date();
    const saved = await saveLead({ schoolId: caller.schoolId, sessionId: input.session_id, source: 'chatbot_conversation', data, isTest: test, handoffAt: now }, tx);
    // The question stays with the lead, logging or not: the visitor is told the office has it.
    await tx.update(leads).set({ handoffQuestion: input.question }).where(and(eq(leads.id, saved.id), eq(leads.schoolId, caller.schoolId)));
    let transcript: Line[] = [];
    const told = mailAbout({ leads: [saved.id] });
    if (caller.logging) {
      const [conversation] = await tx
        .insert(conversations)
        // Asking for a person is engaging: the visitor wrote to the school (Analytics and Reports count it so).
        .values({ schoolId: caller.schoolId, sessionId: input.session_id, source: sourceOf(caller), status: 'engaged', clientHash: caller.clientHash, leadId: saved.id, leadData: data, handoffAt: now, widgetOpenedAt: now, engagedAt: now, language: input.language ?? null })
        .onConflictDoUpdate({
          target: [conversations.schoolId, conversations.sessionId],
          set: {
            leadId: saved.id,
            leadData: sql`${conversations.leadData} || ${JSON.stringify(data)}::jsonb`,
            handoffAt: sql`coalesce(${conversations.handoffAt}, excluded.handoff_at)`,
            status: 'engaged',
            widgetOpenedAt: sql`coalesce(${conversations.widgetOpenedAt}, excluded.widget_opened_at)`,
            engagedAt: sql`coalesce(${conversations.engagedAt}, excluded.engaged_at)`,
            language: sql`coalesce(${conversations.language}, excluded.language)`,
            endedAt: sql`now()`,
          },
        })
        .returning({ id: conversations.id });
      told.push(...mailAbout({ conversations: [conversation!.id] }));
      transcript = await tx
        .select({ role: conversationMessages.role, content: conversationMessages.content, author: conversationMessages.authorName })
        .from(conversationMessages)
        .where(and(eq(conversationMessages.conversationId, conversation!.id), eq(conversationMessages.schoolId, caller.schoolId)))
        .orderBy(asc(conversationMessages.position));
      // The form's question is a message of the conversation (Logs, the Live view, the lead's
      // transcript), unless it is the visitor's last message as the form was filled in with it.
      const lastAsked = transcript.findLast((m) => m.role === 'user')?.content.trim();
      if (lastAsked !== input.question) await appendMessage(tx, caller.schoolId, { conversation: conversation!.id }, { role: 'user' }, input.question);
    }
    let mailed = false;
    if (to) {
      const mail = handoffMailText({ school: caller.schoolName, input, transcript, logging: caller.logging, test });
      await queueMail({ to, subject: mail.subject, text: mail.text, kind: 'handoff', about: told, schoolId: caller.schoolId }, tx);
      mailed = true;
    }
    return { lead_id: saved.id, created: saved.created, mailed };
  });
}

/** A visitor's request for a person, as the dashboard lists it. */
export type HandoffRequestView = { lead_id: number; name: string; contact: string | null; asked_at: string };

const RECENT_DAYS = 14;

/** The school's requests for a person of the past two weeks, newest first (visitors only, not the test chat). */
export async function recentHandoffRequests(ctx: AuthContext, limit = 5): Promise<{ total: number; days: number; requests: HandoffRequestView[] }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const where = and(eq(leads.schoolId, schoolId), eq(leads.isTest, false), gt(leads.handoffAt, new Date(Date.now() - RECENT_DAYS * 86_400_000)));
  const [[total], rows] = await Promise.all([
    db.select({ n: count() }).from(leads).where(where),
    db
      .select({ id: leads.id, firstName: leads.firstName, lastName: leads.lastName, email: leads.email, phone: leads.phone, handoffAt: leads.handoffAt })
      .from(leads)
      .where(where)
      .orderBy(desc(leads.handoffAt))
      .limit(limit),
  ]);
  return {
    total: total!.n,
    days: RECENT_DAYS,
    requests: rows.map((r) => ({
      lead_id: r.id,
      name: [r.firstName, r.lastName].filter(Boolean).join(' ') || 'Visitor',
      contact: r.email ?? r.phone ?? null,
      asked_at: r.handoffAt!.toISOString(),
    })),
  };
}
