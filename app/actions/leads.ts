'use server';

import { actionFor } from '@/lib/http/action';
import { createLead, deleteLead, lastExportDate, leadConversationView, leadFieldStats, leadStats, listLeads, trackExport, updateLead } from '@/lib/leads/manage';
import { leadOperations } from '@/lib/leads/operations';

// The Leads page: the operations of the /leads/ routes, as server actions.
// The export itself is a download from GET /leads/export (the staff session is accepted there).

export const leadsAction = actionFor(leadOperations.list, ({ ctx, query }) => listLeads(ctx, query));

export const leadStatsAction = actionFor(leadOperations.stats, ({ ctx, query }) => leadStats(ctx, query.today_from));

export const createLeadAction = actionFor(leadOperations.create, ({ ctx, body }) => createLead(ctx, body));

export const updateLeadAction = actionFor(leadOperations.update, ({ ctx, params, body }) => updateLead(ctx, params.id, body));

export const deleteLeadAction = actionFor(leadOperations.remove, ({ ctx, params }) => deleteLead(ctx, params.id));

export const leadConversationAction = actionFor(leadOperations.conversation, ({ ctx, params }) => leadConversationView(ctx, params.id));

export const fieldStatsAction = actionFor(leadOperations.fieldStats, ({ ctx, query }) => leadFieldStats(ctx, query));

export const lastExportDateAction = actionFor(leadOperations.lastExport, ({ ctx }) => lastExportDate(ctx));

export const trackExportAction = actionFor(leadOperations.track, ({ ctx, body }) => trackExport(ctx, body));
