import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';
import { deleteSavedReply, updateSavedReply } from '@/lib/live/saved-replies';

export const PUT = route(liveOperations.updateReply, ({ ctx, params, body }) => updateSavedReply(ctx, params.id, body));
export const DELETE = route(liveOperations.deleteReply, ({ ctx, params }) => deleteSavedReply(ctx, params.id));
