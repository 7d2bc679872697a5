import { analyticsOperations } from '@/lib/analytics/operations';
import { generateDailyStatsFrom } from '@/lib/analytics/summary';
import { route } from '@/lib/http/route';

export const POST = route(analyticsOperations.generateDaily, ({ ctx, query, body }) => generateDailyStatsFrom(ctx, { query, body }));
