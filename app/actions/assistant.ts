'use server';

import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { getVocabulary, putVocabulary, vocabularySchema } from '@/lib/retrieval/school-vocabulary';
import { personalitySchema, personaSchema, specialInstructionSchema, voicePreviewSchema, voiceSettingsSchema } from '@/lib/assistant/schema';
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
import { staffAction } from '@/lib/http/action';
import { fileFromForm } from '@/lib/http/upload';

// AI Customization: the same schemas and lib/assistant functions as /ai-settings/* and /special-instructions/*.
const none = z.undefined();

export const getPersonaAction = async () => staffAction(none, undefined, (ctx) => getPersona(ctx));
export const savePersonaAction = async (input: unknown) => staffAction(personaSchema, input, (ctx, data) => putPersona(ctx, data));
export const getPersonalityAction = async () => staffAction(none, undefined, (ctx) => getPersonality(ctx));
export const savePersonalityAction = async (input: unknown) => staffAction(personalitySchema, input, (ctx, data) => putPersonality(ctx, data));
export const getVoiceAction = async () => staffAction(none, undefined, (ctx) => getVoiceSettings(ctx));
export const saveVoiceAction = async (input: unknown) => staffAction(voiceSettingsSchema, input, (ctx, data) => putVoiceSettings(ctx, data));
export const getVocabularyAction = async () => staffAction(none, undefined, (ctx) => getVocabulary(ctx));
export const saveVocabularyAction = async (input: unknown) => staffAction(vocabularySchema, input, (ctx, data) => putVocabulary(ctx, data));
export const availableVoicesAction = async () => staffAction(none, undefined, (ctx) => availableVoices(ctx));
export const previewVoiceAction = async (input: unknown) => staffAction(voicePreviewSchema, input, (ctx, data) => voicePreview(ctx, data));
export const listSpecialInstructionsAction = async () => staffAction(none, undefined, (ctx) => listSpecialInstructions(ctx));
export const saveSpecialInstructionAction = async (input: unknown) =>
  staffAction(z.object({ id: idField.optional(), data: specialInstructionSchema }), input, (ctx, { id, data }) => (id ? updateSpecialInstruction(ctx, id, data) : createSpecialInstruction(ctx, data)));
export const deleteSpecialInstructionAction = async (input: unknown) => staffAction(z.object({ id: idField }), input, (ctx, { id }) => deleteSpecialInstruction(ctx, id));

export async function uploadAvatarAction(form: FormData) {
  return staffAction(z.instanceof(FormData), form, async (ctx, data) =>
    uploadAvatar(ctx, await fileFromForm(data, { maxBytes: AVATAR_MAX_BYTES, tooLarge: AVATAR_TOO_LARGE, missing: 'Choose an image file' })),
  );
}
