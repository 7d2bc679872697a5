import { route } from '@/lib/http/route';
import { analyticsOperations } from '@/lib/analytics/operations';

export const GET = route(analyticsOperations.conversationSummary);
