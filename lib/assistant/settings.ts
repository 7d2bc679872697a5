import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { personalitySettings, personaSettings, specialInstructions, voiceSettings } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { AppError, notFound, validationError } from '@/lib/http/errors';
import { saveBlob, uploadUrl } from '@/lib/storage/blobs';
import { sniffImageType } from '@/lib/storage/image-type';
import { listVoices, PREVIEW_NEEDS_KEY, PREVIEW_SETUP_HINT, renderPreview, VoiceProviderError } from '@/lib/voice/elevenlabs';
import { requireSchoolId } from '@/lib/tenancy';
import { VOICE_DEFAULTS, type PersonaInput, type PersonalityInput, type SpecialInstructionInput, type VoiceSettingsInput } from './schema';

// Settings never saved answer 404 with a plain note; the screen then shows the defaults.
const notSetUp = (what: string) => notFound(`${what} have not been set up yet`);

export async function getPersona(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [row] = await db.select().from(personaSettings).where(eq(personaSettings.schoolId, schoolId)).limit(1);
  if (!row) throw notSetUp('Persona settings');
  return { ai_name: row.aiName, role_description: row.roleDescription, avatar_url: row.avatarUrl };
}

export async function putPersona(ctx: AuthContext, input: PersonaInput) {
  const schoolId = requireSchoolId(ctx);
  const values = { aiName: input.ai_name, roleDescription: input.role_description, avatarUrl: input.avatar_url ?? null, updatedAt: new Date() };
  const db = await getDb();
  await db.insert(personaSettings).values({ schoolId, ...values }).onConflictDoUpdate({ target: personaSettings.schoolId, set: values });
  return getPersona(ctx);
}

export async function getPersonality(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [r] = await db.select().from(personalitySettings).where(eq(personalitySettings.schoolId, schoolId)).limit(1);
  if (!r) throw notSetUp('Personality settings');
  return {
    tone: r.tone,
    formality: r.formality,
    response_style: r.responseStyle,
    enthusiasm: r.enthusiasm,
    empathy_level: r.empathyLevel,
    humor_level: r.humorLevel,
    personality_traits: r.personalityTraits,
    custom_instructions: r.customInstructions,
  };
}

export async function putPersonality(ctx: AuthContext, input: PersonalityInput) {
  const schoolId = requireSchoolId(ctx);
  const values = {
    tone: input.tone,
    formality: input.formality,
    responseStyle: input.response_style,
    enthusiasm: input.enthusiasm,
    empathyLevel: input.empathy_level,
    humorLevel: input.humor_level,
    personalityTraits: input.personality_traits,
    customInstructions: input.custom_instructions,
    updatedAt: new Date(),
  };
  const db = await getDb();
  await db.insert(personalitySettings).values({ schoolId, ...values }).onConflictDoUpdate({ target: personalitySettings.schoolId, set: values });
  return getPersonality(ctx);
}

export async function getVoiceSettings(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [r] = await db.select().from(voiceSettings).where(eq(voiceSettings.schoolId, schoolId)).limit(1);
  if (!r) throw notSetUp('Voice settings');
  return { voice_id: r.voiceId, voice_name: r.voiceName, stability: r.stability, similarity_boost: r.similarityBoost, style: r.style, use_speaker_boost: r.useSpeakerBoost, preview_text: r.previewText };
}

export async function putVoiceSettings(ctx: AuthContext, input: VoiceSettingsInput) {
  const schoolId = requireSchoolId(ctx);
  const values = {
    voiceId: input.voice_id,
    voiceName: input.voice_name,
    stability: input.stability,
    similarityBoost: input.similarity_boost,
    style: input.style,
    useSpeakerBoost: input.use_speaker_boost,
    previewText: input.preview_text ?? null,
    updatedAt: new Date(),
  };
  const db = await getDb();
  await db.insert(voiceSettings).values({ schoolId, ...values }).onConflictDoUpdate({ target: voiceSettings.schoolId, set: values });
  return getVoiceSettings(ctx);
}

type InstructionRow = typeof specialInstructions.$inferSelect;
const instructionView = (r: InstructionRow) => ({
  id: r.id,
  title: r.title,
  instruction_text: r.instructionText,
  instruction_type: r.instructionType,
  priority: r.priority,
  is_active: r.isActive,
  created_at: r.createdAt.toISOString(),
  updated_at: r.updatedAt.toISOString(),
});

