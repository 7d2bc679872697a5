import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';
import { createSavedReply, listSavedReplies } from '@/lib/live/saved-replies';

export const GET = route(liveOperations.listReplies, ({ ctx }) => listSavedReplies(ctx));
export const POST = route(liveOperations.createReply, ({ ctx, body }) => createSavedReply(ctx, body));
