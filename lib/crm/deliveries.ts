import 'server-only';
import { z } from 'zod';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { getDb, resultRows, type Database } from '@/db/client';
import { conversations, crmDeliveries, crmDeliveryAttempts, crmIntegrations, leads, type CrmDeliveryRow, type CrmIntegrationRow } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { conflict, notFound } from '@/lib/http/errors';
import { defineJob } from '@/lib/jobs/define';
import { enqueue, type JobWriter } from '@/lib/jobs/enqueue';
import type { LeadSavedEvent } from '@/lib/leads/events';
import { conversationReference } from '@/lib/conversations/reference';
import { givenName } from '@/lib/conversations/visitor-name';
import { leadTranscript } from '@/lib/leads/transcript';
import { mailAbout, queueMail } from '@/lib/mail/outbox';
import { requireSchoolId } from '@/lib/tenancy';
import { readIntegration, webhookTarget } from './integration';
import { crmRetryDelayMs } from './retry';
import type { CrmDeliveryPage, CrmDeliveryView, CrmEvent, DeliveriesQuery } from './schema';
import { applyMapping, newWebhookId, sendWebhook, type LeadRecord } from './webhook';

// The CRM delivery outbox. A delivery row is written in the same transaction as the
// lead it carries, with the job of its first attempt; each attempt is one crm_delivery job that
// records what happened and, on failure, queues the next attempt on Standard Webhooks' schedule.

const EXCERPT_CHARS = 500;

/** Queues the job of one attempt; `manual` is a replay (one attempt, no retries after it). */
function queueAttempt(deliveryId: number, attempt: number, runAt: Date | undefined, tx: JobWriter, manual = false) {
  return enqueue(crmDeliveryJob, { delivery_id: deliveryId, attempt, manual }, { runAt, dedupeKey: `crm_delivery:${deliveryId}:${attempt}${manual ? ':replay' : ''}` }, tx);
}

/**
 * The lead-saved listener: a delivery for a new lead (lead.created) or a changed one
 * (lead.updated), inside the lead write's transaction. Test leads (the staff's test chat) are not
 * sent. A change made before the previous delivery's first attempt is carried by that delivery.
 */
export async function queueLeadDelivery(tx: Database, lead: LeadSavedEvent): Promise<void> {
  if (lead.isTest) return;
  const event: CrmEvent = lead.created ? 'lead.created' : 'lead.updated';
  // One statement: the row is written only while the school's integration can send.
  const [row] = resultRows<{ id: number }>(
    await tx.execute(sql`
      insert into crm_deliveries (school_id, lead_id, event, webhook_id)
      select school_id, ${lead.id}, ${event}, ${newWebhookId()} from crm_integrations
      where school_id = ${lead.schoolId} and enabled and webhook_url is not null
      on conflict (lead_id) where status = 'pending' and attempts = 0 do nothing
      returning id`),
  );
  if (row) await queueAttempt(row.id, 1, undefined, tx);
}

/**
 * An erased person's leads that the CRM had received: a lead.deleted delivery for each, written in
 * the erasure's transaction with its first attempt. The body is fixed now (the lead is gone when it
 * is sent) and carries no personal data: the lead's id, the webhook-ids its data came under, and the
 * id the CRM answered with, when it answered JSON with one. Answers how many were queued.
 */