/** The list answer has a `data` array (spec 001 §7.5); higher priority first. */
export async function listSpecialInstructions(ctx: AuthContext) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const rows = await db.select().from(specialInstructions).where(eq(specialInstructions.schoolId, schoolId)).orderBy(desc(specialInstructions.priority), desc(specialInstructions.id));
  return { data: rows.map(instructionView) };
}

const instructionColumns = (i: SpecialInstructionInput) => ({ title: i.title, instructionText: i.instruction_text, instructionType: i.instruction_type, priority: i.priority, isActive: i.is_active });

export async function createSpecialInstruction(ctx: AuthContext, input: SpecialInstructionInput) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [row] = await db.insert(specialInstructions).values({ schoolId, ...instructionColumns(input) }).returning();
  return instructionView(row!);
}

export async function updateSpecialInstruction(ctx: AuthContext, id: number, input: SpecialInstructionInput) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const [row] = await db
    .update(specialInstructions)
    .set({ ...instructionColumns(input), updatedAt: new Date() })
    .where(and(eq(specialInstructions.id, id), eq(specialInstructions.schoolId, schoolId)))
    .returning();
  if (!row) throw notFound('Special instruction not found');
  return instructionView(row);
}

export async function deleteSpecialInstruction(ctx: AuthContext, id: number) {
  const schoolId = requireSchoolId(ctx);
  const db = await getDb();
  const gone = await db.delete(specialInstructions).where(and(eq(specialInstructions.id, id), eq(specialInstructions.schoolId, schoolId))).returning({ id: specialInstructions.id });
  if (gone.length === 0) throw notFound('Special instruction not found');
  return { message: 'Special instruction deleted successfully' };
}

export async function availableVoices(ctx: AuthContext) {
  requireSchoolId(ctx);
  try {
    return { voices: await listVoices(), source: process.env.ELEVENLABS_API_KEY ? 'elevenlabs' : 'catalogue' };
  } catch (err) {
    if (err instanceof VoiceProviderError) throw new AppError(502, err.message);
    throw err;
  }
}

/** A spoken sample: stored as a public blob and answered as `audio_url`, or `{message}` when previews need a key. */
export async function voicePreview(ctx: AuthContext, input: { voice_id: string; text: string }) {
  const schoolId = requireSchoolId(ctx);
  let settings: { stability: number; similarity_boost: number; style: number; use_speaker_boost: boolean } = { stability: VOICE_DEFAULTS.stability, similarity_boost: VOICE_DEFAULTS.similarity_boost, style: VOICE_DEFAULTS.style, use_speaker_boost: VOICE_DEFAULTS.use_speaker_boost };
  try {
    const saved = await getVoiceSettings(ctx);
    settings = { stability: saved.stability, similarity_boost: saved.similarity_boost, style: saved.style, use_speaker_boost: saved.use_speaker_boost };
  } catch {
    // never saved: the defaults
  }
  let audio: Uint8Array | null;
  try {
    audio = await renderPreview(input.voice_id, input.text, settings);
  } catch (err) {
    if (err instanceof VoiceProviderError) throw new AppError(502, err.message);
    throw err;
  }
  if (!audio) {
    console.warn(`[voice] ${PREVIEW_SETUP_HINT}`);
    return { message: PREVIEW_NEEDS_KEY };
  }
  const id = await saveBlob({ schoolId, contentType: 'audio/mpeg', filename: 'voice-preview.mp3', data: audio, isPublic: true });
  return { audio_url: uploadUrl(id), text: input.text };
}

export const AVATAR_INVALID = 'Please upload a valid image file (JPEG, PNG, GIF, or WebP)';
export const AVATAR_TOO_LARGE = 'File size must be less than 5MB';
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Stores an avatar checked by its content; answers `avatar_url` for the persona to save. */
export async function uploadAvatar(ctx: AuthContext, file: { bytes: Uint8Array; filename: string }) {
  const schoolId = requireSchoolId(ctx);
  const type = sniffImageType(file.bytes);
  if (!type) throw validationError([{ loc: ['body', 'file'], msg: AVATAR_INVALID, type: 'image_type' }]);
  const id = await saveBlob({ schoolId, contentType: type, filename: file.filename.slice(0, 255), data: file.bytes, isPublic: true });
  return { avatar_url: uploadUrl(id) };
}
