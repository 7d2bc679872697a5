import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { exportTrackSchema, leadCreateSchema, leadExportQuerySchema, leadFilterSchema, leadListQuerySchema, leadStatsQuerySchema, leadUpdateSchema } from './manage-schema';
import { createLead, deleteLead, getLead, lastExportDate, leadConversationView, leadFieldStats, leadStats, listLeads, trackExport, updateLead } from './manage';
import { operation } from '@/lib/http/route';
import { exportLeads } from './export';

// The Leads page's calls.
const errors = [401, 404];
const byId = z.object({ id: idField });

export const leadOperations = defineOperations({
  list: operation({
    method: 'GET', path: '/leads/', tag: 'Leads', auth: 'bearer', query: leadListQuerySchema, errors,
    responseDescription: 'An array of leads (spec §3.3 fields); X-Total-Count: how many match the filters',
    summary:
      "The school's leads, newest first by default: page_size (1-10000, default 100), page or offset, source, search (names, e-mail, phone), since_last_export, from_date and to_date (a date alone is the whole day, UTC), sort (created_at, updated_at, last_interaction_at, name, email, phone, source, graduation_year, conversation_count; - for descending). session_id is the conversation's reference, not the widget's session",
    handler: ({ ctx, query }) => listLeads(ctx, query),
    // A list answers an array; the number of leads that match is in X-Total-Count.
    respond: (page) => Response.json(page.leads, { headers: { 'x-total-count': String(page.total), 'access-control-expose-headers': 'X-Total-Count' } }),
  }),
  create: operation({
    method: 'POST', path: '/leads/', tag: 'Leads', auth: 'bearer', body: leadCreateSchema, status: 201, errors,
    summary: 'Enter a lead (source staff_entry): any lead fields, with a first or last name and an email or phone. Answers the lead',
    handler: ({ ctx, body }) => createLead(ctx, body),
  }),
  get: operation({
    method: 'GET', path: '/leads/{id}', tag: 'Leads', auth: 'bearer', params: byId, errors, summary: "One lead; its session_id (here, in the list and the export) is the conversation's reference, not the widget's session",
    handler: ({ ctx, params }) => getLead(ctx, params.id),
  }),
  update: operation({
    method: 'PATCH', path: '/leads/{id}', tag: 'Leads', auth: 'bearer', params: byId, body: leadUpdateSchema, errors,
    summary: 'Change lead fields (null or an empty value clears one); source, school and session cannot change. Answers the lead',
    handler: ({ ctx, params, body }) => updateLead(ctx, params.id, body),
  }),
  remove: operation({
    method: 'DELETE', path: '/leads/{id}', tag: 'Leads', auth: 'bearer', params: byId, errors, summary: 'Delete a lead (its conversations stay): {message}',
    handler: ({ ctx, params }) => deleteLead(ctx, params.id),
  }),
  conversation: operation({
    method: 'GET', path: '/leads/{id}/conversation', tag: 'Leads', auth: 'bearer', params: byId, errors,
    summary: "The lead's conversations: {lead_id, conversation_text (plain text; null without a conversation), conversations: [{conversation_id, session_id (the conversation's reference, not the widget's session), started_at, messages}]}",
    handler: ({ ctx, params }) => leadConversationView(ctx, params.id),
  }),
  stats: operation({
    method: 'GET', path: '/leads/stats', tag: 'Leads', auth: 'bearer', query: leadStatsQuerySchema, errors, summary: '{total, today, last_7_days, by_source, with_email, with_phone, with_both}; today starts at today_from when given',
    handler: ({ ctx, query }) => leadStats(ctx, query.today_from),
  }),
  fieldStats: operation({
    method: 'GET', path: '/leads/export/field-stats', tag: 'Leads', auth: 'bearer', query: leadFilterSchema, errors,
    summary: 'For each exportable field, how many of the (filtered) leads have it: {total, fields: [{key, label, count}]}',
    handler: ({ ctx, query }) => leadFieldStats(ctx, query),
  }),
  lastExport: operation({
    method: 'GET', path: '/leads/export/last-export-date', tag: 'Leads', auth: 'bearer', errors, summary: '{last_export_at}: where the next normal export starts (null before the first)',
    handler: ({ ctx }) => lastExportDate(ctx),
  }),
  track: operation({
    method: 'POST', path: '/leads/export/track', tag: 'Leads', auth: 'bearer', body: exportTrackSchema, status: 201, errors,
    summary: 'Record an export: {export_type CSV|JSON, from_date, to_date, field_count, lead_count, since_last_export}. A normal export moves the last export date to to_date (the export’s X-Export-Until; now when absent); a custom range does not. Without since_last_export, a record with no from_date, or a from_date equal to the last export date (the export’s X-Export-From), is a normal export; since_last_export true or false overrides that. Answers {id, last_export_at}',
    handler: ({ ctx, body }) => trackExport(ctx, body),
  }),
  export: operation({
    method: 'GET', path: '/leads/export', tag: 'Leads', auth: 'bearer-or-session', query: leadExportQuerySchema, errors: [401, 404],
    responseDescription:
      'A streamed attachment leads-YYYY-MM-DD.csv (UTF-8 with BOM, header row of field keys, formula-like cells prefixed with a quote) or .json (an array of objects). Headers: X-Lead-Count (leads in the file), X-Export-Until (exclusive upper bound of created_at: send it as to_date when tracking a normal export), X-Export-From (the last export date, for since_last_export)',
    summary: "Export the leads the list filters select (never moves the last export date): format csv|json, fields (comma-separated keys; all when absent); session_id is the conversation's reference, not the widget's session",
    handler: ({ ctx, query }) => exportLeads(ctx, query),
  }),
});
