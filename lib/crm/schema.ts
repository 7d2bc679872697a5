import { z } from 'zod';
import { CRM_AUTH_TYPES, CRM_DELIVERY_STATUSES, CRM_EVENTS, CRM_HTTP_METHODS, type CrmAuthType, type CrmDeliveryStatus, type CrmEvent, type CrmHttpMethod, type CrmMappingValue } from '@/db/schema/crm';

// The CRM integration: its fields, the status label staff see, the form's rules and its defaults.
// No server imports: the CRM Setup screen, the server actions and the REST routes share it.

export { CRM_AUTH_TYPES, CRM_HTTP_METHODS, type CrmAuthType, type CrmDeliveryStatus, type CrmEvent, type CrmHttpMethod, type CrmMappingValue };
export { CRM_DELIVERY_STATUSES, CRM_EVENTS };

/** The lead fields a mapping may name as `{{field}}`. */
export const CRM_MAPPABLE_FIELDS = [
  'first_name', 'last_name', 'preferred_name', 'email', 'phone', 'parent_email', 'parent_phone', 'intended_major',
  'graduation_year', 'gpa', 'chat_history', 'source', 'conversation_id', 'created_at',
] as const;
export type CrmMappableField = (typeof CRM_MAPPABLE_FIELDS)[number];

export const CRM_FIELD_LABELS: Record<CrmMappableField, string> = {
  first_name: 'First name', last_name: 'Last name', preferred_name: 'Preferred name', email: 'Email', phone: 'Phone',
  parent_email: 'Parent email', parent_phone: 'Parent phone', intended_major: 'Intended major', graduation_year: 'Graduation year',
  gpa: 'GPA', chat_history: 'Chat history (transcript)', source: 'Source', conversation_id: 'Conversation id', created_at: 'Created at',
};

/** A new integration: on, POST, no auth, failed deliveries retried (3 attempts), not in test mode. */
export const CRM_DEFAULTS = { enabled: true, http_method: 'POST' as CrmHttpMethod, auth_type: 'none' as CrmAuthType, retry_failed: true, max_retry_attempts: 3, test_mode: false };
export const MAX_RETRY_ATTEMPTS = 5;

/** What the API answers in place of a stored auth value: it is never sent back. */
export { MASKED_SECRET } from '@/lib/security/masked-secret';

/** The spec's messages. */
export const CRM_MESSAGES = {
  loadFailed: 'Failed to load CRM integration settings',
  saveFailed: 'Failed to save CRM integration',
  saved: 'CRM integration saved successfully!',
  testFailed: 'Test failed',
  noIntegration: 'No CRM integration found. Please configure the integration first.',
  mappingFailed: 'Failed to save field mapping',
  mappingSaved: 'Field mapping saved successfully!',
} as const;

export const CRM_STATUS_LABELS = ['Not configured', 'Disabled', 'Incomplete setup', 'Working', 'Connection failed', 'Ready'] as const;
export type CrmStatusLabel = (typeof CRM_STATUS_LABELS)[number];

/** The one place the status label is worked out. */
export function crmStatusLabel(integration: { enabled: boolean; webhook_url: string | null; last_test_success: boolean | null } | null): CrmStatusLabel {
  if (!integration) return 'Not configured';
  if (!integration.enabled) return 'Disabled';
  if (!integration.webhook_url) return 'Incomplete setup';
  if (integration.last_test_success === true) return 'Working';
  if (integration.last_test_success === false) return 'Connection failed';
  return 'Ready';
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The field names the `{{...}}` placeholders of a mapping value name. */
export function placeholdersOf(value: string): string[] {
  return [...value.matchAll(PLACEHOLDER)].map((m) => m[1]!);
}

/** A value that is exactly one placeholder: it keeps the lead field's type (a number stays a number). */
export function soleFieldOf(value: string): string | null {
  const m = /^\{\{\s*([^{}]*?)\s*\}\}$/.exec(value.trim());
  return m ? m[1]! : null;
}

export const isMappableField = (name: string): name is CrmMappableField => (CRM_MAPPABLE_FIELDS as readonly string[]).includes(name);

/** Header names are RFC 9110 tokens; these ones Lantern sets itself. */
const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const RESERVED_HEADERS = new Set(['host', 'content-length', 'transfer-encoding', 'connection', 'content-type', 'webhook-id', 'webhook-timestamp', 'webhook-signature', 'x-lantern-event']);

function isHttpUrlWithoutCredentials(value: string, ctx: z.RefinementCtx) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'Webhook URL must be a valid URL' });
    return;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: 'Webhook URL must start with http:// or https://' });
  else if (url.username || url.password) ctx.addIssue({ code: 'custom', message: 'Webhook URL must not contain a user name or password; use the authentication settings' });
}

