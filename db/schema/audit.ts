import { bigint, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// One recorded action (lib/audit). Append-only: a trigger (migration 0042) refuses UPDATE and
// DELETE unless the transaction set lantern.audit_purge (the retention purge only). Ids are plain
// integers, not foreign keys: deleting a school or a user must not have to touch (or cascade into)
// its history, and the entry keeps the actor's e-mail as it was.
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    actorId: integer('actor_id'),
    actorEmail: text('actor_email'),
    schoolId: integer('school_id'),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: text('target_id'),
    clientAddress: text('client_address'),
    requestId: text('request_id'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [
    index('audit_log_school_idx').on(t.schoolId, t.id),
    index('audit_log_at_idx').on(t.at),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

export type AuditLogRow = typeof auditLog.$inferSelect;
