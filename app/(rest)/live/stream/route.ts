import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';
import { staffLiveStream } from '@/lib/live/streams';

export const GET = route(liveOperations.stream, ({ ctx, req }) => staffLiveStream(ctx, req));
