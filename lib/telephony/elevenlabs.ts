import 'server-only';

/**
 * Outbound staff interviews: an ElevenLabs conversational agent places the call through the Twilio
 * number imported into ElevenLabs. Configured by ELEVENLABS_API_KEY, ELEVENLABS_AGENT_ID and
 * ELEVENLABS_PHONE_NUMBER_ID (ELEVENLABS_BASE_URL overrides the API host, for tests).
 */
export type TelephonyConfig = { apiKey: string; agentId: string; phoneNumberId: string; baseUrl: string };

export function telephonyConfig(): TelephonyConfig | null {
  const { ELEVENLABS_API_KEY: apiKey, ELEVENLABS_AGENT_ID: agentId, ELEVENLABS_PHONE_NUMBER_ID: phoneNumberId } = process.env;
  if (!apiKey || !agentId || !phoneNumberId) return null;
  return { apiKey, agentId, phoneNumberId, baseUrl: (process.env.ELEVENLABS_BASE_URL || 'https://api.elevenlabs.io').replace(/\/+$/, '') };
}

export class TelephonyError extends Error {}

/** Asks ElevenLabs to call the staff member; answers the provider's conversation id. */
export async function placeInterviewCall(
  config: TelephonyConfig,
  call: { toNumber: string; staffName: string; topic: string; instructions: string | null; schoolName: string; interviewId: number },
): Promise<{ conversationId: string; callSid: string | null }> {
  const res = await fetch(`${config.baseUrl}/v1/convai/twilio/outbound-call`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'xi-api-key': config.apiKey },
    body: JSON.stringify({
      agent_id: config.agentId,
      agent_phone_number_id: config.phoneNumberId,
      to_number: call.toNumber.replace(/[^\d+]/g, ''),
      conversation_initiation_client_data: {
        dynamic_variables: { staff_name: call.staffName, topic: call.topic, school_name: call.schoolName, instructions: call.instructions ?? '', interview_id: String(call.interviewId) },
      },
    }),
    signal: AbortSignal.timeout(15_000),
  }).catch((err: Error) => {
    throw new TelephonyError(`The telephony provider could not be reached: ${err.message}`);
  });
  const body = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string; conversation_id?: string; callSid?: string; detail?: unknown };
  if (!res.ok || body.success === false || !body.conversation_id) {
    const why = body.message || (typeof body.detail === 'string' ? body.detail : null) || `HTTP ${res.status}`;
    throw new TelephonyError(`The call could not be placed: ${why}`);
  }
  return { conversationId: body.conversation_id, callSid: body.callSid ?? null };
}

export type ConversationState = {
  status: string;
  transcript: { role: string; message: string | null }[];
  startTimeUnixSecs: number | null;
  durationSecs: number | null;
};

/** The provider's view of a call (GET /v1/convai/conversations/{id}): status, transcript and times. */
export async function fetchConversation(config: TelephonyConfig, conversationId: string): Promise<ConversationState> {
  const res = await fetch(`${config.baseUrl}/v1/convai/conversations/${encodeURIComponent(conversationId)}`, {
    headers: { 'xi-api-key': config.apiKey },
    signal: AbortSignal.timeout(15_000),
  });
  if (!res.ok) throw new TelephonyError(`The provider answered ${res.status} for conversation ${conversationId}`);
  const body = (await res.json()) as { status?: string; transcript?: { role: string; message: string | null }[]; metadata?: { start_time_unix_secs?: number; call_duration_secs?: number } };
  return {
    status: String(body.status ?? ''),
    transcript: Array.isArray(body.transcript) ? body.transcript : [],
    startTimeUnixSecs: body.metadata?.start_time_unix_secs ?? null,
    durationSecs: body.metadata?.call_duration_secs ?? null,
  };
}
