'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { staffAction } from '@/lib/http/action';
import { createLead, deleteLead, lastExportDate, leadConversationView, leadFieldStats, leadStats, listLeads, trackExport, updateLead } from '@/lib/leads/manage';
import { exportTrackSchema, leadCreateSchema, leadFilterSchema, leadListQuerySchema, leadStatsQuerySchema, leadUpdateSchema } from '@/lib/leads/manage-schema';

// The Leads page: the same lib functions and schemas as the /leads/ routes.
// The export itself is a download from GET /leads/export (the staff session is accepted there).

export async function leadsAction(input: unknown) {
  return staffAction(leadListQuerySchema, input, (ctx, q) => listLeads(ctx, q));
}

export async function leadStatsAction(input: unknown) {
  return staffAction(leadStatsQuerySchema, input, (ctx, q) => leadStats(ctx, q.today_from));
}

export async function createLeadAction(input: unknown) {
  return staffAction(leadCreateSchema, input, (ctx, data) => createLead(ctx, data));
}

export async function updateLeadAction(input: unknown) {
  return staffAction(z.object({ id: idField, changes: leadUpdateSchema }), input, (ctx, { id, changes }) => updateLead(ctx, id, changes));
}

export async function deleteLeadAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteLead(ctx, id));
}

export async function leadConversationAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => leadConversationView(ctx, id));
}

export async function fieldStatsAction(input: unknown) {
  return staffAction(leadFilterSchema, input, (ctx, f) => leadFieldStats(ctx, f));
}

export async function lastExportDateAction() {
  return staffAction(z.undefined(), undefined, (ctx) => lastExportDate(ctx));
}

export async function trackExportAction(input: unknown) {
  return staffAction(exportTrackSchema, input, (ctx, data) => trackExport(ctx, data));
}
