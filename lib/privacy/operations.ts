import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { operation } from '@/lib/http/route';
import { getErasure, listErasures, requestErasure } from './erasure';
import { retentionView, saveRetention } from './retention';
import { erasureRequestSchema, retentionInputSchema, subjectQuerySchema } from './schema';
import { subjectData } from './subject-data';

// A privacy office's calls: erase a person, list and follow erasures, and everything held about a person.
const errors = [401, 403, 404];

export const privacyOperations = defineOperations({
  erase: operation({
    method: 'POST', path: '/privacy/erasures', tag: 'Privacy', auth: 'bearer', body: erasureRequestSchema, status: 202, errors,
    summary:
      'Erase one person from the school: {email?, phone?, lead_id?, session_id? (the conversation reference Logs shows, or the widget session)}, at least one. Runs as a job; answers {id, status}. School admins and superusers working in the school',
    handler: ({ ctx, body }) => requestErasure(ctx, body),
  }),
  list: operation({
    method: 'GET', path: '/privacy/erasures', tag: 'Privacy', auth: 'bearer', errors,
    summary: "The school's erasures, newest first: [{id, status, requested_at, started_at, completed_at, requested_by, identified_by, earlier_requests, erased, error}]",
    handler: ({ ctx }) => listErasures(ctx),
  }),
  get: operation({
    method: 'GET', path: '/privacy/erasures/{id}', tag: 'Privacy', auth: 'bearer', params: z.object({ id: idField }), errors,
    summary: 'One erasure: {id, status: queued|running|completed|failed, requested_at, completed_at, erased: {leads, conversations, messages, prospects, import_files, mail, deliveries, crm_notified}, …}; identifiers are never shown',
    handler: ({ ctx, params }) => getErasure(ctx, params.id),
  }),
  retention: operation({
    method: 'GET', path: '/privacy/retention', tag: 'Privacy', auth: 'bearer', errors,
    summary: "How long the school keeps personal data: {lead_retention_days, prospect_retention_days (null: off), windows: [{key, label, days, next_run: what the next daily run deletes}]}",
    handler: ({ ctx }) => retentionView(ctx),
  }),
  saveRetention: operation({
    method: 'PUT', path: '/privacy/retention', tag: 'Privacy', auth: 'bearer', body: retentionInputSchema, errors,
    summary: 'Set the windows for leads with no interaction and prospects not updated: {lead_retention_days, prospect_retention_days} (days, 1-3650, or null for off). Answers as GET does',
    handler: ({ ctx, body }) => saveRetention(ctx, body),
  }),
  subjectData: operation({
    method: 'GET', path: '/privacy/subject-data', tag: 'Privacy', auth: 'bearer-or-session', query: subjectQuerySchema, errors,
    summary:
      'Everything the school holds about one person (email, phone, lead_id or session_id): {leads, consents, handoffs, conversations with every message, prospects, crm_deliveries with their payloads, mail (kind, time, recipient)}',
    handler: ({ ctx, query }) => subjectData(ctx, query),
  }),
});
