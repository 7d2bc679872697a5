import { route } from '@/lib/http/route';
import { allInsights } from '@/lib/knowledge/insights';
import { insightOperations } from '@/lib/knowledge/operations';

export const GET = route(insightOperations.all, ({ ctx }) => allInsights(ctx));
