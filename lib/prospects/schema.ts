import { z } from 'zod';
import { CONTROL_CHARS, stripBidiControls } from '@/lib/text/controls';
import { singleLine } from '@/lib/text/single-line';

const EVERY_CONTROL = new RegExp(CONTROL_CHARS.source, 'g');

// Prospects: their fields, the list's query (50 a page, newest first) and the import's column
// mapping. No server imports: shared by the screen, the actions and the routes.

export const PROSPECT_FIELDS = [
  'external_id',
  'first_name',
  'last_name',
  'email',
  'phone',
  'address_street1',
  'address_street2',
  'address_city',
  'address_state',
  'address_zip',
  'address_country',
  'status',
  'anticipated_program',
  'anticipated_start_date',
] as const;
export type ProspectField = (typeof PROSPECT_FIELDS)[number];

export const PROSPECT_FIELD_LABELS: Record<ProspectField, string> = {
  external_id: 'External ID',
  first_name: 'First Name',
  last_name: 'Last Name',
  email: 'Email',
  phone: 'Phone',
  address_street1: 'Street Address',
  address_street2: 'Street Address 2',
  address_city: 'City',
  address_state: 'State',
  address_zip: 'ZIP / Postal Code',
  address_country: 'Country',
  status: 'Status',
  anticipated_program: 'Program',
  anticipated_start_date: 'Start Date',
};

export const PROSPECT_PAGE_SIZE = 50;
export const RECENT_DAYS = 7;
export const PROSPECT_FILE_MAX_BYTES = 25 * 1024 * 1024;
export const PROSPECT_FILE_TOO_LARGE = 'Prospect files must be less than 25MB';
export const ACCEPTED_PROSPECT_EXTENSIONS = ['.csv', '.xlsx', '.xls'] as const;
export const MAX_COLUMNS = 500;
export const MAX_ROWS = 200_000;
export const MAX_CUSTOM_FIELDS = 50;

export const SELECT_FILE = 'Please select a CSV or Excel file';
export const MAP_NAMES = 'Please map both First Name and Last Name fields (required)';
export const FEATURE_OFF = 'Manage Prospects is not turned on for this school';