export async function queueLeadDeleted(tx: Database, schoolId: number, leadIds: readonly number[]): Promise<number> {
  if (!leadIds.length) return 0;
  const delivered = resultRows<{ lead_id: number; webhook_ids: string[]; answers: (string | null)[] }>(
    await tx.execute(sql`
      select d.lead_id, array_agg(d.webhook_id order by d.id) as webhook_ids, array_agg(d.last_response_excerpt order by d.id) as answers
      from crm_deliveries d
      where d.school_id = ${schoolId} and d.status = 'succeeded' and not d.test_mode and d.event in ('lead.created', 'lead.updated')
        and d.lead_id in (${sql.join(leadIds.map((id) => sql`${id}`), sql`, `)})
      group by d.lead_id`),
  );
  let queued = 0;
  for (const d of delivered) {
    const body = JSON.stringify({ event: 'lead.deleted', lead_id: Number(d.lead_id), external_reference: externalReference(d.answers), webhook_ids: d.webhook_ids, deleted_at: new Date().toISOString() });
    const [row] = resultRows<{ id: number }>(
      await tx.execute(sql`
        insert into crm_deliveries (school_id, lead_id, event, webhook_id, body)
        select school_id, null, 'lead.deleted', ${newWebhookId()}, ${body} from crm_integrations
        where school_id = ${schoolId} and enabled and webhook_url is not null
        returning id`),
    );
    if (row) {
      await queueAttempt(Number(row.id), 1, undefined, tx);
      queued++;
    }
  }
  return queued;
}

/** The CRM's own id for the lead: an "id" (or "external_id") in the first JSON answer that has one. */
function externalReference(answers: (string | null)[]): string | null {
  for (const a of answers) {
    try {
      const v = JSON.parse(a ?? '') as Record<string, unknown>;
      const id = v?.external_id ?? v?.id;
      if (typeof id === 'string' || typeof id === 'number') return String(id).slice(0, 200);
    } catch {
      // not JSON
    }
  }
  return null;
}

/**
 * Leads saved before the CRM was connected (or while it was off) have no delivery at all: staff may
 * send them once. Test leads never go, as in queueLeadDelivery.
 */
const unsentLeadsSql = (schoolId: number) => sql`
  from leads l
  where l.school_id = ${schoolId} and not l.is_test
    and not exists (select 1 from crm_deliveries d where d.school_id = l.school_id and d.lead_id = l.id)`;

