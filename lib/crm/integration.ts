import 'server-only';
import { and, eq, inArray } from 'drizzle-orm';
import { getDb, type Tx } from '@/db/client';
import { crmDeliveries, crmIntegrations, type CrmIntegrationRow } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { conflict, notFound, validationError, type ValidationIssue } from '@/lib/http/errors';
import { savedAddressProblem } from '@/lib/security/outbound';
import { open, seal } from '@/lib/security/secret-box';
import { requireSchoolId } from '@/lib/tenancy';
import { recordAudit, staffActor } from '@/lib/audit/record';
import {
  CRM_DEFAULTS,
  CRM_MESSAGES,
  crmStatusLabel,
  MASKED_SECRET,
  type CrmIntegrationCreate,
  type CrmIntegrationUpdate,
  type CrmIntegrationView,
  type CrmTestResult,
} from './schema';
import { applyMapping, newSigningSecret, newWebhookId, sampleLead, sendWebhook, type WebhookTarget } from './webhook';

// The school's one CRM integration. The auth value and the signing
// secret are sealed (AES-256-GCM under a key derived from the install's secret, secret-box.ts).

const AUTH_PURPOSE = 'crm-auth-value';
const SIGNING_PURPOSE = 'crm-signing-secret';

export function view(row: CrmIntegrationRow): CrmIntegrationView {
  const v = {
    integration_name: row.integrationName,
    enabled: row.enabled,
    webhook_url: row.webhookUrl,
    http_method: row.httpMethod,
    auth_type: row.authType,
    auth_value: row.authValueSealed ? MASKED_SECRET : null,
    custom_headers: row.customHeaders,
    retry_failed: row.retryFailed,
    max_retry_attempts: row.maxRetryAttempts,
    error_notification_email: row.errorNotificationEmail,
    test_mode: row.testMode,
    field_mapping: row.fieldMapping,
    last_test_success: row.lastTestSuccess,
    last_test_at: row.lastTestAt?.toISOString() ?? null,
    signing_secret: open(row.signingSecretSealed, SIGNING_PURPOSE) ?? '',
    disabled_reason: row.disabledReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
  return { ...v, status: crmStatusLabel(v) };
}

/** The integration as a request needs it; null when it cannot send (no URL, or its secrets no longer open). */
export function webhookTarget(row: CrmIntegrationRow): WebhookTarget | null {
  const signingSecret = open(row.signingSecretSealed, SIGNING_PURPOSE);
  if (!row.webhookUrl || !signingSecret) return null;
  return {
    url: row.webhookUrl,
    method: row.httpMethod,
    authType: row.authType,
    authValue: row.authValueSealed ? open(row.authValueSealed, AUTH_PURPOSE) : null,
    customHeaders: row.customHeaders,
    signingSecret,
  };
}

export async function readIntegration(schoolId: number): Promise<CrmIntegrationRow | null> {
  const db = await getDb();
  const [row] = await db.select().from(crmIntegrations).where(eq(crmIntegrations.schoolId, schoolId)).limit(1);
  return row ?? null;
}

async function requireIntegration(ctx: AuthContext): Promise<CrmIntegrationRow> {
  const row = await readIntegration(requireSchoolId(ctx));
  if (!row) throw notFound(CRM_MESSAGES.noIntegration);
  return row;
}

/** GET /api/crm-integration: 404 until one is created. */
export async function getCrmIntegration(ctx: AuthContext): Promise<CrmIntegrationView> {
  return view(await requireIntegration(ctx));
}

/** The CRM Setup screen: the integration or null, with the status label either way. */
export async function crmSetup(ctx: AuthContext): Promise<{ integration: CrmIntegrationView | null; status: string }> {
  const row = await readIntegration(requireSchoolId(ctx));
  const integration = row ? view(row) : null;
  return { integration, status: integration?.status ?? crmStatusLabel(null) };
}

/** Rules the schema cannot check alone: the address (allow list of this install) and the auth value's shape. */
function checkSettings(next: { webhook_url: string | null; auth_type: string; auth_value: string | null }) {
  const issues: ValidationIssue[] = [];
  if (next.webhook_url) {
    const problem = savedAddressProblem(next.webhook_url);
    if (problem) issues.push({ loc: ['body', 'webhook_url'], msg: problem, type: 'value_error' });
  }
  if (next.auth_type === 'basic' && next.auth_value && !next.auth_value.includes(':')) {
    issues.push({ loc: ['body', 'auth_value'], msg: 'Basic authentication needs "username:password"', type: 'value_error' });
  }
  if (issues.length) throw validationError(issues);
}

type Columns = Partial<typeof crmIntegrations.$inferInsert>;

/** The columns an input changes; the auth value is kept when absent or sent back masked. */
function columnsOf(input: CrmIntegrationUpdate): Columns {
  const c: Columns = {};
  if (input.integration_name !== undefined) c.integrationName = input.integration_name;
  if (input.enabled !== undefined) c.enabled = input.enabled;
  if (input.webhook_url !== undefined) c.webhookUrl = input.webhook_url;
  if (input.http_method !== undefined) c.httpMethod = input.http_method;
  if (input.auth_type !== undefined) c.authType = input.auth_type;
  if (input.auth_value !== undefined && input.auth_value !== MASKED_SECRET) c.authValueSealed = input.auth_value ? seal(input.auth_value, AUTH_PURPOSE) : null;
  if (input.custom_headers !== undefined) c.customHeaders = input.custom_headers;
  if (input.retry_failed !== undefined) c.retryFailed = input.retry_failed;
  if (input.max_retry_attempts !== undefined) c.maxRetryAttempts = input.max_retry_attempts;
  if (input.error_notification_email !== undefined) c.errorNotificationEmail = input.error_notification_email;
  if (input.test_mode !== undefined) c.testMode = input.test_mode;
  if (input.field_mapping !== undefined) c.fieldMapping = input.field_mapping;
  return c;
}

const plainAuth = (input: CrmIntegrationUpdate, stored: CrmIntegrationRow | null) =>
  input.auth_value !== undefined && input.auth_value !== MASKED_SECRET ? input.auth_value : stored?.authValueSealed ? open(stored.authValueSealed, AUTH_PURPOSE) : null;

/** The integration's entry: what happened and the names of the fields given (never their values). */
function auditCrm(ctx: AuthContext, tx: Tx, row: CrmIntegrationRow, change: 'created' | 'updated' | 'deleted' | 'secret_rotated', fields: string[]) {
  return recordAudit({ action: 'crm.integration_changed', actor: staffActor(ctx), schoolId: row.schoolId, target: { type: 'crm_integration', id: row.schoolId }, details: { change, fields: fields.sort() } }, tx);
}

/** POST /api/crm-integration: the first integration (409 when one exists). */
export async function createCrmIntegration(ctx: AuthContext, input: CrmIntegrationCreate): Promise<CrmIntegrationView> {
  const schoolId = requireSchoolId(ctx);
  checkSettings({ webhook_url: input.webhook_url ?? null, auth_type: input.auth_type ?? CRM_DEFAULTS.auth_type, auth_value: plainAuth(input, null) });
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(crmIntegrations)
      .values({ ...columnsOf(input), schoolId, integrationName: input.integration_name, signingSecretSealed: seal(newSigningSecret(), SIGNING_PURPOSE) })
      .onConflictDoNothing({ target: crmIntegrations.schoolId })
      .returning();
    if (!created) throw conflict('A CRM integration already exists; update it with PUT');
    await auditCrm(ctx, tx, created, 'created', Object.keys(input));
    return created;
  });
  return view(row);
}

