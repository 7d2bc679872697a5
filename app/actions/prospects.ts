'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { staffAction } from '@/lib/http/action';
import { batchIdParams, prospectCreateSchema, prospectListQuerySchema, prospectUpdateSchema } from '@/lib/prospects/schema';
import { createProspect, deleteProspect, getBatch, listProspects, prospectStats, recentBatches, setProspectFeature, undoBatch, updateProspect } from '@/lib/prospects/service';

// Manage Prospects: the same lib functions and schemas as /api/prospects/my-school.
// The file calls (parse-headers, upload) go to the REST routes with the web session, so the page can show upload progress.

export async function prospectsAction(input: unknown) {
  return staffAction(prospectListQuerySchema, input, (ctx, q) => listProspects(ctx, q));
}
export async function prospectStatsAction() {
  return staffAction(z.undefined(), undefined, (ctx) => prospectStats(ctx));
}
export async function prospectBatchesAction() {
  return staffAction(z.undefined(), undefined, (ctx) => recentBatches(ctx));
}
export async function prospectBatchAction(input: unknown) {
  return staffAction(batchIdParams, input, (ctx, { batch_id }) => getBatch(ctx, batch_id));
}
export async function createProspectAction(input: unknown) {
  return staffAction(prospectCreateSchema, input, (ctx, data) => createProspect(ctx, data));
}
export async function updateProspectAction(input: unknown) {
  return staffAction(prospectUpdateSchema.extend({ id: idField }), input, (ctx, { id, ...data }) => updateProspect(ctx, id, data));
}
/** Spec §7.11: bulk delete performs one delete per selected prospect. */
export async function deleteProspectAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteProspect(ctx, id));
}
export async function undoBatchAction(input: unknown) {
  return staffAction(batchIdParams, input, (ctx, { batch_id }) => undoBatch(ctx, batch_id));
}
export async function setProspectFeatureAction(input: unknown) {
  return staffAction(z.object({ prospects_enabled: z.boolean() }), input, (ctx, { prospects_enabled }) => setProspectFeature(ctx, prospects_enabled));
}