export function hasAcceptedExtension(filename: string): boolean {
  const lower = filename.toLowerCase();
  return ACCEPTED_PROSPECT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    // An imported cell may hold a line break (an address): kept as a space; bidirectional controls dropped.
    .transform((v) => stripBidiControls(v.replace(EVERY_CONTROL, ' ')).trim())
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional();

export const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export function isRealDate(iso: string): boolean {
  if (!ISO_DATE.test(iso)) return false;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso;
}

export const customFieldName = z.string().trim().min(1, 'Custom field names cannot be empty').max(100, 'Custom field names must be at most 100 characters');

const customFields = z
  .record(customFieldName, z.string().max(2000, 'Custom field values must be at most 2000 characters'), { error: 'Custom fields must be an object of names to text' })
  .refine((v) => Object.keys(v).length <= MAX_CUSTOM_FIELDS, `At most ${MAX_CUSTOM_FIELDS} custom fields`);

/** A required name: no line breaks or other controls, bidirectional controls dropped. */
const personName = (label: string) =>
  singleLine(
    z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(200, `${label} must be at most 200 characters`),
    `${label} cannot contain line breaks or other control characters`,
  ).refine((v) => v.length > 0, `${label} is required`);

const prospectFields = {
  external_id: text('External ID', 200),
  first_name: personName('First name'),
  last_name: personName('Last name'),
  email: z
    .union([z.literal('').transform(() => null), z.string().trim().max(320, 'Email must be at most 320 characters').pipe(z.email('Enter a valid e-mail address')), z.null()])
    .optional(),
  phone: text('Phone', 40),
  address_street1: text('Street address', 300),
  address_street2: text('Street address 2', 300),
  address_city: text('City', 200),
  address_state: text('State', 100),
  address_zip: text('ZIP / postal code', 20),
  address_country: text('Country', 100),
  status: text('Status', 100),
  anticipated_program: text('Program', 200),
  anticipated_start_date: z
    .union([z.literal('').transform(() => null), z.string().trim().refine(isRealDate, 'Start date must be a date like 2026-09-01'), z.null()])
    .optional(),
  custom_fields: customFields.optional(),
};

export const prospectCreateSchema = z.object(prospectFields).strict();
export const prospectUpdateSchema = z.object(prospectFields).partial().strict();
export type ProspectCreateInput = z.infer<typeof prospectCreateSchema>;
export type ProspectUpdateInput = z.infer<typeof prospectUpdateSchema>;

export const PROSPECT_SORTS = ['created_at', 'first_name', 'last_name', 'email', 'status', 'anticipated_program', 'anticipated_start_date', 'external_id'] as const;
export type ProspectSort = (typeof PROSPECT_SORTS)[number];

export const prospectListQuerySchema = z.object({
  search: z.string().trim().max(200, 'Search must be at most 200 characters').optional(),
  status: z.string().trim().max(100).optional(),
  program: z.string().trim().max(200).optional(),
  sort_by: z.enum(PROSPECT_SORTS, { error: `sort_by is one of ${PROSPECT_SORTS.join(', ')}` }).default('created_at'),
  sort_order: z.enum(['asc', 'desc'], { error: 'sort_order is asc or desc' }).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(500).default(PROSPECT_PAGE_SIZE),
});
export type ProspectListQuery = z.infer<typeof prospectListQuerySchema>;

/** One column of the file and what becomes of it: a prospect field, or a custom field with this name. */
export const fieldMappingSchema = z.object({
  source_column: z.string({ error: 'source_column is required' }).min(1, 'source_column is required').max(500),
  target_field: z.string({ error: 'target_field is required' }).trim().max(100, 'target_field must be at most 100 characters'),
  is_custom: z.boolean().default(false),
});
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

/**
 * The mapping as a whole: known targets, each target and each column once, both names present.
 * An entry with an empty target skips its column. Answers the issues at their list positions.
 */
export const fieldMappingsSchema = z
  .array(fieldMappingSchema, { error: 'field_mappings must be a JSON list' })
  .max(MAX_COLUMNS, `At most ${MAX_COLUMNS} mappings`)
  .transform((list) => list.filter((m) => m.target_field !== ''))
  .superRefine((list, ctx) => {
    const targets = new Set<string>();
    const sources = new Set<string>();
    let custom = 0;
    list.forEach((m, i) => {
      if (!m.is_custom && !(PROSPECT_FIELDS as readonly string[]).includes(m.target_field)) {
        ctx.addIssue({ code: 'custom', path: [i, 'target_field'], message: `Unknown field '${m.target_field}'; map it to one of ${PROSPECT_FIELDS.join(', ')} or keep it as a custom field` });
      }
      if (m.is_custom) custom++;
      const key = `${m.is_custom ? 'custom' : 'field'}:${m.is_custom ? m.target_field.toLowerCase() : m.target_field}`;
      if (targets.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'target_field'], message: `'${m.target_field}' is mapped from more than one column` });
      targets.add(key);
      if (sources.has(m.source_column)) ctx.addIssue({ code: 'custom', path: [i, 'source_column'], message: `Column '${m.source_column}' is mapped more than once` });
      sources.add(m.source_column);
    });
    if (custom > MAX_CUSTOM_FIELDS) ctx.addIssue({ code: 'custom', path: [], message: `At most ${MAX_CUSTOM_FIELDS} custom fields` });
    if (!targets.has('field:first_name') || !targets.has('field:last_name')) ctx.addIssue({ code: 'custom', path: [], message: MAP_NAMES });
  });

export const batchIdParams = z.object({ batch_id: z.uuid('Not a batch id') });

export type ProspectView = {
  id: number;
  internal_id: string;
  external_id: string | null;
  first_name: string;
  last_name: string;
  email: string | null;
  phone: string | null;
  address_street1: string | null;
  address_street2: string | null;
  address_city: string | null;
  address_state: string | null;
  address_zip: string | null;
  address_country: string | null;
  status: string | null;
  anticipated_program: string | null;
  anticipated_start_date: string | null;
  custom_fields: Record<string, string>;
  batch_id: string | null;
  created_at: string;
  updated_at: string;
};

export type ProspectStats = { total_count: number; recent_uploads: number; status_breakdown: Record<string, number>; program_breakdown: Record<string, number> };

export type RowError = { line: number; column?: string; message: string };

export type ProspectBatchView = {
  batch_id: string;
  filename: string;
  file_type: 'csv' | 'xlsx';
  status: 'processing' | 'completed' | 'failed' | 'undone';
  total_rows: number | null;
  processed_rows: number;
  imported: number;
  updated: number;
  skipped: number;
  error_count: number;
  errors: RowError[];
  message: string | null;
  created_at: string;
  finished_at: string | null;
};

export type ParsedHeaders = {
  headers: string[];
  suggested_mappings: FieldMapping[];
  preview: Record<string, string>[];
  file_type: 'csv' | 'xlsx';
  encoding: string | null;
  delimiter: string | null;
};

export type UploadResult = {
  success: boolean;
  message: string;
  errors: RowError[];
  batch_id: string;
  status: ProspectBatchView['status'];
  imported: number;
  updated: number;
  skipped: number;
  error_count: number;
};
