import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';

export const PUT = route(liveOperations.details);
