import 'server-only';
import { createHmac } from 'node:crypto';
import { and, desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { getDb, resultRows } from '@/db/client';
import { leads, privacyErasures, users, type ErasureIdentifiers, type PrivacyErasureRow } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { getAuthSecret } from '@/lib/auth/secret';
import { forbidden, notFound } from '@/lib/http/errors';
import { z } from 'zod';
import { defineJob } from '@/lib/jobs/define';
import { enqueue } from '@/lib/jobs/enqueue';
import { recordAudit, staffActor } from '@/lib/audit/record';
import { requireSchoolId } from '@/lib/tenancy';
import { LEAD_NOT_FOUND } from '@/lib/leads/manage';
import { erasePerson } from './erase';
import { findPerson } from './person';
import { ERASED_KINDS, ERASURE_NOT_FOUND, SUBJECT_FIELDS, type ErasedCounts, type ErasureView, type PrivacySubject } from './schema';

// Erasing one person from a school (POST /privacy/erasures): a request row and its job, written in
// one transaction; the job finds the person and erases every copy in one transaction that also
// completes the request and forgets the identifiers it was given. The request keeps keyed hashes of
// them, so a later request for the same address is recognised without anyone reading it back.

/** School admins, and superusers working in the school: a privacy request acts on the school's whole record of a person. */
export function requirePrivacyOfficer(ctx: AuthContext): number {
  if (ctx.role !== 'admin' && ctx.role !== 'superuser') throw forbidden('Not enough permissions: only administrators can handle privacy requests.');
  return requireSchoolId(ctx);
}

/** A keyed hash of one identifier, per school (the same address in two schools is two hashes). */
export function subjectHash(schoolId: number, kind: string, value: string | number): string {
  return createHmac('sha256', `lantern privacy subject\0${getAuthSecret()}`).update(`${schoolId}\0${kind}\0${String(value).toLowerCase()}`).digest('hex');
}

const hashesOf = (schoolId: number, s: PrivacySubject) => SUBJECT_FIELDS.flatMap((k) => (s[k] === undefined ? [] : [`${k}:${subjectHash(schoolId, k, s[k]!)}`]));

/** A lead named by id must be one of the school's (another school's lead answers 404, as everywhere). */
export async function requireOwnLead(schoolId: number, subject: PrivacySubject): Promise<void> {
  if (subject.lead_id === undefined) return;
  const db = await getDb();
  const [lead] = await db.select({ id: leads.id }).from(leads).where(and(eq(leads.id, subject.lead_id), eq(leads.schoolId, schoolId))).limit(1);
  if (!lead) throw notFound(LEAD_NOT_FOUND);
}

export async function requestErasure(ctx: AuthContext, subject: PrivacySubject): Promise<{ id: number; status: 'queued' }> {
  const schoolId = requirePrivacyOfficer(ctx);
  await requireOwnLead(schoolId, subject);
  const pending: ErasureIdentifiers = Object.fromEntries(SUBJECT_FIELDS.filter((k) => subject[k] !== undefined).map((k) => [k, subject[k]]));
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(privacyErasures)
      .values({ schoolId, requestedBy: ctx.user.id, subjectHashes: hashesOf(schoolId, subject), pending })
      .returning({ id: privacyErasures.id });
    await enqueue(erasureJob, { erasure_id: row!.id }, { dedupeKey: `privacy_erasure:${row!.id}` }, tx);
    await recordAudit({ action: 'privacy.erasure_requested', actor: staffActor(ctx), schoolId, target: { type: 'erasure', id: row!.id }, details: { identified_by: Object.keys(pending) } }, tx);
    return { id: row!.id, status: 'queued' as const };
  });
}

/** The erasure job: one attempt. Running again after a failure finds what is left and erases it. */
export async function runErasure(id: number): Promise<Record<string, unknown>> {
  const db = await getDb();
  const [row] = await db.select().from(privacyErasures).where(eq(privacyErasures.id, id)).limit(1);
  if (!row || row.status === 'completed' || !row.pending) return { erasure_id: id, outcome: 'skipped' };
  await db
    .update(privacyErasures)
    .set({ status: 'running', startedAt: row.startedAt ?? new Date(), error: null })
    .where(and(eq(privacyErasures.id, id), eq(privacyErasures.schoolId, row.schoolId)));
  const erased = await db.transaction(async (tx) => {
    const person = await findPerson(tx, row.schoolId, row.pending!);
    const counts = await erasePerson(tx, row.schoolId, person);
    await tx
      .update(privacyErasures)
      .set({ status: 'completed', pending: null, erased: counts, completedAt: new Date() })
      .where(and(eq(privacyErasures.id, id), eq(privacyErasures.schoolId, row.schoolId)));
    await recordAudit({ action: 'privacy.erasure_completed', actor: null, schoolId: row.schoolId, target: { type: 'erasure', id }, details: { erased: counts } }, tx);
    return counts;
  });
  return { erasure_id: id, outcome: 'completed', ...erased };
}

