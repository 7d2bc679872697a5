import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { listExecutions } from '@/lib/scheduler/service';
import { background } from '@/background';

export const GET = route(schedulerOperations.executions, ({ ctx, query }) => listExecutions(ctx, background, query));
