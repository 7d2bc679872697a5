import 'server-only';
import { sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import type { AuthContext } from '@/lib/auth/accounts';
import { conversationReference } from '@/lib/conversations/reference';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { requireOwnLead, requirePrivacyOfficer } from './erasure';
import { findPerson, mailOf, mentions, oneOf, phoneIn } from './person';
import type { PrivacySubject } from './schema';

// What Lantern holds about one person in a school, as one document (GET /privacy/subject-data):
// their leads (details, consents, the question they left), their conversations with every message
// (assistant, visitor, staff), prospect rows, CRM deliveries with what was sent, and the mail sent
// about them (kind, time, recipient: a digest also names other visitors, so no mail body is given).

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : new Date(String(v)).toISOString());

export async function subjectData(ctx: AuthContext, subject: PrivacySubject) {
  const schoolId = requirePrivacyOfficer(ctx);
  await requireOwnLead(schoolId, subject);
  const db = await getDb();
  const p = await findPerson(db, schoolId, subject);
  const rows = async (q: ReturnType<typeof sql>) => resultRows<Row>(await db.execute(q));

  const leads = await rows(sql`
    select id, first_name, last_name, preferred_name, email, phone, phone_type, parent_email, parent_phone, intended_major, graduation_year,
      degree_level, state_province, gpa, date_of_birth, source, opt_in_email, opt_in_sms, opt_in_phone, handoff_question, handoff_at,
      session_id, created_at, updated_at, last_interaction_at
    from leads where school_id = ${schoolId} and ${oneOf(sql`id`, p.leadIds)} order by id`);
  const consents = await rows(sql`
    select lead_id, channel, granted, asked, source, recorded_at from lead_consents
    where school_id = ${schoolId} and ${oneOf(sql`lead_id`, p.leadIds)} order by lead_id, id`);
  const conversations = await rows(sql`
    select id, session_id, source, started_at, ended_at, language, handoff_at, live_joined_at, lead_id, lead_data, topics, key_points
    from conversations where school_id = ${schoolId} and ${oneOf(sql`id`, p.conversationIds)} order by started_at, id`);
  const messages = await rows(sql`
    select conversation_id, position, role, content, author_name, created_at
    from conversation_messages where school_id = ${schoolId} and ${oneOf(sql`conversation_id`, p.conversationIds)} order by conversation_id, position`);
  const prospects = await rows(sql`
    select id, external_id, first_name, last_name, email, phone, address_street1, address_street2, address_city, address_state, address_zip,
      address_country, status, anticipated_program, custom_fields, created_at, updated_at
    from prospects where school_id = ${schoolId} and (${oneOf(sql`lower(email)`, p.emails)} or ${phoneIn(sql`phone`, p.phones)}) order by id`);
  const deliveries = await rows(sql`
    select d.id, d.lead_id, d.event, d.webhook_id, d.status, d.attempts, d.body, d.created_at, d.finished_at,
      coalesce((select jsonb_agg(jsonb_build_object('attempt', a.attempt, 'status_code', a.status_code, 'at', a.created_at) order by a.attempt)
        from crm_delivery_attempts a where a.delivery_id = d.id), '[]'::jsonb) as attempt_list
    from crm_deliveries d
    where d.school_id = ${schoolId} and d.event <> 'lead.deleted' and (${oneOf(sql`d.lead_id`, p.leadIds)} or ${mentions(sql`d.body`, p)}) order by d.id`);
  const mail = await rows(sql`select id, kind, to_address, status, created_at, sent_at from mail_outbox where ${mailOf(schoolId, p)} order by id`);

  await recordAudit({
    action: 'privacy.subject_data_exported',
    actor: staffActor(ctx),
    schoolId,
    details: { identified_by: Object.keys(subject).filter((k) => subject[k as keyof PrivacySubject] !== undefined), leads: leads.length, conversations: conversations.length },
  });
  const json = (v: unknown) => (typeof v === 'string' ? safeParse(v) : v);
  return {
    generated_at: new Date().toISOString(),
    subject: { identified_by: Object.keys(subject).filter((k) => subject[k as keyof PrivacySubject] !== undefined) },
    leads: leads.map(({ session_id, created_at, updated_at, last_interaction_at, handoff_at, ...l }) => ({
      ...l,
      session_id: conversationReference((session_id as string | null) ?? null),
      created_at: iso(created_at),
      updated_at: iso(updated_at),
      last_interaction_at: iso(last_interaction_at),
      handoff_at: iso(handoff_at),
    })),
    consents: consents.map((c) => ({ lead_id: c.lead_id, channel: c.channel, granted: c.granted, asked: c.asked, source: c.source, recorded_at: iso(c.recorded_at) })),
    handoffs: leads.filter((l) => l.handoff_question || l.handoff_at).map((l) => ({ lead_id: l.id, question: l.handoff_question ?? null, asked_at: iso(l.handoff_at) })),
    conversations: conversations.map((c) => ({
      conversation_id: c.id,
      session_id: conversationReference(c.session_id as string),
      source: c.source,
      started_at: iso(c.started_at),
      ended_at: iso(c.ended_at),
      language: c.language,
      handed_to_staff_at: iso(c.live_joined_at),
      details_given: json(c.lead_data),
      topics: json(c.topics),
      key_points: json(c.key_points),
      messages: messages
        .filter((m) => m.conversation_id === c.id)
        .map((m) => ({ index: m.position, role: m.role, text: m.content, author: m.role === 'staff' ? m.author_name : null, at: iso(m.created_at) })),
    })),
    prospects: prospects.map((r) => ({ ...r, custom_fields: json(r.custom_fields), created_at: iso(r.created_at), updated_at: iso(r.updated_at) })),
    crm_deliveries: deliveries.map((d) => ({
      id: d.id,
      lead_id: d.lead_id,
      event: d.event,
      webhook_id: d.webhook_id,
      status: d.status,
      created_at: iso(d.created_at),
      finished_at: iso(d.finished_at),
      payload: d.body ? safeParse(d.body as string) : null,
      attempts: json(d.attempt_list),
    })),
    mail: mail.map((m) => ({ id: m.id, kind: m.kind, recipient: m.to_address, status: m.status, created_at: iso(m.created_at), sent_at: iso(m.sent_at) })),
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
