import { analyticsOperations } from '@/lib/analytics/operations';
import { analyticsSummary } from '@/lib/analytics/summary';
import { route } from '@/lib/http/route';

export const GET = route(analyticsOperations.summary, ({ ctx }) => analyticsSummary(ctx));
