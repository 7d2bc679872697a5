'use server';

import { actionFor } from '@/lib/http/action';
import { correctionOperations } from '@/lib/knowledge/operations';

// Corrections for the Training Room and the Logs tab: the operations of the /corrections/ routes, as server actions.

export const listCorrectionsAction = actionFor(correctionOperations.list);

export const createCorrectionAction = actionFor(correctionOperations.create);

export const updateCorrectionAction = actionFor(correctionOperations.update);

export const deleteCorrectionAction = actionFor(correctionOperations.remove);
