import { route } from '@/lib/http/route';
import { trackExport } from '@/lib/leads/manage';
import { leadOperations } from '@/lib/leads/operations';

export const POST = route(leadOperations.track, ({ ctx, body }) => trackExport(ctx, body));
