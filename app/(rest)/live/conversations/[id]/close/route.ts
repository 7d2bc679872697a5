import { route } from '@/lib/http/route';
import { liveOperations } from '@/lib/live/operations';

export const POST = route(liveOperations.close);
