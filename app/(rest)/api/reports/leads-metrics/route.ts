import { route } from '@/lib/http/route';
import { reportOperations } from '@/lib/reports/operations';
import { leadsMetrics } from '@/lib/reports/service';

export const GET = route(reportOperations.leads, ({ ctx, query }) => leadsMetrics(ctx, query));
