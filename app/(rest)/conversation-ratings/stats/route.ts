import { ratingOperations } from '@/lib/conversations/operations';
import { ratingStats } from '@/lib/conversations/ratings';
import { route } from '@/lib/http/route';

export const GET = route(ratingOperations.stats, ({ ctx, query }) => ratingStats(ctx, query));
