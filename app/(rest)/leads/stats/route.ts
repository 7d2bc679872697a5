import { route } from '@/lib/http/route';
import { leadStats } from '@/lib/leads/manage';
import { leadOperations } from '@/lib/leads/operations';

export const GET = route(leadOperations.stats, ({ ctx, query }) => leadStats(ctx, query.today_from));
