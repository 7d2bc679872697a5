import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { LEAD_VALUE_SCHEMAS } from '@/lib/leads/values';
import type { ErasureStatus } from '@/db/schema/privacy';

// Who a privacy request is about: any of an e-mail address, a phone number, a lead or a
// conversation (its reference as Logs and exports show it, "c-…", or the widget's session id).

export const SUBJECT_FIELDS = ['email', 'phone', 'lead_id', 'session_id'] as const;
export const NO_SUBJECT = 'Give at least one of email, phone, lead_id or session_id';

const subjectFields = {
  email: (LEAD_VALUE_SCHEMAS.email as z.ZodType<string>).optional(),
  phone: (LEAD_VALUE_SCHEMAS.phone as z.ZodType<string>).optional(),
  lead_id: idField.optional(),
  session_id: z
    .string({ error: 'session_id must be text' })
    .trim()
    .min(1, 'session_id is required')
    .max(100, 'session_id is at most 100 characters')
    .regex(/^[A-Za-z0-9_-]+$/, 'session_id may hold letters, digits, - and _ only')
    .optional(),
};

const atLeastOne = (v: Record<string, unknown>) => SUBJECT_FIELDS.some((k) => v[k] !== undefined);

/** POST /privacy/erasures. */
export const erasureRequestSchema = z.object(subjectFields).strict().refine(atLeastOne, { message: NO_SUBJECT });
export type PrivacySubject = z.infer<typeof erasureRequestSchema>;

/** GET /privacy/subject-data. */
export const subjectQuerySchema = z.object(subjectFields).refine(atLeastOne, { message: NO_SUBJECT });

/** What an erasure removed, by kind of record. */
export const ERASED_KINDS = ['leads', 'conversations', 'messages', 'prospects', 'import_files', 'mail', 'deliveries', 'crm_notified', 'corrections'] as const;
export type ErasedCounts = Record<(typeof ERASED_KINDS)[number], number>;

export type ErasureView = {
  id: number;
  status: ErasureStatus;
  requested_at: string;
  started_at: string | null;
  completed_at: string | null;
  requested_by: string | null;
  /** Identifiers given, by kind, never their values. */
  identified_by: string[];
  /** Earlier erasures of this school that named one of the same identifiers. */
  earlier_requests: number;
  erased: ErasedCounts | null;
  error: string | null;
};

export const ERASURE_NOT_FOUND = 'Erasure not found';

const windowDays = z.union([z.null(), z.coerce.number({ error: 'Must be a number of days' }).int('Must be a whole number of days').min(1, 'Must be at least 1 day').max(3650, 'Must be at most 3650 days')]);

/** PUT /privacy/retention: null switches a window off. */
export const retentionInputSchema = z.object({ lead_retention_days: windowDays, prospect_retention_days: windowDays }).strict();
export type RetentionInput = z.infer<typeof retentionInputSchema>;

export type RetentionWindow = { key: 'conversations' | 'leads' | 'prospects' | 'crm_payloads' | 'mail_bodies'; label: string; days: number | null; next_run: number };
export type RetentionView = RetentionInput & { windows: RetentionWindow[] };
