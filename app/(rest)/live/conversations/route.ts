import { route } from '@/lib/http/route';
import { listLive } from '@/lib/live/conversations';
import { liveOperations } from '@/lib/live/operations';

export const GET = route(liveOperations.list, ({ ctx, query }) => listLive(ctx, query.status));
