import { route } from '@/lib/http/route';
import { unansweredOperations } from '@/lib/analytics/unanswered-operations';

export const GET = route(unansweredOperations.list);
