import { ratingOperations } from '@/lib/chat/operations';
import { createRating } from '@/lib/chat/ratings';
import { route } from '@/lib/http/route';

export const POST = route(ratingOperations.create, ({ ctx, body }) => createRating(ctx, body));
