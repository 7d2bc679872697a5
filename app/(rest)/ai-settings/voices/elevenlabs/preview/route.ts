import { assistantOperations } from '@/lib/assistant/operations';
import { voicePreview } from '@/lib/assistant/settings';
import { route } from '@/lib/http/route';

export const POST = route(assistantOperations.preview, ({ ctx, body }) => voicePreview(ctx, body));
