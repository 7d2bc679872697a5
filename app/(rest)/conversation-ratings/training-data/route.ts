import { ratingOperations } from '@/lib/chat/operations';
import { trainingDataResponse } from '@/lib/chat/ratings';
import { route } from '@/lib/http/route';

export const GET = route(ratingOperations.trainingData, ({ ctx, query }) => trainingDataResponse(ctx, query));
