import { assistantOperations } from '@/lib/assistant/operations';
import { getPersona, putPersona } from '@/lib/assistant/settings';
import { route } from '@/lib/http/route';

export const GET = route(assistantOperations.getPersona, ({ ctx }) => getPersona(ctx));
export const PUT = route(assistantOperations.putPersona, ({ ctx, body }) => putPersona(ctx, body));
