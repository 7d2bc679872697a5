import { assistantOperations } from '@/lib/assistant/operations';
import { getPersonality, putPersonality } from '@/lib/assistant/settings';
import { route } from '@/lib/http/route';

export const GET = route(assistantOperations.getPersonality, ({ ctx }) => getPersonality(ctx));
export const PUT = route(assistantOperations.putPersonality, ({ ctx, body }) => putPersonality(ctx, body));