const webhookUrl = z.union([
  z.literal('').transform(() => null),
  z.null(),
  z.string().trim().max(2048, 'Webhook URL must be at most 2048 characters').superRefine(isHttpUrlWithoutCredentials),
]);

const email = z.union([z.literal('').transform(() => null), z.null(), z.string().trim().max(320).pipe(z.email('Enter a valid e-mail address'))]);

const customHeaders = z
  .record(z.string().max(200, 'Header names are at most 200 characters'), z.string().max(4000, 'Header values are at most 4000 characters'))
  .transform((headers) => Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.trim(), v.trim()]).filter(([k, v]) => k && v)) as Record<string, string>)
  .superRefine((headers, ctx) => {
    const entries = Object.entries(headers);
    if (entries.length > 50) ctx.addIssue({ code: 'custom', message: 'At most 50 custom headers' });
    for (const [name, value] of entries) {
      if (!HEADER_TOKEN.test(name)) ctx.addIssue({ code: 'custom', path: [name], message: `"${name}" is not a valid header name` });
      else if (RESERVED_HEADERS.has(name.toLowerCase())) ctx.addIssue({ code: 'custom', path: [name], message: `The ${name} header is set by Lantern and cannot be changed` });
      if (/[\r\n\0]/.test(value)) ctx.addIssue({ code: 'custom', path: [name], message: 'Header values cannot contain line breaks' });
    }
  });

const mappingValue = z.union([z.string().max(2000, 'Mapping values are at most 2000 characters'), z.number(), z.boolean(), z.null()]);

export const fieldMappingSchema = z
  .record(z.string().max(200, 'CRM field names are at most 200 characters'), mappingValue)
  .transform((mapping) =>
    Object.fromEntries(
      Object.entries(mapping)
        .map(([k, v]) => [k.trim(), typeof v === 'string' ? v.trim() : v] as const)
        .filter(([k, v]) => k && v !== '' && v !== null),
    ) as Record<string, CrmMappingValue>,
  )
  .superRefine((mapping, ctx) => {
    if (Object.keys(mapping).length > 200) ctx.addIssue({ code: 'custom', message: 'At most 200 mapped fields' });
    for (const [crmField, value] of Object.entries(mapping)) {
      if (typeof value !== 'string') continue;
      for (const name of placeholdersOf(value)) {
        if (!isMappableField(name)) ctx.addIssue({ code: 'custom', path: [crmField], message: `Unknown lead field "{{${name}}}"; use one of ${CRM_MAPPABLE_FIELDS.join(', ')}` });
      }
    }
  });

