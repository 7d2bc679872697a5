import { route } from '@/lib/http/route';
import { reportOperations } from '@/lib/reports/operations';
import { leadsMetricsMultiSchool } from '@/lib/reports/service';

export const GET = route(reportOperations.leadsMultiSchool, ({ ctx, query }) => leadsMetricsMultiSchool(ctx, query));
