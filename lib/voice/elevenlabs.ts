import 'server-only';

export type AvailableVoice = { voice_id: string; name: string; description: string; gender: string; accent: string; use_case: string };

/** ElevenLabs' premade voices, offered when no API key is configured (the account's own list replaces it when one is). */
export const PREMADE_VOICES: AvailableVoice[] = [
  { voice_id: '21m00Tcm4TlvDq8ikWAM', name: 'Rachel', description: 'Calm, clear young adult voice', gender: 'female', accent: 'american', use_case: 'narration' },
  { voice_id: 'AZnzlk1XvdvUeBnXmlld', name: 'Domi', description: 'Strong, confident voice', gender: 'female', accent: 'american', use_case: 'narration' },
  { voice_id: 'EXAVITQu4vr4xnSDxMaL', name: 'Bella', description: 'Soft, warm voice', gender: 'female', accent: 'american', use_case: 'narration' },
  { voice_id: 'MF3mGyEYCl7XYWbV9V6O', name: 'Elli', description: 'Emotional, youthful voice', gender: 'female', accent: 'american', use_case: 'narration' },
  { voice_id: 'ErXwobaYiN019PkySvjV', name: 'Antoni', description: 'Well-rounded, friendly voice', gender: 'male', accent: 'american', use_case: 'narration' },
  { voice_id: 'TxGEqnHWrfWFTfGW9XjX', name: 'Josh', description: 'Deep, young adult voice', gender: 'male', accent: 'american', use_case: 'narration' },
  { voice_id: 'pNInz6obpgDQGcFmaJgB', name: 'Adam', description: 'Deep, middle-aged voice', gender: 'male', accent: 'american', use_case: 'narration' },
  { voice_id: 'yoZ06aMxZJJ28mfd3POQ', name: 'Sam', description: 'Raspy, young adult voice', gender: 'male', accent: 'american', use_case: 'narration' },
];

/** What school staff read; the operator's hint goes to the server log (PREVIEW_SETUP_HINT). */
export const PREVIEW_NEEDS_KEY = 'Voice previews are not set up on this server; ask your administrator';
export const PREVIEW_SETUP_HINT = 'Voice previews need an ElevenLabs API key: set ELEVENLABS_API_KEY.';

const config = () => {
  const apiKey = process.env.ELEVENLABS_API_KEY;
  return apiKey ? { apiKey, baseUrl: (process.env.ELEVENLABS_BASE_URL || 'https://api.elevenlabs.io').replace(/\/+$/, '') } : null;
};

export class VoiceProviderError extends Error {}

/** The account's voices from ElevenLabs (GET /v1/voices), or the premade catalogue without a key. */
export async function listVoices(): Promise<AvailableVoice[]> {
  const c = config();
  if (!c) return PREMADE_VOICES;
  const res = await fetch(`${c.baseUrl}/v1/voices`, { headers: { 'xi-api-key': c.apiKey }, signal: AbortSignal.timeout(15_000) }).catch((err: Error) => {
    throw new VoiceProviderError(`ElevenLabs could not be reached: ${err.message}`);
  });
  if (!res.ok) throw new VoiceProviderError(`ElevenLabs answered ${res.status} for the voice list`);
  const body = (await res.json()) as { voices?: { voice_id: string; name: string; description?: string | null; labels?: Record<string, string> }[] };
  return (body.voices ?? []).map((v) => ({
    voice_id: v.voice_id,
    name: v.name,
    description: v.description ?? v.labels?.description ?? '',
    gender: v.labels?.gender ?? '',
    accent: v.labels?.accent ?? '',
    use_case: v.labels?.use_case ?? v.labels?.['use case'] ?? '',
  }));
}

/** Speech for a preview (POST /v1/text-to-speech/{voice_id}); null without a key. */
export async function renderPreview(voiceId: string, text: string, settings: { stability: number; similarity_boost: number; style: number; use_speaker_boost: boolean }): Promise<Uint8Array | null> {
  const c = config();
  if (!c) return null;
  const res = await fetch(`${c.baseUrl}/v1/text-to-speech/${encodeURIComponent(voiceId)}`, {
    method: 'POST',
    headers: { 'xi-api-key': c.apiKey, 'content-type': 'application/json', accept: 'audio/mpeg' },
    body: JSON.stringify({ text, model_id: 'eleven_multilingual_v2', voice_settings: settings }),
    signal: AbortSignal.timeout(30_000),
  }).catch((err: Error) => {
    throw new VoiceProviderError(`ElevenLabs could not be reached: ${err.message}`);
  });
  if (!res.ok) throw new VoiceProviderError(`ElevenLabs could not render the preview (${res.status})`);
  return new Uint8Array(await res.arrayBuffer());
}
