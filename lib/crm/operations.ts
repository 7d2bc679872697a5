import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { crmIntegrationCreateSchema, crmIntegrationUpdateSchema, deliveriesQuerySchema } from './schema';
import { listCrmDeliveries, replayCrmDelivery, sendExistingLeads, unsentLeads } from './deliveries';
import { operation } from '@/lib/http/route';
import { createCrmIntegration, deleteCrmIntegration, getCrmIntegration, rotateSigningSecret, testCrmIntegration, updateCrmIntegration } from './integration';

// The school's CRM integration: its settings, test, deliveries and replay.
const tag = 'CRM integration';
const errors = [401, 404];

export const crmOperations = defineOperations({
  get: operation({
    method: 'GET', path: '/api/crm-integration', tag, auth: 'bearer', errors,
    summary: 'The CRM integration with its status label (§4.4); the auth value masked, the whsec_ signing secret in full. 404 until one is created',
    handler: ({ ctx }) => getCrmIntegration(ctx),
  }),
  create: operation({
    method: 'POST', path: '/api/crm-integration', tag, auth: 'bearer', body: crmIntegrationCreateSchema, status: 201, errors: [...errors, 409],
    summary: 'Create the integration (409 when one exists). Defaults: enabled, POST, auth none, retry on, 3 attempts, test mode off',
    handler: ({ ctx, body }) => createCrmIntegration(ctx, body),
  }),
  update: operation({
    method: 'PUT', path: '/api/crm-integration', tag, auth: 'bearer', body: crmIntegrationUpdateSchema, errors,
    summary: 'Update the integration; any subset of fields (e.g. only field_mapping). auth_value absent or "********" keeps the stored value',
    handler: ({ ctx, body }) => updateCrmIntegration(ctx, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/api/crm-integration', tag, auth: 'bearer', errors, summary: 'Delete the integration; deliveries still waiting are cancelled: {message}',
    handler: ({ ctx }) => deleteCrmIntegration(ctx),
  }),
  test: operation({
    method: 'POST', path: '/api/crm-integration/test', tag, auth: 'bearer', bodyOptional: true, errors,
    summary: "Send a signed sample lead built from the mapping (X-Lantern-Event: test): {success, message, status_code, sent_data, sent_headers (secrets masked), response_body (first 2 KB), error_details, test_timestamp}. A lead's session_id, here and in every delivery, is the conversation's reference, not the widget's session",
    handler: ({ ctx }) => testCrmIntegration(ctx),
  }),
  rotateSecret: operation({
    method: 'POST', path: '/api/crm-integration/secret/rotate', tag, auth: 'bearer', bodyOptional: true, errors,
    summary: 'A new whsec_ signing secret; the old one stops verifying at once. Answers the integration',
    handler: ({ ctx }) => rotateSigningSecret(ctx),
  }),
  deliveries: operation({
    method: 'GET', path: '/api/crm-integration/deliveries', tag, auth: 'bearer', query: deliveriesQuerySchema, errors,
    summary: 'Lead deliveries, newest first: {items: [{id, lead_id, lead_name, event, webhook_id, status, attempts, last_status_code, last_duration_ms, last_response_excerpt, next_attempt_at, attempt_log…}], total, page, page_size}',
    handler: ({ ctx, query }) => listCrmDeliveries(ctx, query),
  }),
  unsentLeads: operation({
    method: 'GET', path: '/api/crm-integration/existing-leads', tag, auth: 'bearer', errors,
    summary: 'How many of the school\'s leads were never sent to the CRM (saved before it was connected, or while it was off): {unsent}',
    handler: ({ ctx }) => unsentLeads(ctx),
  }),
  sendExistingLeads: operation({
    method: 'POST', path: '/api/crm-integration/existing-leads', tag, auth: 'bearer', bodyOptional: true, errors: [...errors, 409],
    summary: 'Queue a lead.created delivery for every lead never sent, once: {queued, message}. 404 without an integration, 409 while it is disabled or has no webhook URL',
    handler: ({ ctx }) => sendExistingLeads(ctx),
  }),
  replay: operation({
    method: 'POST', path: '/api/crm-integration/deliveries/{id}/replay', tag, auth: 'bearer', params: z.object({ id: idField }), bodyOptional: true, errors: [...errors, 409],
    summary: 'Send a delivery again now (same body and webhook-id); 409 while the integration is disabled',
    handler: ({ ctx, params }) => replayCrmDelivery(ctx, params.id),
  }),
});
