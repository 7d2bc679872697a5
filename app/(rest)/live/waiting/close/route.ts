import { route } from '@/lib/http/route';
import { closeAllWaiting } from '@/lib/live/conversations';
import { liveOperations } from '@/lib/live/operations';

export const POST = route(liveOperations.closeWaiting, ({ ctx }) => closeAllWaiting(ctx));
