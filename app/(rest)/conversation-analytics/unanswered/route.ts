import { unansweredQuestions } from '@/lib/analytics/unanswered';
import { unansweredOperations } from '@/lib/analytics/unanswered-operations';
import { route } from '@/lib/http/route';

export const GET = route(unansweredOperations.list, ({ ctx, query }) => unansweredQuestions(ctx, query));
