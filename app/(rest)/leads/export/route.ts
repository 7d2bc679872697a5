import { route } from '@/lib/http/route';
import { exportLeads } from '@/lib/leads/export';
import { leadOperations } from '@/lib/leads/operations';

export const GET = route(leadOperations.export, ({ ctx, query }) => exportLeads(ctx, query));
