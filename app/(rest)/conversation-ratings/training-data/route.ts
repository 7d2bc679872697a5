import { route } from '@/lib/http/route';
import { ratingOperations } from '@/lib/conversations/operations';

export const GET = route(ratingOperations.trainingData);
