import { route } from '@/lib/http/route';
import { endLive } from '@/lib/live/conversations';
import { liveOperations } from '@/lib/live/operations';

export const POST = route(liveOperations.close, ({ ctx, params }) => endLive(ctx, params.id, 'close'));
