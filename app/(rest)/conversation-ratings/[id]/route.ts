import { ratingOperations } from '@/lib/conversations/operations';
import { deleteRating, updateRating } from '@/lib/conversations/ratings';
import { route } from '@/lib/http/route';

export const PUT = route(ratingOperations.update, ({ ctx, params, body }) => updateRating(ctx, params.id, body));
export const DELETE = route(ratingOperations.remove, ({ ctx, params }) => deleteRating(ctx, params.id));
