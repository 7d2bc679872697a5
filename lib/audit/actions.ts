// Every action the audit log records (lib/audit/record.ts), named `<area>.<what happened>`. The
// screen's action filter and the list's query schema read this list; an entry's action is one of them.
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sso_sign_in',
  'auth.sso_sign_in_failed',
  'user.created',
  'user.updated',
  'user.role_changed',
  'user.deleted',
  'leads.exported',
  'conversations.exported',
  'privacy.subject_data_exported',
  'privacy.erasure_requested',
  'privacy.erasure_completed',
  'lead.deleted',
  'prospect.deleted',
  'conversations.deleted',
  'school.deleted',
  'widget.key_regenerated',
  'crm.integration_changed',
  'settings.sso_changed',
  'settings.logging_changed',
  'settings.retention_changed',
  'live.joined',
  'audit_log.exported',
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an entry's target is; its id is kept as text (a conversation's reference is not a number). */
export type AuditTargetType = 'user' | 'school' | 'lead' | 'prospect' | 'prospect_list' | 'conversation' | 'crm_integration' | 'erasure' | 'audit_log';
