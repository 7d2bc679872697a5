import { assistantOperations } from '@/lib/assistant/operations';
import { getVoiceSettings, putVoiceSettings } from '@/lib/assistant/settings';
import { route } from '@/lib/http/route';

export const GET = route(assistantOperations.getVoice, ({ ctx }) => getVoiceSettings(ctx));
export const PUT = route(assistantOperations.putVoice, ({ ctx, body }) => putVoiceSettings(ctx, body));
