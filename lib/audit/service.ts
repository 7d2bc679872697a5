import 'server-only';
import { and, count, desc, eq, gte, lt, lte, sql, type SQL } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { auditLog, type AuditLogRow } from '@/db/schema/audit';
import { schools } from '@/db/schema/schools';
import type { AuthContext } from '@/lib/auth/accounts';
import { attachmentHeaders, csvRecords, datedFileName, UTF8_BOM } from '@/lib/export/csv';
import { forbidden } from '@/lib/http/errors';
import { requireSchoolId } from '@/lib/tenancy';
import { endOf, startOf } from '@/lib/leads/manage-schema';
import { recordAudit, staffActor } from './record';
import type { AuditEntryView, AuditFilter, AuditListQuery, AuditPage } from './schema';
import { logError } from '@/lib/system/log';

// Reading the audit log: school admins read their school's entries, superusers every school's
// (narrowed by school_id); a user role reads nothing. Nothing here changes or deletes an entry but
// the retention purge, the one writer the table's trigger lets through.

/** The school whose entries the caller may read (null: every school, a superuser's). */
function readableSchool(ctx: AuthContext, requested: number | undefined): number | null {
  if (ctx.role === 'superuser') return requested ?? null;
  if (ctx.role !== 'admin') throw forbidden('Only school admins and superusers can read the audit log');
  const own = requireSchoolId(ctx);
  // Another school's id answers 403, as in the reports (docs/decisions.md).
  if (requested !== undefined && requested !== own) throw forbidden("Admins can only read their own school's audit log");
  return own;
}

function whereOf(ctx: AuthContext, f: Omit<AuditFilter, 'format'>): SQL | undefined {
  const school = readableSchool(ctx, f.school_id);
  const to = f.to ? endOf(f.to) : null;
  return and(
    school === null ? undefined : eq(auditLog.schoolId, school),
    f.action ? eq(auditLog.action, f.action) : undefined,
    f.actor_id ? eq(auditLog.actorId, f.actor_id) : undefined,
    f.from ? gte(auditLog.at, startOf(f.from)) : undefined,
    to ? (to.inclusive ? lte(auditLog.at, to.at) : lt(auditLog.at, to.at)) : undefined,
  );
}

const view = (r: AuditLogRow): AuditEntryView => ({
  id: r.id,
  at: r.at.toISOString(),
  actor_id: r.actorId,
  actor_email: r.actorEmail,
  school_id: r.schoolId,
  action: r.action,
  target_type: r.targetType,
  target_id: r.targetId,
  client_address: r.clientAddress,
  request_id: r.requestId,
  details: r.details,
});

/** GET /audit-log: newest first, a page at a time, with how many entries match. */
export async function listAuditLog(ctx: AuthContext, q: AuditListQuery): Promise<AuditPage> {
  const where = whereOf(ctx, q);
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { entries: rows.map(view), total: total?.n ?? 0, page: q.page, page_size: q.page_size };
}

const EXPORT_BATCH = 1000;
const CSV_COLUMNS = ['id', 'at', 'actor_id', 'actor_email', 'school_id', 'action', 'target_type', 'target_id', 'client_address', 'request_id', 'details'] as const;

/**
 * GET /audit-log/export: the entries the filters select, newest first, as CSV (the project's inert
 * cells, UTF-8 with a BOM) or JSON Lines, read in pages by id so the file is written as it is read.
 * The export is itself recorded.
 */
export async function exportAuditLog(ctx: AuthContext, q: AuditFilter): Promise<Response> {
  const where = whereOf(ctx, q);
  const db = await getDb();
  await recordAudit({
    action: 'audit_log.exported',
    actor: staffActor(ctx),
    schoolId: ctx.role === 'superuser' ? (q.school_id ?? null) : ctx.schoolId,
    details: { format: q.format, filters: { action: q.action ?? null, actor_id: q.actor_id ?? null, from: q.from ?? null, to: q.to ?? null, school_id: q.school_id ?? null } },
  });
  const encoder = new TextEncoder();
  let before: number | null = null;
  let started = false;
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        if (!started) {
          started = true;
          if (q.format === 'csv') controller.enqueue(encoder.encode(UTF8_BOM + csvRecords([[...CSV_COLUMNS]])));
        }
        const rows = await db
          .select()
          .from(auditLog)
          .where(and(where, before === null ? undefined : lt(auditLog.id, before)))
          .orderBy(desc(auditLog.id))
          .limit(EXPORT_BATCH);
        if (rows.length === 0) {
          controller.close();
          return;
        }
        before = rows[rows.length - 1]!.id;
        const views = rows.map(view);
        const text =
          q.format === 'csv'
            ? csvRecords(views.map((v) => CSV_COLUMNS.map((c) => (c === 'details' ? JSON.stringify(v.details) : v[c]))))
            : views.map((v) => `${JSON.stringify(v)}\n`).join('');
        controller.enqueue(encoder.encode(text));
        if (rows.length < EXPORT_BATCH) controller.close();
      } catch (err) {
        console.error(`[export] audit log ${logError(err)}`);
        controller.error(err);
      }
    },
  });
  const type = q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/x-ndjson; charset=utf-8';
  return new Response(stream, { headers: attachmentHeaders(type, datedFileName('audit-log', q.format)) });
}

/** Days an entry is kept (AUDIT_LOG_RETENTION_DAYS, default 400). */
export function auditRetentionDays(): number {
  const v = Number(process.env.AUDIT_LOG_RETENTION_DAYS);
  return Number.isFinite(v) && v >= 1 ? Math.floor(v) : 400;
}

/**
 * The daily purge: deletes the entries older than the retention period. The one delete the table's
 * trigger allows, by the transaction-local setting it checks.
 */
export async function purgeAuditLog(days = auditRetentionDays()): Promise<{ deleted: number; retention_days: number }> {
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    await tx.execute(sql`set local lantern.audit_purge = 'on'`);
    const gone = await tx
      .delete(auditLog)
      .where(lt(auditLog.at, sql`now() - make_interval(days => ${days})`))
      .returning({ id: auditLog.id });
    return gone.length;
  });
  return { deleted, retention_days: days };
}

/** The screen's filter choices: the actors of the entries the caller may read and, for a superuser, every school. */
export async function auditFilterChoices(ctx: AuthContext): Promise<{ actors: { id: number; email: string }[]; schools: { id: number; name: string }[] }> {
  const school = readableSchool(ctx, undefined);
  const db = await getDb();
  const [actors, schoolRows] = await Promise.all([
    db
      .selectDistinctOn([auditLog.actorId], { id: auditLog.actorId, email: auditLog.actorEmail })
      .from(auditLog)
      .where(and(school === null ? undefined : eq(auditLog.schoolId, school), sql`${auditLog.actorId} is not null`))
      .orderBy(auditLog.actorId, desc(auditLog.id))
      .limit(500),
    ctx.role === 'superuser' ? db.select({ id: schools.id, name: schools.name }).from(schools).orderBy(schools.name) : Promise.resolve([]),
  ]);
  return { actors: actors.map((a) => ({ id: a.id!, email: a.email ?? `#${a.id}` })).sort((x, y) => x.email.localeCompare(y.email)), schools: schoolRows };
}