const fields = {
  integration_name: z.string().trim().min(1, 'Integration name is required').max(200, 'Integration name must be at most 200 characters'),
  enabled: z.boolean(),
  webhook_url: webhookUrl,
  http_method: z.enum(CRM_HTTP_METHODS, { error: 'http_method must be POST, PUT or PATCH' }),
  auth_type: z.enum(CRM_AUTH_TYPES, { error: 'auth_type must be none, bearer, api_key or basic' }),
  /** Absent or the mask: keep the stored value; null or '': clear it. */
  auth_value: z.union([z.string().max(4000, 'The auth value is at most 4000 characters'), z.null()]),
  custom_headers: customHeaders,
  retry_failed: z.boolean(),
  max_retry_attempts: z
    .number({ error: 'max_retry_attempts must be a number from 1 to 5' })
    .int('max_retry_attempts must be a whole number')
    .min(1, 'max_retry_attempts must be from 1 to 5')
    .max(MAX_RETRY_ATTEMPTS, 'max_retry_attempts must be from 1 to 5'),
  error_notification_email: email,
  test_mode: z.boolean(),
  field_mapping: fieldMappingSchema,
};

/** PUT: any subset (e.g. only field_mapping). */
export const crmIntegrationUpdateSchema = z.strictObject(
  Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.optional()])) as { [K in keyof typeof fields]: z.ZodOptional<(typeof fields)[K]> },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field(s): ${issue.keys.join(', ')}` : undefined) },
);
export type CrmIntegrationUpdate = z.infer<typeof crmIntegrationUpdateSchema>;

/** POST: the integration name is required, the rest takes CRM_DEFAULTS. */
export const crmIntegrationCreateSchema = crmIntegrationUpdateSchema.extend({ integration_name: fields.integration_name });
export type CrmIntegrationCreate = z.infer<typeof crmIntegrationCreateSchema>;

export const fieldMappingUpdateSchema = z.strictObject({ field_mapping: fieldMappingSchema });

export type CrmIntegrationView = {
  integration_name: string;
  enabled: boolean;
  webhook_url: string | null;
  http_method: CrmHttpMethod;
  auth_type: CrmAuthType;
  /** The mask when a value is stored, else null: the value itself is never answered. */
  auth_value: string | null;
  custom_headers: Record<string, string>;
  retry_failed: boolean;
  max_retry_attempts: number;
  error_notification_email: string | null;
  test_mode: boolean;
  field_mapping: Record<string, CrmMappingValue>;
  last_test_success: boolean | null;
  last_test_at: string | null;
  /** The Standard Webhooks secret (`whsec_…`) the CRM verifies signatures with. */
  signing_secret: string;
  disabled_reason: string | null;
  status: CrmStatusLabel;
  created_at: string;
  updated_at: string;
};

export type CrmTestResult = {
  success: boolean;
  message: string;
  status_code: number | null;
  sent_data: unknown;
  sent_headers: Record<string, string>;
  response_body: string | null;
  error_details: string | null;
  test_timestamp: string;
};

export type CrmDeliveryAttemptView = { attempt: number; status_code: number | null; duration_ms: number; response_excerpt: string | null; error: string | null; at: string };

export type CrmDeliveryView = {
  id: number;
  lead_id: number | null;
  /** The lead as staff know it: name, else e-mail, else phone (null once the lead is deleted). */
  lead_name: string | null;
  event: CrmEvent;
  webhook_id: string;
  status: CrmDeliveryStatus;
  test_mode: boolean;
  attempts: number;
  last_status_code: number | null;
  last_duration_ms: number | null;
  last_response_excerpt: string | null;
  last_error: string | null;
  next_attempt_at: string | null;
  created_at: string;
  finished_at: string | null;
  attempt_log: CrmDeliveryAttemptView[];
};

export type CrmDeliveryPage = { items: CrmDeliveryView[]; total: number; page: number; page_size: number };

export const deliveriesQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a number' }).int().min(1, 'page starts at 1').max(100000).default(1),
  page_size: z.coerce.number({ error: 'page_size must be a number' }).int().min(1, 'page_size is 1 to 100').max(100, 'page_size is 1 to 100').default(20),
  status: z.enum(CRM_DELIVERY_STATUSES, { error: `status must be one of ${CRM_DELIVERY_STATUSES.join(', ')}` }).optional(),
});
export type DeliveriesQuery = z.infer<typeof deliveriesQuerySchema>;
