import { ratingOperations } from '@/lib/conversations/operations';
import { createRating } from '@/lib/conversations/ratings';
import { route } from '@/lib/http/route';

export const POST = route(ratingOperations.create, ({ ctx, body }) => createRating(ctx, body));
