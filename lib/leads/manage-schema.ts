import { z } from 'zod';
import { LEAD_SOURCES, type LeadSource } from '@/db/schema/lead-values';
import { LEAD_FIELDS, type LeadFieldKey } from './fields';
import { LEAD_VALUE_SCHEMAS } from './values';

// The Leads page and its API: list filters, a lead
// entered or edited by staff, the export's fields and the export record. No server imports: the
// screen, the server actions and the REST routes share these.

export { LEAD_SOURCES, type LeadSource };

/** Exported source labels are words, not codes. */
export const SOURCE_LABELS: Record<LeadSource, string> = {
  chatbot_conversation: 'Chatbot Conversation',
  chatbot_quickinfocard: 'Quick Info Card',
  staff_entry: 'Staff Entry',
};

/** Leads are listed 100 a page unless the caller asks for more (up to MAX_PAGE_SIZE). */
export const LEADS_PAGE_SIZE = 100;
export const MAX_PAGE_SIZE = 10000;

/** The Leads tab's date filter: the last 24 hours, 7, 30 or 90 days (in hours). */
export const DATE_FILTERS = [
  { value: '24h', label: 'Last 24 hours', hours: 24 },
  { value: '7d', label: 'Last 7 days', hours: 7 * 24 },
  { value: '30d', label: 'Last 30 days', hours: 30 * 24 },
  { value: '90d', label: 'Last 90 days', hours: 90 * 24 },
] as const;

/** Every field of a lead an export can hold, in column order, with its label. */
export const EXPORT_FIELDS = {
  id: 'ID',
  first_name: 'First Name',
  last_name: 'Last Name',
  preferred_name: 'Preferred Name',
  email: 'Email',
  phone: 'Phone',
  phone_type: 'Phone Type',
  source: 'Source',
  created_at: 'Created',
  updated_at: 'Updated',
  graduation_year: 'Graduation Year',
  intended_major: 'Intended Major',
  degree_level: 'Degree Level',
  state_province: 'State/Province',
  parent_email: 'Parent Email',
  parent_phone: 'Parent Phone',
  conversation_count: 'Conversations',
  last_interaction_at: 'Last Interaction',
  session_id: 'Session ID',
  date_of_birth: 'Date of Birth',
  opt_in_email: 'Email Opt-in',
  opt_in_sms: 'SMS Opt-in',
  opt_in_phone: 'Phone Opt-in',
  gpa: 'GPA',
} as const;
export type ExportField = keyof typeof EXPORT_FIELDS;
export const EXPORT_FIELD_KEYS = Object.keys(EXPORT_FIELDS) as ExportField[];

/** The sort keys of the list; `-` in front means newest / highest / Z first. */
export const SORT_FIELDS = ['created_at', 'updated_at', 'last_interaction_at', 'name', 'email', 'phone', 'source', 'graduation_year', 'conversation_count'] as const;
export type SortField = (typeof SORT_FIELDS)[number];
const SORT_VALUES = SORT_FIELDS.flatMap((f) => [f, `-${f}`]) as [string, ...string[]];

/* ---------------------------------------------------------------------------------------------- */

export const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:?\d{2})$/;

function realDate(v: string): boolean {
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(v);
}

/** A date (YYYY-MM-DD, UTC) or an ISO 8601 date-time with its offset; anything else answers 422. */
export const dateBound = z
  .string({ error: 'Use a date (YYYY-MM-DD) or an ISO date-time' })
  .trim()
  .refine((v) => (DATE_ONLY.test(v) ? realDate(v) : DATE_TIME.test(v) && !Number.isNaN(Date.parse(v))), 'Use a date (YYYY-MM-DD) or an ISO date-time');

/** The first instant a from-bound includes: a date alone is its start (UTC). */
export const startOf = (v: string): Date => new Date(DATE_ONLY.test(v) ? `${v}T00:00:00Z` : v);
/** The first instant after a to-bound: a date alone is the whole of that day. */
export function endOf(v: string): { at: Date; inclusive: boolean } {
  if (DATE_ONLY.test(v)) return { at: new Date(Date.parse(`${v}T00:00:00Z`) + 86_400_000), inclusive: false };
  return { at: new Date(v), inclusive: true };
}

export const FROM_AFTER_TO = 'From date cannot be after to date';
export const TO_BEFORE_FROM = 'To date cannot be before from date';