/** PUT /api/crm-integration: any subset of the fields (404 when none exists). Switching it on again clears a 410's reason. */
export async function updateCrmIntegration(ctx: AuthContext, input: CrmIntegrationUpdate): Promise<CrmIntegrationView> {
  const stored = await requireIntegration(ctx);
  checkSettings({
    webhook_url: input.webhook_url !== undefined ? input.webhook_url : stored.webhookUrl,
    auth_type: input.auth_type ?? stored.authType,
    auth_value: plainAuth(input, stored),
  });
  const cols = columnsOf(input);
  if (cols.enabled) cols.disabledReason = null;
  // A new address or new credentials have not been tested yet.
  if (['webhookUrl', 'httpMethod', 'authType', 'authValueSealed', 'customHeaders'].some((k) => k in cols)) cols.lastTestSuccess = null;
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(crmIntegrations)
      .set({ ...cols, updatedAt: new Date() })
      .where(eq(crmIntegrations.schoolId, stored.schoolId))
      .returning();
    await auditCrm(ctx, tx, updated!, 'updated', Object.keys(input));
    return updated!;
  });
  return view(row);
}

/** DELETE /api/crm-integration: deliveries still waiting are cancelled; the log stays. */
export async function deleteCrmIntegration(ctx: AuthContext): Promise<{ message: string }> {
  const stored = await requireIntegration(ctx);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(crmIntegrations).where(eq(crmIntegrations.schoolId, stored.schoolId));
    await tx
      .update(crmDeliveries)
      .set({ status: 'cancelled', lastError: 'The CRM integration was deleted', finishedAt: new Date(), nextAttemptAt: null, updatedAt: new Date() })
      .where(and(eq(crmDeliveries.schoolId, stored.schoolId), inArray(crmDeliveries.status, ['pending'])));
    await auditCrm(ctx, tx, stored, 'deleted', []);
  });
  return { message: 'CRM integration deleted' };
}

