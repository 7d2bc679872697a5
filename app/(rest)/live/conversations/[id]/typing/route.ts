import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';
import { staffTyping } from '@/lib/live/signals';

export const POST = route(liveOperations.typing, ({ ctx, params }) => staffTyping(ctx, params.id));
