import { route } from '@/lib/http/route';
import { waitingCount } from '@/lib/live/conversations';
import { liveOperations } from '@/lib/live/operations';

export const GET = route(liveOperations.waiting, ({ ctx }) => waitingCount(ctx));
