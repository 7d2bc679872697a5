import { route } from '@/lib/http/route';
import { postStaffMessage } from '@/lib/live/conversations';
import { liveOperations } from '@/lib/live/operations';

export const POST = route(liveOperations.message, ({ ctx, params, body }) => postStaffMessage(ctx, params.id, body.text));