const queryBoolean = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'], { error: 'Use true or false' })])
  .transform((v) => v === true || v === 'true' || v === '1');

const filterShape = {
  source: z.enum(LEAD_SOURCES, { error: `Source must be one of ${LEAD_SOURCES.join(', ')}` }).optional(),
  /** Words in the names, e-mail or phone (each word must match; a number matches the phone's digits). */
  search: z.string().trim().max(200, 'Search is at most 200 characters').optional(),
  /** Only leads created after the last normal export (GET /leads/export/last-export-date). */
  since_last_export: queryBoolean.optional(),
  from_date: dateBound.optional(),
  to_date: dateBound.optional(),
  sort: z.enum(SORT_VALUES, { error: `Sort by one of ${SORT_FIELDS.join(', ')} (a leading - for descending)` }).default('-created_at'),
};

function checkRange(v: { from_date?: string | null; to_date?: string | null }, ctx: z.RefinementCtx) {
  if (v.from_date && v.to_date) {
    const end = endOf(v.to_date);
    const from = startOf(v.from_date).getTime();
    if (end.inclusive ? from > end.at.getTime() : from >= end.at.getTime()) ctx.addIssue({ code: 'custom', path: ['from_date'], message: FROM_AFTER_TO });
  }
}

export const leadFilterSchema = z.object(filterShape).superRefine(checkRange);
export type LeadFilter = z.infer<typeof leadFilterSchema>;

export const leadListQuerySchema = z
  .object({
    ...filterShape,
    page_size: z.coerce
      .number({ error: 'page_size must be a number' })
      .int('page_size must be a whole number')
      .min(1, 'page_size must be at least 1')
      .max(MAX_PAGE_SIZE, `page_size must be at most ${MAX_PAGE_SIZE}`)
      .default(LEADS_PAGE_SIZE),
    page: z.coerce.number({ error: 'page must be a number' }).int('page must be a whole number').min(1, 'page must be at least 1').max(1_000_000).default(1),
    /** Rows to skip; when given it wins over `page`. */
    offset: z.coerce.number({ error: 'offset must be a number' }).int('offset must be a whole number').min(0, 'offset must be at least 0').max(100_000_000).optional(),
  })
  .superRefine(checkRange);
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;

const fieldList = z
  .string()
  .trim()
  .transform((v, ctx) => {
    const keys = v
      .split(',')
      .map((k) => k.trim())
      .filter(Boolean);
    if (keys.length === 0) {
      ctx.addIssue({ code: 'custom', message: 'Please select at least one field to export.' });
      return z.NEVER;
    }
    const unknown = keys.filter((k) => !Object.hasOwn(EXPORT_FIELDS, k));
    if (unknown.length) {
      ctx.addIssue({ code: 'custom', message: `Unknown field${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}. Fields: ${EXPORT_FIELD_KEYS.join(', ')}` });
      return z.NEVER;
    }
    return [...new Set(keys)] as ExportField[];
  });

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type LeadExportFormat = (typeof EXPORT_FORMATS)[number];

export const leadExportQuerySchema = z
  .object({
    ...filterShape,
    format: z.enum(EXPORT_FORMATS, { error: 'Format must be csv or json' }).default('csv'),
    /** Comma-separated export fields (GET /leads/export/field-stats lists them); all when absent. */
    fields: fieldList.optional(),
  })
  .superRefine(checkRange);
export type LeadExportQuery = z.infer<typeof leadExportQuerySchema>;

export const exportTrackSchema = z
  .object({
    export_type: z.preprocess((v) => (typeof v === 'string' ? v.toUpperCase() : v), z.enum(['CSV', 'JSON'], { error: 'export_type must be CSV or JSON' })),
    from_date: dateBound.nullish(),
    to_date: dateBound.nullish(),
    field_count: z.number({ error: 'field_count must be a number' }).int('field_count must be a whole number').min(1, 'field_count must be at least 1').max(EXPORT_FIELD_KEYS.length, `field_count is at most ${EXPORT_FIELD_KEYS.length}`),
    lead_count: z.number({ error: 'lead_count must be a number' }).int('lead_count must be a whole number').min(0, 'lead_count must be at least 0').max(100_000_000),
    /**
     * Whether this was a normal export (everything since the last one), whose record moves the last
     * export date to `to_date` (the export's X-Export-Until header; now when absent); a custom range
     * leaves it. When absent it is read off `from_date`: none, or one equal to the last export date
     * (the export's X-Export-From), is a normal export.
     */
    since_last_export: z.boolean({ error: 'since_last_export must be true or false' }).optional(),
  })
  .superRefine(checkRange);
