import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { listExecutions } from '@/lib/scheduler/service';

export const GET = route(schedulerOperations.executions, ({ ctx, query }) => listExecutions(ctx, query));
