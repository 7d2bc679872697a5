'use server';

import { actionFor } from '@/lib/http/action';
import { leadOperations } from '@/lib/leads/operations';

// The Leads page: the operations of the /leads/ routes, as server actions.
// The export itself is a download from GET /leads/export (the staff session is accepted there).

export const leadsAction = actionFor(leadOperations.list);

export const leadStatsAction = actionFor(leadOperations.stats);

export const createLeadAction = actionFor(leadOperations.create);

export const updateLeadAction = actionFor(leadOperations.update);

export const deleteLeadAction = actionFor(leadOperations.remove);

export const leadConversationAction = actionFor(leadOperations.conversation);

export const fieldStatsAction = actionFor(leadOperations.fieldStats);

export const lastExportDateAction = actionFor(leadOperations.lastExport);

export const trackExportAction = actionFor(leadOperations.track);
