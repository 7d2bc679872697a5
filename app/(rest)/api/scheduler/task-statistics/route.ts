import { route } from '@/lib/http/route';
import { schedulerOperations } from '@/lib/scheduler/operations';
import { taskStatistics } from '@/lib/scheduler/service';
import { background } from '@/background';

export const GET = route(schedulerOperations.statistics, ({ ctx, query }) => taskStatistics(ctx, background, query.days));
