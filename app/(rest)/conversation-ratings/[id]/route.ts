import { route } from '@/lib/http/route';
import { ratingOperations } from '@/lib/conversations/operations';

export const PUT = route(ratingOperations.update);
export const DELETE = route(ratingOperations.remove);
