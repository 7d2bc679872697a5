import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';

export const GET = route(liveOperations.list);
