'use server';

import { z } from 'zod';
import { actionFor, staffAction } from '@/lib/http/action';
import { prospectOperations } from '@/lib/prospects/operations';
import { setProspectFeature } from '@/lib/prospects/service';

// Manage Prospects: the operations of /api/prospects/my-school, as server actions. The feature
// switch keeps its own (non-strict) schema.
// The file calls (parse-headers, upload) go to the REST routes with the web session, so the page can show upload progress.

export const prospectsAction = actionFor(prospectOperations.list);
export const prospectStatsAction = actionFor(prospectOperations.stats);
export const prospectBatchesAction = actionFor(prospectOperations.batches);
export const prospectBatchAction = actionFor(prospectOperations.batch);
export const createProspectAction = actionFor(prospectOperations.create);
export const updateProspectAction = actionFor(prospectOperations.update);
/** The screen's bulk delete calls this once per selected prospect. */
export const deleteProspectAction = actionFor(prospectOperations.remove);
export const undoBatchAction = actionFor(prospectOperations.undoBatch);
export async function setProspectFeatureAction(input: unknown) {
  return staffAction(z.object({ prospects_enabled: z.boolean() }), input, (ctx, { prospects_enabled }) => setProspectFeature(ctx, prospects_enabled));
}
