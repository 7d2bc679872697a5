import { route } from '@/lib/http/route';
import { leadFieldStats } from '@/lib/leads/manage';
import { leadOperations } from '@/lib/leads/operations';

export const GET = route(leadOperations.fieldStats, ({ ctx, query }) => leadFieldStats(ctx, query));
