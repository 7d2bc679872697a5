import { assistantOperations } from '@/lib/assistant/operations';
import { availableVoices } from '@/lib/assistant/settings';
import { route } from '@/lib/http/route';

export const GET = route(assistantOperations.voices, ({ ctx }) => availableVoices(ctx));
