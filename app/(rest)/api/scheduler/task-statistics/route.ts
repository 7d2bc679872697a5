import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { taskStatistics } from '@/lib/scheduler/service';

export const GET = route(schedulerOperations.statistics, ({ ctx, query }) => taskStatistics(ctx, query.days));
