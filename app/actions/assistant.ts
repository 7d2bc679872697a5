'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { getVocabulary, putVocabulary } from '@/lib/retrieval/school-vocabulary';
import { assistantOperations } from '@/lib/assistant/operations';
import { specialInstructionSchema } from '@/lib/assistant/schema';
import {
  availableVoices,
  AVATAR_MAX_BYTES,
  AVATAR_TOO_LARGE,
  createSpecialInstruction,
  deleteSpecialInstruction,
  getPersona,
  getPersonality,
  getVoiceSettings,
  listSpecialInstructions,
  putPersona,
  putPersonality,
  putVoiceSettings,
  updateSpecialInstruction,
  uploadAvatar,
  voicePreview,
} from '@/lib/assistant/settings';
import { actionFor, staffAction } from '@/lib/http/action';
import { fileFromForm } from '@/lib/http/upload';

// AI Customization: the operations of /ai-settings/* and /special-instructions/*, as server actions.
// Saving an instruction (create or update in one call) and the avatar upload (a form) keep their
// own frame, with the same schemas and lib/assistant functions as those routes.

export const getPersonaAction = actionFor(assistantOperations.getPersona, ({ ctx }) => getPersona(ctx));
export const savePersonaAction = actionFor(assistantOperations.putPersona, ({ ctx, body }) => putPersona(ctx, body));
export const getPersonalityAction = actionFor(assistantOperations.getPersonality, ({ ctx }) => getPersonality(ctx));
export const savePersonalityAction = actionFor(assistantOperations.putPersonality, ({ ctx, body }) => putPersonality(ctx, body));
export const getVoiceAction = actionFor(assistantOperations.getVoice, ({ ctx }) => getVoiceSettings(ctx));
export const saveVoiceAction = actionFor(assistantOperations.putVoice, ({ ctx, body }) => putVoiceSettings(ctx, body));
export const getVocabularyAction = actionFor(assistantOperations.getVocabulary, ({ ctx }) => getVocabulary(ctx));
export const saveVocabularyAction = actionFor(assistantOperations.putVocabulary, ({ ctx, body }) => putVocabulary(ctx, body));
export const availableVoicesAction = actionFor(assistantOperations.voices, ({ ctx }) => availableVoices(ctx));
export const previewVoiceAction = actionFor(assistantOperations.preview, ({ ctx, body }) => voicePreview(ctx, body));
export const listSpecialInstructionsAction = actionFor(assistantOperations.listInstructions, ({ ctx }) => listSpecialInstructions(ctx));
export const saveSpecialInstructionAction = async (input: unknown) =>
  staffAction(z.object({ id: idField.optional(), data: specialInstructionSchema }), input, (ctx, { id, data }) => (id ? updateSpecialInstruction(ctx, id, data) : createSpecialInstruction(ctx, data)));
export const deleteSpecialInstructionAction = actionFor(assistantOperations.deleteInstruction, ({ ctx, params }) => deleteSpecialInstruction(ctx, params.id));

export async function uploadAvatarAction(form: FormData) {
  return staffAction(z.instanceof(FormData), form, async (ctx, data) =>
    uploadAvatar(ctx, await fileFromForm(data, { maxBytes: AVATAR_MAX_BYTES, tooLarge: AVATAR_TOO_LARGE, missing: 'Choose an image file' })),
  );
}
