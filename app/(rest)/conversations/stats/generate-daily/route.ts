import { route } from '@/lib/http/route';
import { analyticsOperations } from '@/lib/analytics/operations';

export const POST = route(analyticsOperations.generateDaily);
