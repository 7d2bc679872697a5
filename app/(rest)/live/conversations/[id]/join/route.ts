import { route } from '@/lib/http/route';
import { joinLive } from '@/lib/live/conversations';
import { liveOperations } from '@/lib/live/operations';

export const POST = route(liveOperations.join, ({ ctx, params }) => joinLive(ctx, params.id));
