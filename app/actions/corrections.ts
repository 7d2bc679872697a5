'use server';

import { actionFor } from '@/lib/http/action';
import { createCorrection, deleteCorrection, listCorrections, updateCorrection } from '@/lib/knowledge/corrections';
import { correctionOperations } from '@/lib/knowledge/operations';

// Corrections for the Training Room and the Logs tab: the operations of the /corrections/ routes, as server actions.

export const listCorrectionsAction = actionFor(correctionOperations.list, ({ ctx }) => listCorrections(ctx));

export const createCorrectionAction = actionFor(correctionOperations.create, ({ ctx, body }) => createCorrection(ctx, body));

export const updateCorrectionAction = actionFor(correctionOperations.update, ({ ctx, params, body }) => updateCorrection(ctx, params.id, body));

export const deleteCorrectionAction = actionFor(correctionOperations.remove, ({ ctx, params }) => deleteCorrection(ctx, params.id));