export type ExportTrackInput = z.infer<typeof exportTrackSchema>;

/* ---------------------------------------------------------------------------------------------- */

const FIXED: Record<string, string> = {
  source: 'The source of a lead cannot be changed',
  school_id: 'The school of a lead cannot be changed',
  id: 'The id of a lead cannot be changed',
  session_id: 'The session of a lead cannot be changed',
};
export const NEEDS_NAME_AND_CONTACT = 'A lead needs a first or last name, and an email or phone number';

const isBlank = (v: unknown) => v === null || v === undefined || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.length === 0);

export type LeadChanges = Partial<Record<LeadFieldKey, unknown>>;

/** A staff-entered lead (POST, `create`) or the changed fields (PATCH: null or '' clears a field). */
function leadFieldsSchema(mode: 'create' | 'update') {
  return z
    .record(z.string(), z.unknown(), { error: 'The body must be a JSON object' })
    .transform((body, ctx) => {
      const out: LeadChanges = {};
      for (const [key, value] of Object.entries(body)) {
        if (Object.hasOwn(FIXED, key)) {
          ctx.addIssue({ code: 'custom', path: [key], message: FIXED[key]! });
          continue;
        }
        if (!Object.hasOwn(LEAD_FIELDS, key)) {
          ctx.addIssue({ code: 'custom', path: [key], message: `Unknown lead field "${key}"` });
          continue;
        }
        const field = key as LeadFieldKey;
        if (isBlank(value)) {
          if (mode === 'update') out[field] = null;
          continue;
        }
        const parsed = LEAD_VALUE_SCHEMAS[field].safeParse(value);
        if (parsed.success) out[field] = parsed.data;
        else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: [key, ...issue.path.map(String)], message: issue.message });
      }
      if (mode === 'create' && !ctx.issues.length && !((out.first_name || out.last_name) && (out.email || out.phone))) {
        ctx.addIssue({ code: 'custom', path: [], message: NEEDS_NAME_AND_CONTACT });
      }
      if (mode === 'update' && !ctx.issues.length && Object.keys(out).length === 0) ctx.addIssue({ code: 'custom', path: [], message: 'Nothing to change' });
      return out;
    });
}

export const leadCreateSchema = leadFieldsSchema('create');
export const leadUpdateSchema = leadFieldsSchema('update');

/** A lead as the API and the Leads page see it. */
export type LeadView = {
  id: number;
  first_name: string | null;
  last_name: string | null;
  preferred_name: string | null;
  email: string | null;
  phone: string | null;
  phone_type: string | null;
  source: LeadSource;
  created_at: string;
  updated_at: string;
  graduation_year: number | null;
  intended_major: string[];
  degree_level: string | null;
  state_province: string | null;
  parent_email: string | null;
  parent_phone: string | null;
  conversation_count: number;
  last_interaction_at: string;
  /** The reference of the lead's conversation (lib/conversations/reference.ts), never the widget's session id. */
  session_id: string | null;
  date_of_birth: string | null;
  opt_in_email: boolean | null;
  opt_in_sms: boolean | null;
  opt_in_phone: boolean | null;
  gpa: number | null;
  /** When the visitor asked to reach a person through the widget (null: never), and what they asked. */
  handoff_at: string | null;
  handoff_question: string | null;
};

export type LeadPage = { leads: LeadView[]; total: number; page: number; page_size: number; offset: number };

/** GET /leads/export/field-stats. */
export type FieldStats = { total: number; fields: { key: string; label: string; count: number }[] };

export type LeadStats = {
  total: number;
  today: number;
  last_7_days: number;
  by_source: Record<LeadSource, number>;
  with_email: number;
  with_phone: number;
  with_both: number;
};

/** The stats' "today" starts at the browser's midnight when it says so (an ISO date-time), else UTC midnight. */
export const leadStatsQuerySchema = z.object({ today_from: dateBound.optional() });
