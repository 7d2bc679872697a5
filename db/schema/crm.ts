import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { leads } from './leads';
import { schools } from './schools';

export const CRM_HTTP_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type CrmHttpMethod = (typeof CRM_HTTP_METHODS)[number];
export const CRM_AUTH_TYPES = ['none', 'bearer', 'api_key', 'basic'] as const;
export type CrmAuthType = (typeof CRM_AUTH_TYPES)[number];
export const CRM_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed', 'cancelled'] as const;
export type CrmDeliveryStatus = (typeof CRM_DELIVERY_STATUSES)[number];
export const CRM_EVENTS = ['lead.created', 'lead.updated', 'lead.deleted', 'test'] as const;
export type CrmEvent = (typeof CRM_EVENTS)[number];

/** A field-mapping value: a `{{lead_field}}` placeholder (or text around one) or a static value. */
export type CrmMappingValue = string | number | boolean | null;

// One CRM integration per school. Secrets (the auth value, the signing secret) are
// sealed with lib/security/secret-box, never stored in the clear.
export const crmIntegrations = pgTable('crm_integrations', {
  schoolId: integer('school_id')
    .primaryKey()
    .references(() => schools.id, { onDelete: 'cascade' }),
  integrationName: text('integration_name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  webhookUrl: text('webhook_url'),
  httpMethod: text('http_method').$type<CrmHttpMethod>().notNull().default('POST'),
  authType: text('auth_type').$type<CrmAuthType>().notNull().default('none'),
  authValueSealed: text('auth_value_sealed'),
  customHeaders: jsonb('custom_headers').$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  retryFailed: boolean('retry_failed').notNull().default(true),
  maxRetryAttempts: integer('max_retry_attempts').notNull().default(3),
  errorNotificationEmail: text('error_notification_email'),
  testMode: boolean('test_mode').notNull().default(false),
  fieldMapping: jsonb('field_mapping').$type<Record<string, CrmMappingValue>>().notNull().default(sql`'{}'::jsonb`),
  lastTestSuccess: boolean('last_test_success'),
  lastTestAt: timestamp('last_test_at', { withTimezone: true }),
  signingSecretSealed: text('signing_secret_sealed').notNull(),
  /** Why Lantern switched the integration off itself (the CRM answered 410 Gone). */
  disabledReason: text('disabled_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

// The outbox of lead deliveries: a row is written in the same transaction as the lead it carries,
// and each attempt is a crm_delivery job. The body is built at the first attempt and kept, so every
// retry sends the same bytes under the same webhook-id.
export const crmDeliveries = pgTable(
  'crm_deliveries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    leadId: integer('lead_id').references(() => leads.id, { onDelete: 'set null' }),
    event: text('event').$type<CrmEvent>().notNull(),
    webhookId: text('webhook_id').notNull(),
    status: text('status').$type<CrmDeliveryStatus>().notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    body: text('body'),
    testMode: boolean('test_mode').notNull().default(false),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastStatusCode: integer('last_status_code'),
    lastDurationMs: integer('last_duration_ms'),
    lastResponseExcerpt: text('last_response_excerpt'),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('crm_deliveries_webhook_id_idx').on(t.webhookId),
    index('crm_deliveries_school_idx').on(t.schoolId, t.id),
    // A lead changed again before its delivery's first attempt: that delivery will carry the change.
    uniqueIndex('crm_deliveries_unsent_lead_idx').on(t.leadId).where(sql`${t.status} = 'pending' and ${t.attempts} = 0`),
  ],
);

/** Every attempt of a delivery, kept for the Deliveries list. */
export const crmDeliveryAttempts = pgTable(
  'crm_delivery_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    deliveryId: integer('delivery_id')
      .notNull()
      .references(() => crmDeliveries.id, { onDelete: 'cascade' }),
    schoolId: integer('school_id')
      .notNull()
      .references(() => schools.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    responseExcerpt: text('response_excerpt'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('crm_delivery_attempts_delivery_idx').on(t.deliveryId, t.attempt)],
);

export type CrmIntegrationRow = typeof crmIntegrations.$inferSelect;
export type CrmDeliveryRow = typeof crmDeliveries.$inferSelect;
