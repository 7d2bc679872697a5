import { route } from '@/lib/http/route';
import { endLive } from '@/lib/live/conversations';
import { liveOperations } from '@/lib/live/operations';

export const POST = route(liveOperations.leave, ({ ctx, params }) => endLive(ctx, params.id, 'leave'));
