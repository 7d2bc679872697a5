import { analyticsOperations } from '@/lib/analytics/operations';
import { topicCategories } from '@/lib/analytics/summary';
import { route } from '@/lib/http/route';

export const GET = route(analyticsOperations.topicCategories, ({ query }) => topicCategories(query));
