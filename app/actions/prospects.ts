'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { prospectOperations } from '@/lib/prospects/operations';
import { createProspect, deleteProspect, getBatch, listProspects, prospectStats, recentBatches, setProspectFeature, undoBatch, updateProspect } from '@/lib/prospects/service';

// Manage Prospects: the operations of /api/prospects/my-school, as server actions. The feature
// switch keeps its own (non-strict) schema.
// The file calls (parse-headers, upload) go to the REST routes with the web session, so the page can show upload progress.

export const prospectsAction = actionFor(prospectOperations.list, ({ ctx, query }) => listProspects(ctx, query));
export const prospectStatsAction = actionFor(prospectOperations.stats, ({ ctx }) => prospectStats(ctx));
export const prospectBatchesAction = actionFor(prospectOperations.batches, ({ ctx }) => recentBatches(ctx));
export const prospectBatchAction = actionFor(prospectOperations.batch, ({ ctx, params }) => getBatch(ctx, params.batch_id));
export const createProspectAction = actionFor(prospectOperations.create, ({ ctx, body }) => createProspect(ctx, body));
export const updateProspectAction = actionFor(prospectOperations.update, ({ ctx, params, body }) => updateProspect(ctx, params.id, body));
/** The screen's bulk delete calls this once per selected prospect. */
export const deleteProspectAction = actionFor(prospectOperations.remove, ({ ctx, params }) => deleteProspect(ctx, params.id));
export const undoBatchAction = actionFor(prospectOperations.undoBatch, ({ ctx, params }) => undoBatch(ctx, params.batch_id));
export async function setProspectFeatureAction(input: unknown) {
  return staffAction(z.object({ prospects_enabled: z.boolean() }), input, (ctx, { prospects_enabled }) => setProspectFeature(ctx, prospects_enabled));
}
