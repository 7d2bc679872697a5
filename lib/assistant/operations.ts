import 'server-only';
import { z } from 'zod';
import { idField } from '@/lib/auth/schema';
import { defineOperations } from '@/lib/http/operation';
import { getVocabulary, putVocabulary, vocabularySchema } from '@/lib/retrieval/school-vocabulary';
import { personalitySchema, personaSchema, specialInstructionSchema, voicePreviewSchema, voiceSettingsSchema } from './schema';
import { buildInstructions } from './instructions';
import { operation } from '@/lib/http/route';
import { availableVoices, AVATAR_MAX_BYTES, AVATAR_TOO_LARGE, createSpecialInstruction, deleteSpecialInstruction, getPersona, getPersonality, getVoiceSettings, listSpecialInstructions, putPersona, putPersonality, putVoiceSettings, updateSpecialInstruction, uploadAvatar, voicePreview } from './settings';
import { readUpload } from '@/lib/http/upload';

const tag = 'AI settings';
const errors = [401, 404];
const idParams = z.object({ id: idField });

export const assistantOperations = defineOperations({
  getPersona: operation({ method: 'GET', path: '/ai-settings/persona', tag, auth: 'bearer', errors, summary: "The assistant's name, role and avatar (404 until saved)", handler: ({ ctx }) => getPersona(ctx) }),
  putPersona: operation({ method: 'PUT', path: '/ai-settings/persona', tag, auth: 'bearer', body: personaSchema, errors, summary: 'Save the persona', handler: ({ ctx, body }) => putPersona(ctx, body) }),
  getPersonality: operation({ method: 'GET', path: '/ai-settings/personality', tag, auth: 'bearer', errors, summary: "The assistant's personality (404 until saved)", handler: ({ ctx }) => getPersonality(ctx) }),
  putPersonality: operation({
    method: 'PUT', path: '/ai-settings/personality', tag, auth: 'bearer', body: personalitySchema, errors, summary: 'Save the personality',
    handler: ({ ctx, body }) => putPersonality(ctx, body),
  }),
  getVoice: operation({ method: 'GET', path: '/ai-settings/voices/elevenlabs', tag, auth: 'bearer', errors, summary: 'Voice settings (404 until saved)', handler: ({ ctx }) => getVoiceSettings(ctx) }),
  putVoice: operation({
    method: 'PUT', path: '/ai-settings/voices/elevenlabs', tag, auth: 'bearer', body: voiceSettingsSchema, errors, summary: 'Save the voice settings',
    handler: ({ ctx, body }) => putVoiceSettings(ctx, body),
  }),
  uploadAvatar: operation({
    method: 'POST', path: '/ai-settings/persona/upload-avatar', tag, auth: 'bearer', multipart: { fileField: 'file' }, errors: [...errors, 413],
    summary: 'Upload an avatar (JPEG, PNG, GIF or WebP by content, at most 5 MB); answers avatar_url',
    handler: async ({ ctx, req }) => {
      const { file } = await readUpload(req, { maxBytes: AVATAR_MAX_BYTES, tooLarge: AVATAR_TOO_LARGE });
      return uploadAvatar(ctx, file);
    },
  }),
  voices: operation({
    method: 'GET', path: '/ai-settings/voices/available', tag, auth: 'bearer', errors: [...errors, 502], summary: 'Voices to choose from (the ElevenLabs account, or the premade catalogue)',
    handler: ({ ctx }) => availableVoices(ctx),
  }),
  preview: operation({
    method: 'POST', path: '/ai-settings/voices/elevenlabs/preview', tag, auth: 'bearer', body: voicePreviewSchema, errors: [...errors, 502],
    summary: 'Render a voice sample: {audio_url}, or {message} when previews need an API key',
    handler: ({ ctx, body }) => voicePreview(ctx, body),
  }),
  listInstructions: operation({
    method: 'GET', path: '/special-instructions/', tag: 'Special instructions', auth: 'bearer', errors, summary: 'Special instructions: {data: [...]}, higher priority first',
    handler: ({ ctx }) => listSpecialInstructions(ctx),
  }),
  createInstruction: operation({
    method: 'POST', path: '/special-instructions/', tag: 'Special instructions', auth: 'bearer', body: specialInstructionSchema, status: 201, errors, summary: 'Add a special instruction',
    handler: ({ ctx, body }) => createSpecialInstruction(ctx, body),
  }),
  updateInstruction: operation({
    method: 'PUT', path: '/special-instructions/{id}', tag: 'Special instructions', auth: 'bearer', params: idParams, body: specialInstructionSchema, errors, summary: 'Update a special instruction',
    handler: ({ ctx, params, body }) => updateSpecialInstruction(ctx, params.id, body),
  }),
  allInstructions: operation({
    method: 'GET', path: '/ai-settings/all-instructions', tag, auth: 'bearer', query: z.object({ include_voice: z.enum(['true', 'false']).default('true').transform((v) => v === 'true') }), errors,
    summary: "Exactly what the assistant is told: the system prompt and its parts",
    handler: ({ ctx, query }) => buildInstructions(ctx, { includeVoice: query.include_voice }),
  }),
  getVocabulary: operation({
    method: 'GET', path: '/ai-settings/vocabulary', tag, auth: 'bearer', errors: [401],
    summary: "The school's own word groups ({groups}) and the built-in admissions vocabulary ({built_in}) the assistant matches visitors' words with",
    handler: ({ ctx }) => getVocabulary(ctx),
  }),
  putVocabulary: operation({
    method: 'PUT', path: '/ai-settings/vocabulary', tag, auth: 'bearer', body: vocabularySchema, errors: [401, 422],
    summary: "Replace the school's word groups (each 2–20 words or phrases that mean the same thing); the chat index follows at once",
    handler: ({ ctx, body }) => putVocabulary(ctx, body),
  }),
  deleteInstruction: operation({
    method: 'DELETE', path: '/special-instructions/{id}', tag: 'Special instructions', auth: 'bearer', params: idParams, errors, summary: 'Delete a special instruction',
    handler: ({ ctx, params }) => deleteSpecialInstruction(ctx, params.id),
  }),
});
