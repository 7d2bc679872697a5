import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import type { Executor } from '@/db/types';
import type { AuthContext } from '@/lib/auth/accounts';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { CHATBOT_DEFAULTS, chatbotSettingsStore } from '@/lib/widget/settings';
import { requirePrivacyOfficer } from './erasure';
import { oneOf } from './person';
import type { RetentionInput, RetentionView } from './schema';

// How long personal data is kept besides conversations (their own window is the Logging tab's):
// leads with no interaction for the school's window, prospects not updated for theirs (both off by
// default), the body of mail sent (or kept without SMTP) 30 days ago, and the payload of a CRM
// delivery 30 days after it finished. The daily privacy_retention task applies them; the Privacy
// page shows each window and what its next run deletes, from the same conditions.

/** Days a sent mail's body and a finished CRM delivery's payload are kept. */
export const COPY_DAYS = 30;
export const DROPPED_BODY = '[dropped after 30 days: Lantern keeps a sent mail’s body for 30 days]';
const ago = (days: number) => sql`now() - make_interval(days => ${days})`;

type Windows = { lead_retention_days: number | null; prospect_retention_days: number | null };

const leadsPast = (schoolId: number, days: number): SQL => sql`school_id = ${schoolId} and not is_test and last_interaction_at < ${ago(days)}`;
const prospectsPast = (schoolId: number, days: number): SQL => sql`school_id = ${schoolId} and updated_at < ${ago(days)}`;
// The run drops every old body at once (the platform's own mail too); a school's figure counts its own.
const mailPast = sql`status in ('sent', 'logged') and text_body <> ${DROPPED_BODY} and coalesce(sent_at, created_at) < ${ago(COPY_DAYS)}`;
const deliveriesPast = (schoolId: number | null): SQL =>
  sql`${schoolId === null ? sql`true` : sql`school_id = ${schoolId}`} and status <> 'pending' and body is not null and finished_at < ${ago(COPY_DAYS)}`;

async function windowsOf(db: Executor, schoolId: number): Promise<Windows> {
  const [row] = resultRows<Windows>(await db.execute(sql`select lead_retention_days, prospect_retention_days from chatbot_settings where school_id = ${schoolId}`));
  return { lead_retention_days: row?.lead_retention_days ?? null, prospect_retention_days: row?.prospect_retention_days ?? null };
}

