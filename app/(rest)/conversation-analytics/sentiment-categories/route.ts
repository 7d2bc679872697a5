import { analyticsOperations } from '@/lib/analytics/operations';
import { sentimentCategories } from '@/lib/analytics/summary';
import { route } from '@/lib/http/route';

export const GET = route(analyticsOperations.sentimentCategories, ({ query }) => sentimentCategories(query));
