import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { getDb } from '@/db/client';
import { personalitySettings, personaSettings, specialInstructions, voiceSettings } from '@/db/schema';
import type { AuthContext } from '@/lib/auth/accounts';
import { AppError, notFound, validationError } from '@/lib/http/errors';
import { saveBlob, uploadUrl } from '@/lib/storage/blobs';
import { sniffImageType } from '@/lib/storage/image-type';
import { listVoices, PREVIEW_NEEDS_KEY, PREVIEW_SETUP_HINT, renderPreview, VoiceProviderError } from '@/lib/voice/elevenlabs';
import { schoolSettings, type SettingsStore } from '@/lib/schools/settings';
import { requireSchoolId } from '@/lib/tenancy';
import { VOICE_DEFAULTS, type PersonaInput, type PersonalityInput, type SpecialInstructionInput, type VoiceSettingsInput } from './schema';

// Settings never saved answer 404 with a plain note; the screen then shows the defaults.
const notSetUp = (what: string) => notFound(`${what} have not been set up yet`);

type Persona = { ai_name: string; role_description: string; avatar_url: string | null };
type Personality = Omit<PersonalityInput, never>;
type Voice = { voice_id: string; voice_name: string; stability: number; similarity_boost: number; style: number; use_speaker_boost: boolean; preview_text: string | null };

const personas = schoolSettings<Persona>(personaSettings, ['ai_name', 'role_description', 'avatar_url']);
const personalities = schoolSettings<Personality>(personalitySettings, ['tone', 'formality', 'response_style', 'enthusiasm', 'empathy_level', 'humor_level', 'personality_traits', 'custom_instructions']);
const voices = schoolSettings<Voice>(voiceSettings, ['voice_id', 'voice_name', 'stability', 'similarity_boost', 'style', 'use_speaker_boost', 'preview_text']);

async function saved<V extends Record<string, unknown>>(store: SettingsStore<V>, ctx: AuthContext, what: string): Promise<V> {
  const value = await store.read(requireSchoolId(ctx));
  if (!value) throw notSetUp(what);
  return value;
}

export const getPersona = (ctx: AuthContext) => saved(personas, ctx, 'Persona settings');

export async function putPersona(ctx: AuthContext, input: PersonaInput) {
  return personas.write(requireSchoolId(ctx), { ai_name: input.ai_name, role_description: input.role_description, avatar_url: input.avatar_url ?? null });
}

export const getPersonality = (ctx: AuthContext) => saved(personalities, ctx, 'Personality settings');

export async function putPersonality(ctx: AuthContext, input: PersonalityInput) {
  return personalities.write(requireSchoolId(ctx), input);
}

export const getVoiceSettings = (ctx: AuthContext) => saved(voices, ctx, 'Voice settings');

export async function putVoiceSettings(ctx: AuthContext, input: VoiceSettingsInput) {
  return voices.write(requireSchoolId(ctx), { ...input, preview_text: input.preview_text ?? null });
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

/** The list answer has a `data` array; higher priority first. */
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
