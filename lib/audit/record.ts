import { getDb, type Executor } from '@/db/client';
import { auditLog } from '@/db/schema/audit';
import type { AuditAction, AuditTargetType } from './actions';
import { currentRequestContext } from './context';

export type { AuditAction, AuditTargetType } from './actions';

/** Who did it: a staff account as it was then (its e-mail is kept, the account may go). */
export type AuditActor = { id: number | null; email: string | null };

export type AuditEntry = {
  action: AuditAction;
  /** null: the system itself (a scheduled task, a job). */
  actor: AuditActor | null;
  schoolId: number | null;
  target?: { type: AuditTargetType; id: string | number } | null;
  /** Ids, counts and settings' names only: never a visitor's name, e-mail, phone or words. */
  details?: Record<string, unknown>;
};

/** The actor of a signed-in staff member (an AuthContext, read by shape: lib/auth sits above this module). */
export const staffActor = (ctx: { user: { id: number; email: string } }): AuditActor => ({ id: ctx.user.id, email: ctx.user.email });

const MAX_TEXT = 320;
const clip = (value: string | null | undefined) => (value == null ? null : value.slice(0, MAX_TEXT));

/**
 * Records one audit entry. Given `tx`, it is written in the caller's transaction, so the action and
 * its entry commit (or roll back) together; the request's client address and id come from the
 * context the route or action frame set (lib/audit/context.ts).
 */
export async function recordAudit(entry: AuditEntry, tx?: Executor): Promise<void> {
  const request = currentRequestContext();
  const db = tx ?? (await getDb());
  await db.insert(auditLog).values({
    action: entry.action,
    actorId: entry.actor?.id ?? null,
    actorEmail: clip(entry.actor?.email),
    schoolId: entry.schoolId,
    targetType: entry.target?.type ?? null,
    targetId: entry.target ? String(entry.target.id) : null,
    clientAddress: clip(request?.clientAddress),
    requestId: request?.requestId ?? null,
    details: entry.details ?? {},
  });
}