/** GET /api/crm-integration/existing-leads: how many of the school's leads were never sent. */
export async function unsentLeads(ctx: AuthContext): Promise<{ unsent: number }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [row] = resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n ${unsentLeadsSql(schoolId)}`));
  return { unsent: Number(row?.n ?? 0) };
}

/**
 * POST /api/crm-integration/existing-leads: a lead.created delivery for each lead never sent, oldest
 * first, with its first attempt queued, all in one transaction. Asking again sends nothing twice
 * (the leads now have deliveries). 409 while the integration cannot send.
 */
export async function sendExistingLeads(ctx: AuthContext): Promise<{ queued: number; message: string }> {
  const schoolId = requireSchoolId(ctx);
  const integration = await readIntegration(schoolId);
  if (!integration) throw notFound('CRM integration not found');
  if (!integration.enabled || !integration.webhookUrl) throw conflict('Enable the integration (with a webhook URL) before sending leads');
  const db = await getDb();
  const queued = await db.transaction(async (tx) => {
    const ids = resultRows<{ id: number }>(
      await tx.execute(sql`
        insert into crm_deliveries (school_id, lead_id, event, webhook_id)
        select l.school_id, l.id, 'lead.created', 'msg_' || replace(gen_random_uuid()::text, '-', '') ${unsentLeadsSql(schoolId)}
        order by l.id
        returning id`),
    );
    for (const { id } of ids) await queueAttempt(Number(id), 1, undefined, tx);
    return ids.length;
  });
  return { queued, message: queued === 1 ? '1 existing lead queued for the CRM' : `${queued} existing leads queued for the CRM` };
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The lead as the CRM receives it (every field; the mapping picks from it); session_id is the conversation's reference. */
async function leadRecord(schoolId: number, leadId: number): Promise<LeadRecord | null> {
  const db = await getDb();
  const [l] = await db.select().from(leads).where(and(eq(leads.id, leadId), eq(leads.schoolId, schoolId))).limit(1);
  if (!l) return null;
  const [conv] = l.sessionId
    ? await db.select({ id: conversations.id }).from(conversations).where(and(eq(conversations.schoolId, schoolId), eq(conversations.sessionId, l.sessionId))).limit(1)
    : [];
  return {
    id: l.id,
    first_name: l.firstName,
    last_name: l.lastName,
    preferred_name: l.preferredName,
    email: l.email,
    phone: l.phone,
    phone_type: l.phoneType,
    parent_email: l.parentEmail,
    parent_phone: l.parentPhone,
    intended_major: l.intendedMajor,
    graduation_year: l.graduationYear,
    degree_level: l.degreeLevel,
    state_province: l.stateProvince,
    gpa: l.gpa,
    date_of_birth: l.dateOfBirth,
    opt_in_email: l.optInEmail,
    opt_in_sms: l.optInSms,
    opt_in_phone: l.optInPhone,
    source: l.source,
    session_id: conversationReference(l.sessionId),
    conversation_id: conv?.id ?? null,
    conversation_count: l.conversationCount,
    chat_history: await leadTranscript(schoolId, leadId, db),
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
    last_interaction_at: l.lastInteractionAt.toISOString(),
  };
}

async function finish(d: CrmDeliveryRow, status: 'cancelled' | 'failed', reason: string) {
  const db = await getDb();
  await db
    .update(crmDeliveries)
    .set({ status, lastError: reason, nextAttemptAt: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(crmDeliveries.id, d.id), eq(crmDeliveries.schoolId, d.schoolId)));
}

function failureMail(integration: CrmIntegrationRow, d: CrmDeliveryRow, attempts: number, error: string, disabled: boolean) {
  const host = integration.webhookUrl ? new URL(integration.webhookUrl).host : 'the CRM';
  const lines = [
    `Lantern could not deliver a lead to your CRM integration "${integration.integrationName}" (${host}).`,
    '',
    `Event: ${d.event}`,
    `Lead id: ${d.leadId ?? 'deleted'}`,
    `Delivery: ${d.webhookId}`,
    `Attempts: ${attempts}`,
    `Last error: ${error}`,
    '',
    disabled
      ? 'The CRM answered 410 Gone, so Lantern switched the integration off. Update the webhook URL and enable it again in CRM Setup.'
      : 'You can send it again from CRM Setup > Deliveries (Replay) once the CRM is reachable.',
  ];
  return { to: integration.errorNotificationEmail!, subject: `CRM delivery failed: ${integration.integrationName}`, text: lines.join('\n'), kind: 'crm_delivery_failed', about: mailAbout({ leads: d.leadId === null ? [] : [d.leadId] }), schoolId: d.schoolId };
}

export type DeliveryRunResult = { delivery_id: number; outcome: 'succeeded' | 'retrying' | 'failed' | 'cancelled' | 'skipped'; status_code?: number | null; reason?: string };

/**
 * The crm_delivery job: one attempt of one delivery. A job for an attempt already made (a replay
 * raced a scheduled retry) does nothing, so an attempt is never sent twice by Lantern's own doing.
 */
export async function runCrmDelivery(p: { delivery_id: number; attempt: number; manual?: boolean }): Promise<DeliveryRunResult> {
  const db = await getDb();
  const [d] = await db.select().from(crmDeliveries).where(eq(crmDeliveries.id, p.delivery_id)).limit(1);
  if (!d) return { delivery_id: p.delivery_id, outcome: 'skipped', reason: 'no such delivery' };
  if (d.status !== 'pending' || d.attempts + 1 !== p.attempt) return { delivery_id: d.id, outcome: 'skipped', reason: `already ${d.status}, ${d.attempts} attempts` };
  const integration = await readIntegration(d.schoolId);
  const target = integration ? webhookTarget(integration) : null;
  if (!integration || !integration.enabled || !target) {
    const reason = !integration ? 'The CRM integration was deleted' : !integration.enabled ? 'The CRM integration is disabled' : 'The CRM integration has no webhook URL';
    await finish(d, 'cancelled', reason);
    return { delivery_id: d.id, outcome: 'cancelled', reason };
  }
  let body = d.body;
  if (body === null) {
    const lead = d.leadId === null ? null : await leadRecord(d.schoolId, d.leadId);
    if (!lead) {
      await finish(d, 'cancelled', 'The lead was deleted before it could be sent');
      return { delivery_id: d.id, outcome: 'cancelled', reason: 'lead deleted' };
    }
    body = JSON.stringify(applyMapping(integration.fieldMapping, lead));
  }
  const testMode = integration.testMode;
  const outcome = await sendWebhook(target, { id: d.webhookId, event: testMode ? 'test' : d.event, body });
  const attempt = p.attempt;
  const gone = outcome.status === 410;
  const maxAttempts = integration.retryFailed ? integration.maxRetryAttempts : 1;
  const retry = !outcome.ok && !gone && !p.manual && attempt < maxAttempts;
  const now = new Date();
  const nextAt = retry ? new Date(now.getTime() + (outcome.retryAfterMs ?? crmRetryDelayMs(attempt))) : null;
  const result: DeliveryRunResult['outcome'] = outcome.ok ? 'succeeded' : retry ? 'retrying' : 'failed';
  await db.transaction(async (tx) => {
    await tx.insert(crmDeliveryAttempts).values({
      deliveryId: d.id, schoolId: d.schoolId, attempt, statusCode: outcome.status, durationMs: outcome.durationMs,
      responseExcerpt: outcome.responseExcerpt?.slice(0, EXCERPT_CHARS) ?? null, error: outcome.error,
    });
    await tx
      .update(crmDeliveries)
      .set({
        body, attempts: attempt, testMode, status: result === 'retrying' ? 'pending' : result, nextAttemptAt: nextAt,
        lastStatusCode: outcome.status, lastDurationMs: outcome.durationMs, lastResponseExcerpt: outcome.responseExcerpt?.slice(0, EXCERPT_CHARS) ?? null,
        lastError: outcome.error, updatedAt: now, finishedAt: result === 'retrying' ? null : now,
      })
      .where(and(eq(crmDeliveries.id, d.id), eq(crmDeliveries.schoolId, d.schoolId)));
    if (retry) await queueAttempt(d.id, attempt + 1, nextAt!, tx);
    if (gone) {
      await tx
        .update(crmIntegrations)
        .set({ enabled: false, disabledReason: `The CRM answered 410 Gone on ${now.toISOString()}, so Lantern switched the integration off.`, updatedAt: now })
        .where(eq(crmIntegrations.schoolId, d.schoolId));
    }
    if (result === 'failed' && !p.manual && integration.errorNotificationEmail) await queueMail(failureMail(integration, d, attempt, outcome.error ?? 'unknown', gone), tx);
  });
  return { delivery_id: d.id, outcome: result, status_code: outcome.status };
}

/**
 * After the job itself gave up (the database failed under it, not the CRM): the delivery says so.
 * The job carries only the delivery's id; no school_id comes from outside, so the row's own is used.
 */
export async function markCrmDeliveryFailed(deliveryId: number, error: string): Promise<void> {
  const db = await getDb();
  const [d] = await db.select({ schoolId: crmDeliveries.schoolId }).from(crmDeliveries).where(eq(crmDeliveries.id, deliveryId)).limit(1);
  if (!d) return;
  await db
    .update(crmDeliveries)
    .set({ status: 'failed', lastError: error.slice(0, 1000), nextAttemptAt: null, finishedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(crmDeliveries.id, deliveryId), eq(crmDeliveries.schoolId, d.schoolId), eq(crmDeliveries.status, 'pending')));
}

/** GET /api/crm-integration/deliveries: newest first, paged, each with its attempts. */
export async function listCrmDeliveries(ctx: AuthContext, q: DeliveriesQuery): Promise<CrmDeliveryPage> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const where = and(eq(crmDeliveries.schoolId, schoolId), q.status ? eq(crmDeliveries.status, q.status) : undefined);
  const [{ total }] = (await db.select({ total: count() }).from(crmDeliveries).where(where)) as [{ total: number }];
  const rows = await db
    .select()
    .from(crmDeliveries)
    .where(where)
    .orderBy(desc(crmDeliveries.id))
    .limit(q.page_size)
    .offset((q.page - 1) * q.page_size);
  const attempts = rows.length
    ? await db
        .select()
        .from(crmDeliveryAttempts)
        .where(and(eq(crmDeliveryAttempts.schoolId, schoolId), inArray(crmDeliveryAttempts.deliveryId, rows.map((r) => r.id))))
        .orderBy(asc(crmDeliveryAttempts.deliveryId), asc(crmDeliveryAttempts.attempt))
    : [];
  const leadIds = [...new Set(rows.map((r) => r.leadId).filter((id): id is number => id !== null))];
  const named = leadIds.length
    ? await db
        .select({ id: leads.id, first_name: leads.firstName, last_name: leads.lastName, preferred_name: leads.preferredName, email: leads.email, phone: leads.phone })
        .from(leads)
        .where(and(eq(leads.schoolId, schoolId), inArray(leads.id, leadIds)))
    : [];
  const names = new Map(named.map((l) => [l.id, givenName(l) ?? `Lead ${l.id}`]));
  const items: CrmDeliveryView[] = rows.map((r) => ({
    id: r.id,
    lead_id: r.leadId,
    lead_name: r.leadId === null ? null : (names.get(r.leadId) ?? null),
    event: r.event,
    webhook_id: r.webhookId,
    status: r.status,
    test_mode: r.testMode,
    attempts: r.attempts,
    last_status_code: r.lastStatusCode,
    last_duration_ms: r.lastDurationMs,
    last_response_excerpt: r.lastResponseExcerpt,
    last_error: r.lastError,
    next_attempt_at: iso(r.nextAttemptAt),
    created_at: r.createdAt.toISOString(),
    finished_at: iso(r.finishedAt),
    attempt_log: attempts
      .filter((a) => a.deliveryId === r.id)
      .map((a) => ({ attempt: a.attempt, status_code: a.statusCode, duration_ms: a.durationMs, response_excerpt: a.responseExcerpt, error: a.error, at: a.createdAt.toISOString() })),
  }));
  return { items, total: Number(total), page: q.page, page_size: q.page_size };
}

/**
 * POST /api/crm-integration/deliveries/{id}/replay: one more attempt now, with the same body and
 * webhook-id (the CRM can tell it already has it). Refused while the integration cannot send.
 */
export async function replayCrmDelivery(ctx: AuthContext, id: number): Promise<{ message: string; delivery_id: number }> {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [d] = await db.select().from(crmDeliveries).where(and(eq(crmDeliveries.id, id), eq(crmDeliveries.schoolId, schoolId))).limit(1);
  if (!d) throw notFound('Delivery not found');
  const integration = await readIntegration(schoolId);
  if (!integration || !integration.enabled || !integration.webhookUrl) throw conflict('The CRM integration is not enabled; enable it before replaying deliveries');
  if (d.body === null && d.leadId === null) throw conflict('The lead of this delivery was deleted');
  await db.transaction(async (tx) => {
    await tx
      .update(crmDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date(), finishedAt: null, updatedAt: new Date() })
      .where(and(eq(crmDeliveries.id, d.id), eq(crmDeliveries.schoolId, schoolId)));
    await queueAttempt(d.id, d.attempts + 1, undefined, tx, true);
  });
  return { message: 'Delivery queued again', delivery_id: d.id };
}

/** Its background job, queued above in the change's transaction and run by the job runners (background.ts). */
export const crmDeliveryJob = defineJob({
  name: 'crm_delivery',
  display_name: 'Send a lead to the CRM',
  payload: z.object({ delivery_id: z.number().int().positive(), attempt: z.number().int().positive(), manual: z.boolean().default(false) }),
  // The CRM's own failures are retried by the delivery (./deliveries.ts, Standard Webhooks'
  // schedule); this policy only covers a run that failed under Lantern (the database went away).
  retry: { maxAttempts: 3, baseDelayMs: 5_000, maxDelayMs: 60_000 },
  handler: async () => ({ run: (payload) => runCrmDelivery(payload), giveUp: ({ delivery_id }, error) => markCrmDeliveryFailed(delivery_id, error) }),
});