const countOf = async (db: Executor, from: SQL, where: SQL) => Number(resultRows<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${from} where ${where}`))[0]?.n ?? 0);

/** GET /privacy/retention: each window of the school and what the next run deletes. */
export async function retentionView(ctx: AuthContext): Promise<RetentionView> {
  const schoolId = requirePrivacyOfficer(ctx);
  const db = await getDb();
  const w = await windowsOf(db, schoolId);
  const { value: logging } = await chatbotSettingsStore.readWithDefaults(schoolId, CHATBOT_DEFAULTS);
  const conversationsNext = logging.auto_delete_enabled
    ? await countOf(db, sql`conversations`, sql`school_id = ${schoolId} and started_at < ${ago(logging.retention_days)}`)
    : 0;
  return {
    ...w,
    windows: [
      { key: 'conversations', label: 'Conversations and their messages', days: logging.auto_delete_enabled ? logging.retention_days : null, next_run: conversationsNext },
      { key: 'leads', label: 'Leads with no interaction', days: w.lead_retention_days, next_run: w.lead_retention_days === null ? 0 : await countOf(db, sql`leads`, leadsPast(schoolId, w.lead_retention_days)) },
      { key: 'prospects', label: 'Prospects not updated', days: w.prospect_retention_days, next_run: w.prospect_retention_days === null ? 0 : await countOf(db, sql`prospects`, prospectsPast(schoolId, w.prospect_retention_days)) },
      { key: 'crm_payloads', label: 'CRM delivery payloads, after the delivery finished', days: COPY_DAYS, next_run: await countOf(db, sql`crm_deliveries`, deliveriesPast(schoolId)) },
      { key: 'mail_bodies', label: 'Bodies of sent mail', days: COPY_DAYS, next_run: await countOf(db, sql`mail_outbox`, sql`school_id = ${schoolId} and ${mailPast}`) },
    ],
  };
}

/** PUT /privacy/retention: the school's windows for leads and prospects (null: off). */
export async function saveRetention(ctx: AuthContext, input: RetentionInput): Promise<RetentionView> {
  const schoolId = requirePrivacyOfficer(ctx);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const before = await windowsOf(tx, schoolId);
    await tx.execute(sql`
      insert into chatbot_settings (school_id, lead_retention_days, prospect_retention_days) values (${schoolId}, ${input.lead_retention_days}, ${input.prospect_retention_days})
      on conflict (school_id) do update set lead_retention_days = excluded.lead_retention_days, prospect_retention_days = excluded.prospect_retention_days, updated_at = now()`);
    const changed = (['lead_retention_days', 'prospect_retention_days'] as const).filter((k) => before[k] !== input[k]);
    if (changed.length)
      await recordAudit({ action: 'settings.retention_changed', actor: staffActor(ctx), schoolId, target: { type: 'school', id: schoolId }, details: Object.fromEntries(changed.map((k) => [k, { from: before[k], to: input[k] }])) }, tx);
  });
  return retentionView(ctx);
}

export type RetentionRun = { leads: number; prospects: number; mail_bodies: number; crm_payloads: number };

/**
 * The daily privacy_retention task. A lead past its window goes (its conversations stay for their own
 * window, with the details they had captured cleared); a prospect likewise; old copies are dropped.
 */
export async function applyPrivacyRetention(): Promise<RetentionRun> {
  const db = await getDb();
  const run: RetentionRun = { leads: 0, prospects: 0, mail_bodies: 0, crm_payloads: 0 };
  const schools = resultRows<{ school_id: number; lead_retention_days: number | null; prospect_retention_days: number | null }>(
    await db.execute(sql`select school_id, lead_retention_days, prospect_retention_days from chatbot_settings where lead_retention_days is not null or prospect_retention_days is not null`),
  );
  for (const s of schools) {
    await db.transaction(async (tx) => {
      if (s.lead_retention_days !== null) {
        const doomed = resultRows<{ id: number; session_id: string | null }>(await tx.execute(sql`select id, session_id from leads where ${leadsPast(s.school_id, s.lead_retention_days)} for update`));
        if (doomed.length) {
          const ids = doomed.map((d) => Number(d.id));
          const sessions = doomed.flatMap((d) => (d.session_id ? [d.session_id] : []));
          await tx.execute(sql`update conversations set lead_data = '{}'::jsonb where school_id = ${s.school_id} and (${oneOf(sql`lead_id`, ids)} or ${oneOf(sql`session_id`, sessions)})`);
          await tx.execute(sql`update crm_deliveries set body = null, last_response_excerpt = null where school_id = ${s.school_id} and ${oneOf(sql`lead_id`, ids)}`);
          await tx.execute(sql`delete from leads where school_id = ${s.school_id} and ${oneOf(sql`id`, ids)}`);
        }
        run.leads += doomed.length;
      }
      if (s.prospect_retention_days !== null) run.prospects += resultRows(await tx.execute(sql`delete from prospects where ${prospectsPast(s.school_id, s.prospect_retention_days)} returning id`)).length;
    });
  }
  run.mail_bodies = resultRows(await db.execute(sql`update mail_outbox set text_body = ${DROPPED_BODY}, html_body = null, subject = kind where ${mailPast} returning id`)).length;
  const payloads = resultRows<{ id: number }>(await db.execute(sql`update crm_deliveries set body = null, last_response_excerpt = null where ${deliveriesPast(null)} returning id`));
  // What the CRM answered may echo the payload: it goes with it.
  if (payloads.length) await db.execute(sql`update crm_delivery_attempts set response_excerpt = null where ${oneOf(sql`delivery_id`, payloads.map((r) => Number(r.id)))}`);
  run.crm_payloads = payloads.length;
  return run;
}
