import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { dateBound, endOf, startOf } from '@/lib/leads/manage-schema';
import { AUDIT_ACTIONS, type AuditAction } from './actions';

// The audit log's list and export filters, shared by the screen, the server actions and the REST
// routes. No server imports.

export { AUDIT_ACTIONS, type AuditAction };

export const AUDIT_PAGE_SIZE = 50;
export const AUDIT_FORMATS = ['csv', 'jsonl'] as const;

/** Readable names of the actions, for the screen's filter and list. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'auth.sign_in': 'Signed in',
  'auth.sign_in_failed': 'Failed sign-in',
  'auth.sso_sign_in': 'Signed in with SSO',
  'auth.sso_sign_in_failed': 'Failed SSO sign-in',
  'user.created': 'User created',
  'user.updated': 'User changed',
  'user.role_changed': 'User role changed',
  'user.deleted': 'User deleted',
  'leads.exported': 'Leads exported',
  'conversations.exported': 'Conversations exported',
  'privacy.subject_data_exported': 'Subject data exported',
  'privacy.erasure_requested': 'Erasure requested',
  'privacy.erasure_completed': 'Erasure completed',
  'lead.deleted': 'Lead deleted',
  'prospect.deleted': 'Prospect deleted',
  'conversations.deleted': 'Old conversations deleted',
  'school.deleted': 'School deleted',
  'widget.key_regenerated': 'Widget key regenerated',
  'crm.integration_changed': 'CRM integration changed',
  'settings.sso_changed': 'SSO settings changed',
  'settings.logging_changed': 'Logging settings changed',
  'settings.retention_changed': 'Retention settings changed',
  'live.joined': 'Joined a live conversation',
  'audit_log.exported': 'Audit log exported',
};

const FROM_AFTER_TO = 'from cannot be after to';

const filterShape = {
  action: z.enum(AUDIT_ACTIONS, { error: 'action is not an audit action' }).optional(),
  actor_id: idField.optional(),
  /** A superuser's filter; a school admin always sees their own school. */
  school_id: idField.optional(),
  /** A date (YYYY-MM-DD, UTC: the whole day for `to`) or an ISO date-time. */
  from: dateBound.optional(),
  to: dateBound.optional(),
};

function checkRange(v: { from?: string; to?: string }, ctx: z.RefinementCtx) {
  if (!v.from || !v.to) return;
  const end = endOf(v.to);
  const from = startOf(v.from).getTime();
  if (end.inclusive ? from > end.at.getTime() : from >= end.at.getTime()) ctx.addIssue({ code: 'custom', path: ['from'], message: FROM_AFTER_TO });
}

export const auditListQuerySchema = z
  .object({
    ...filterShape,
    page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000, 'page is too large').default(1),
    page_size: z.coerce
      .number({ error: 'page_size must be a number' })
      .int('page_size must be a whole number')
      .min(1, 'page_size must be at least 1')
      .max(500, 'page_size must be at most 500')
      .default(AUDIT_PAGE_SIZE),
  })
  .superRefine(checkRange);

export const auditExportQuerySchema = z
  .object({ ...filterShape, format: z.enum(AUDIT_FORMATS, { error: 'format must be csv or jsonl' }).default('csv') })
  .superRefine(checkRange);

export type AuditFilter = z.infer<typeof auditExportQuerySchema>;
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

/** One entry as the API answers it. */
export type AuditEntryView = {
  id: number;
  at: string;
  actor_id: number | null;
  actor_email: string | null;
  school_id: number | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  client_address: string | null;
  request_id: string | null;
  details: Record<string, unknown>;
};

export type AuditPage = { entries: AuditEntryView[]; total: number; page: number; page_size: number };
