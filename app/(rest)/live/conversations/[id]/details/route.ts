import { route } from '@/lib/http/route';
import { editLiveDetails } from '@/lib/live/details';
import { liveOperations } from '@/lib/live/operations';

export const PUT = route(liveOperations.details, ({ ctx, params, body }) => editLiveDetails(ctx, params.id, body));
