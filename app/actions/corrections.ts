'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { staffAction } from '@/lib/http/action';
import { correctionSchema } from '@/lib/knowledge/correction-schema';
import { createCorrection, deleteCorrection, listCorrections, updateCorrection } from '@/lib/knowledge/corrections';

// Corrections for the Training Room and the Logs tab: the same schema and lib functions as /corrections/.

export async function listCorrectionsAction() {
  return staffAction(z.undefined(), undefined, (ctx) => listCorrections(ctx));
}

export async function createCorrectionAction(input: unknown) {
  return staffAction(correctionSchema, input, (ctx, data) => createCorrection(ctx, data));
}

export async function updateCorrectionAction(input: unknown) {
  return staffAction(correctionSchema.extend({ id: idField }), input, (ctx, { id, ...data }) => updateCorrection(ctx, id, data));
}

export async function deleteCorrectionAction(input: unknown) {
  return staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteCorrection(ctx, id));
}
