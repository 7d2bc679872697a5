import { ratingOperations } from '@/lib/chat/operations';
import { ratingStats } from '@/lib/chat/ratings';
import { route } from '@/lib/http/route';

export const GET = route(ratingOperations.stats, ({ ctx, query }) => ratingStats(ctx, query));
