import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';
import { setAvailability } from '@/lib/live/settings';

export const PUT = route(liveOperations.availability, ({ ctx, body }) => setAvailability(ctx, body.available));
