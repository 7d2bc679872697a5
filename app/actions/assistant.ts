'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';

import { assistantOperations } from '@/lib/assistant/operations';
import { specialInstructionSchema } from '@/lib/assistant/schema';
import { AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, createSpecialInstruction, updateSpecialInstruction, uploadAvatar } from '@/lib/assistant/settings';
import { actionFor, staffAction } from '@/lib/http/action';
import { fileFromForm } from '@/lib/http/upload';

// AI Customization: the operations of /ai-settings/* and /special-instructions/*, as server actions.
// Saving an instruction (create or update in one call) and the avatar upload (a form) keep their
// own frame, with the same schemas and lib/assistant functions as those routes.

export const getPersonaAction = actionFor(assistantOperations.getPersona);
export const savePersonaAction = actionFor(assistantOperations.putPersona);
export const getPersonalityAction = actionFor(assistantOperations.getPersonality);
export const savePersonalityAction = actionFor(assistantOperations.putPersonality);
export const getVoiceAction = actionFor(assistantOperations.getVoice);
export const saveVoiceAction = actionFor(assistantOperations.putVoice);
export const getVocabularyAction = actionFor(assistantOperations.getVocabulary);
export const saveVocabularyAction = actionFor(assistantOperations.putVocabulary);
export const availableVoicesAction = actionFor(assistantOperations.voices);
export const previewVoiceAction = actionFor(assistantOperations.preview);
export const listSpecialInstructionsAction = actionFor(assistantOperations.listInstructions);
export const saveSpecialInstructionAction = async (input: unknown) =>
  staffAction(z.object({ id: idField.optional(), data: specialInstructionSchema }), input, (ctx, { id, data }) => (id ? updateSpecialInstruction(ctx, id, data) : createSpecialInstruction(ctx, data)));
export const deleteSpecialInstructionAction = actionFor(assistantOperations.deleteInstruction);

export async function uploadAvatarAction(form: FormData) {
  return staffAction(z.instanceof(FormData), form, async (ctx, data) =>
    uploadAvatar(ctx, await fileFromForm(data, { maxBytes: AVATAR_MAX_BYTES, tooLarge: AVATAR_TOO_LARGE, missing: 'Choose an image file' })),
  );
}
