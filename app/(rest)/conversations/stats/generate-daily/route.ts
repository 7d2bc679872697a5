import { analyticsOperations } from '@/lib/analytics/operations';
import { generateDailyStats } from '@/lib/analytics/summary';
import { route } from '@/lib/http/route';

export const POST = route(analyticsOperations.generateDaily, ({ ctx, query, body }) =>
  generateDailyStats(ctx, { target_date: query.target_date ?? body?.target_date }, query.target_date ? 'query' : 'body'),
);
