import { ratingOperations } from '@/lib/conversations/operations';
import { trainingDataResponse } from '@/lib/conversations/ratings';
import { route } from '@/lib/http/route';

export const GET = route(ratingOperations.trainingData, ({ ctx, query }) => trainingDataResponse(ctx, query));
