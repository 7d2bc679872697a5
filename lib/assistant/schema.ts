import { z } from 'zod';

// The assistant's persona, voice, personality and special instructions: values, defaults and form
// rules. No server imports.
export const TONES = ['professional', 'conversational', 'academic', 'supportive', 'enthusiastic'] as const;
export const FORMALITIES = ['very_formal', 'formal', 'neutral', 'casual', 'very_casual'] as const;
export const RESPONSE_STYLES = ['concise', 'detailed', 'balanced', 'thorough'] as const;
export const LEVELS = ['minimal', 'low', 'moderate', 'high', 'very_high'] as const;
export const HUMOR_LEVELS = ['none', 'minimal', 'occasional', 'moderate', 'frequent'] as const;
export const TRAITS = ['Helpful', 'Supportive', 'Encouraging', 'Patient', 'Knowledgeable', 'Approachable', 'Confident', 'Warm', 'Clear', 'Positive', 'Understanding', 'Informative', 'Friendly', 'Professional', 'Reassuring'] as const;
export const INSTRUCTION_TYPES = ['always_do', 'never_do', 'general'] as const;

export const PERSONALITY_DEFAULTS = {
  tone: 'professional',
  formality: 'formal',
  response_style: 'concise',
  enthusiasm: 'moderate',
  empathy_level: 'high',
  humor_level: 'minimal',
  personality_traits: [] as string[],
  custom_instructions: '',
} as const;

export const VOICE_DEFAULTS = { voice_id: '21m00Tcm4TlvDq8ikWAM', voice_name: 'Rachel', stability: 0.5, similarity_boost: 0.5, style: 0, use_speaker_boost: true } as const;
export const DEFAULT_PREVIEW_TEXT = "Hello, I'm your AI assistant. How can I help you today?";
export const NO_SCHOOL_SPECIAL_INSTRUCTIONS = 'Please create your school information first before adding special instructions.';

const avatarUrl = z
  .union([z.literal('').transform(() => null), z.null(), z.string().trim().max(2048).refine((v) => v.startsWith('/uploads/') || /^https?:\/\/[^\s]+$/i.test(v), 'Avatar URL must be an uploaded image or an http(s) address')])
  .optional();

export const personaSchema = z.object({
  ai_name: z.string({ error: 'AI name is required' }).trim().min(1, 'AI name is required').max(50, 'AI name must be at most 50 characters'),
  role_description: z.string().trim().max(500, 'Role description must be at most 500 characters').default(''),
  avatar_url: avatarUrl,
});

export const personalitySchema = z.object({
  tone: z.enum(TONES, { error: `Tone must be one of ${TONES.join(', ')}` }).default(PERSONALITY_DEFAULTS.tone),
  formality: z.enum(FORMALITIES, { error: `Formality must be one of ${FORMALITIES.join(', ')}` }).default(PERSONALITY_DEFAULTS.formality),
  response_style: z.enum(RESPONSE_STYLES, { error: `Response style must be one of ${RESPONSE_STYLES.join(', ')}` }).default(PERSONALITY_DEFAULTS.response_style),
  enthusiasm: z.enum(LEVELS, { error: `Enthusiasm must be one of ${LEVELS.join(', ')}` }).default(PERSONALITY_DEFAULTS.enthusiasm),
  empathy_level: z.enum(LEVELS, { error: `Empathy level must be one of ${LEVELS.join(', ')}` }).default(PERSONALITY_DEFAULTS.empathy_level),
  humor_level: z.enum(HUMOR_LEVELS, { error: `Humor level must be one of ${HUMOR_LEVELS.join(', ')}` }).default(PERSONALITY_DEFAULTS.humor_level),
  personality_traits: z
    .array(z.enum(TRAITS, { error: 'Unknown personality trait' }), { error: 'Personality traits must be a list' })
    .max(TRAITS.length)
    .default([])
    .transform((t) => [...new Set(t)]),
  custom_instructions: z.string().trim().max(2000, 'Custom instructions must be at most 2000 characters').default(''),
});

/** A slider value from 0 to 1 in steps of 0.1. */
const unit = (label: string) =>
  z
    .number({ error: `${label} must be a number from 0 to 1` })
    .min(0, `${label} must be from 0 to 1`)
    .max(1, `${label} must be from 0 to 1`)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, `${label} moves in steps of 0.1`)
    // Stored as the step itself: a value within the tolerance (1e-300) would underflow Postgres's real.
    .transform((v) => Math.round(v * 10) / 10);

export const voiceSettingsSchema = z.object({
  voice_id: z.string({ error: 'Please select a voice first' }).trim().min(1, 'Please select a voice first').max(100),
  voice_name: z.string().trim().max(100).default(''),
  stability: unit('Stability').default(VOICE_DEFAULTS.stability),
  similarity_boost: unit('Similarity').default(VOICE_DEFAULTS.similarity_boost),
  style: unit('Style').default(VOICE_DEFAULTS.style),
  use_speaker_boost: z.boolean({ error: 'use_speaker_boost must be true or false' }).default(VOICE_DEFAULTS.use_speaker_boost),
  preview_text: z.string().trim().max(500, 'Preview text must be at most 500 characters').nullable().optional(),
});

export const voicePreviewSchema = z.object({
  voice_id: z.string({ error: 'Please select a voice first' }).trim().min(1, 'Please select a voice first').max(100),
  text: z.string().max(500, 'Preview text must be at most 500 characters').optional().nullable().transform((t) => (t?.trim() ? t.trim() : DEFAULT_PREVIEW_TEXT)),
});

export const specialInstructionSchema = z.object({
  title: z.string({ error: 'Title is required' }).trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  instruction_text: z.string({ error: 'Instruction text is required' }).trim().min(1, 'Instruction text is required').max(2000, 'Instruction text must be at most 2000 characters'),
  instruction_type: z.enum(INSTRUCTION_TYPES, { error: 'Instruction type must be always_do, never_do or general' }).default('general'),
  priority: z.number({ error: 'Priority must be a whole number from 0 to 100' }).int('Priority must be a whole number from 0 to 100').min(0, 'Priority must be a whole number from 0 to 100').max(100, 'Priority must be a whole number from 0 to 100').default(0),
  is_active: z.boolean({ error: 'is_active must be true or false' }).default(true),
});

export type PersonaInput = z.infer<typeof personaSchema>;
export type PersonalityInput = z.infer<typeof personalitySchema>;
export type VoiceSettingsInput = z.infer<typeof voiceSettingsSchema>;
export type SpecialInstructionInput = z.infer<typeof specialInstructionSchema>;