/** POST /api/crm-integration/secret/rotate: a new signing secret; the old one stops verifying at once. */
export async function rotateSigningSecret(ctx: AuthContext): Promise<CrmIntegrationView> {
  const stored = await requireIntegration(ctx);
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [rotated] = await tx
      .update(crmIntegrations)
      .set({ signingSecretSealed: seal(newSigningSecret(), SIGNING_PURPOSE), updatedAt: new Date() })
      .where(eq(crmIntegrations.schoolId, stored.schoolId))
      .returning();
    await auditCrm(ctx, tx, rotated!, 'secret_rotated', []);
    return rotated!;
  });
  return view(row);
}

/**
 * POST /api/crm-integration/test: a sample lead built from the mapping, signed and sent as event
 * `test` (whatever the enabled switch says: the point is to prove the connection before going
 * live). Records last_test_success.
 */
export async function testCrmIntegration(ctx: AuthContext): Promise<CrmTestResult> {
  const stored = await requireIntegration(ctx);
  const now = new Date();
  const sent = applyMapping(stored.fieldMapping, sampleLead(now));
  const target = webhookTarget(stored);
  let result: CrmTestResult;
  if (!target) {
    result = {
      success: false, message: CRM_MESSAGES.testFailed, status_code: null, sent_data: sent, sent_headers: {}, response_body: null,
      error_details: stored.webhookUrl ? 'The signing secret cannot be read; rotate it and try again' : 'No webhook URL is configured', test_timestamp: now.toISOString(),
    };
  } else {
    const outcome = await sendWebhook(target, { id: newWebhookId(), event: 'test', body: JSON.stringify(sent) });
    result = {
      success: outcome.ok,
      message: outcome.ok ? `Connection successful: the CRM answered HTTP ${outcome.status}` : CRM_MESSAGES.testFailed,
      status_code: outcome.status,
      sent_data: sent,
      sent_headers: outcome.sentHeaders,
      response_body: outcome.responseExcerpt,
      error_details: outcome.error,
      test_timestamp: now.toISOString(),
    };
  }
  const db = await getDb();
  await db.update(crmIntegrations).set({ lastTestSuccess: result.success, lastTestAt: now }).where(eq(crmIntegrations.schoolId, stored.schoolId));
  return result;
}
