import { analyticsOperations } from '@/lib/analytics/operations';
import { conversationAnalyticsSummary } from '@/lib/analytics/summary';
import { route } from '@/lib/http/route';

export const GET = route(analyticsOperations.conversationSummary, ({ ctx, query }) => conversationAnalyticsSummary(ctx, query));