/**
 * After the job's last attempt failed: the request says so and forgets the identifiers too (the
 * record never keeps them in clear once its job is over); the office asks again to retry.
 */
export async function markErasureFailed(id: number, error: string): Promise<void> {
  const db = await getDb();
  // The job carries only the request's id: the row's own school binds the write.
  const [row] = await db.select({ schoolId: privacyErasures.schoolId }).from(privacyErasures).where(eq(privacyErasures.id, id)).limit(1);
  if (!row) return;
  await db
    .update(privacyErasures)
    .set({ status: 'failed', error: error.slice(0, 500), pending: null })
    .where(and(eq(privacyErasures.id, id), eq(privacyErasures.schoolId, row.schoolId), sql`${privacyErasures.status} <> 'completed'`));
}

function view(row: PrivacyErasureRow & { requester: string | null }, earlier: number): ErasureView {
  const done = row.status === 'completed';
  return {
    id: row.id,
    status: row.status,
    requested_at: row.requestedAt.toISOString(),
    started_at: row.startedAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
    requested_by: row.requester,
    identified_by: row.subjectHashes.map((h) => h.split(':')[0]!),
    earlier_requests: earlier,
    erased: done ? (Object.fromEntries(ERASED_KINDS.map((k) => [k, Number(row.erased[k] ?? 0)])) as ErasedCounts) : null,
    error: row.status === 'failed' ? row.error : null,
  };
}

/** How many earlier erasures of the school named one of the same identifiers: for one erasure, or all of them. */
async function earlierCounts(schoolId: number, only?: number): Promise<Map<number, number>> {
  const db = await getDb();
  const rows = resultRows<{ id: number; earlier: number }>(
    await db.execute(sql`
      select e.id, (select count(*)::int from privacy_erasures o
        where o.school_id = e.school_id and o.id < e.id and o.subject_hashes ?| array(select jsonb_array_elements_text(e.subject_hashes))) as earlier
      from privacy_erasures e where e.school_id = ${schoolId}${only === undefined ? sql`` : sql` and e.id = ${only}`}`),
  );
  return new Map(rows.map((r) => [Number(r.id), Number(r.earlier)]));
}

const withRequester = { ...getTableColumns(privacyErasures), requester: users.email };

/** GET /privacy/erasures/{id}. */
export async function getErasure(ctx: AuthContext, id: number): Promise<ErasureView> {
  const schoolId = requirePrivacyOfficer(ctx);
  const db = await getDb();
  const [row] = await db
    .select(withRequester)
    .from(privacyErasures)
    .leftJoin(users, eq(users.id, privacyErasures.requestedBy))
    .where(and(eq(privacyErasures.id, id), eq(privacyErasures.schoolId, schoolId)))
    .limit(1);
  if (!row) throw notFound(ERASURE_NOT_FOUND);
  return view(row, (await earlierCounts(schoolId, id)).get(id) ?? 0);
}

/** GET /privacy/erasures: the school's erasures, newest first. */
export async function listErasures(ctx: AuthContext): Promise<ErasureView[]> {
  const schoolId = requirePrivacyOfficer(ctx);
  const db = await getDb();
  const rows = await db
    .select(withRequester)
    .from(privacyErasures)
    .leftJoin(users, eq(users.id, privacyErasures.requestedBy))
    .where(eq(privacyErasures.schoolId, schoolId))
    .orderBy(desc(privacyErasures.id))
    .limit(500);
  const earlier = await earlierCounts(schoolId);
  return rows.map((r) => view(r, earlier.get(r.id) ?? 0));
}


/** The erasure's job, queued and run by this module (a lazy import back to it would be a circle). */
export const erasureJob = defineJob({
  name: 'privacy_erasure',
  display_name: 'Erase a person',
  payload: z.object({ erasure_id: z.number().int().positive() }),
  // One transaction per attempt: a failed one leaves nothing half erased, and the next finds what is left.
  retry: { maxAttempts: 5, baseDelayMs: 10_000, maxDelayMs: 10 * 60_000 },
  handler: async () => ({
    run: ({ erasure_id }) => runErasure(erasure_id),
    giveUp: ({ erasure_id }, error) => markErasureFailed(erasure_id, error),
  }),
});
