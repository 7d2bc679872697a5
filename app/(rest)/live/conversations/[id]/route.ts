import { route } from '@/lib/http/route';
import { liveConversation } from '@/lib/live/conversations';
import { liveOperations } from '@/lib/live/operations';

export const GET = route(liveOperations.get, ({ ctx, params }) => liveConversation(ctx, params.id));
