import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';
import { createProspect, listProspects } from '@/lib/prospects/service';

export const GET = route(prospectOperations.list, ({ ctx, query }) => listProspects(ctx, query));
export const POST = route(prospectOperations.create, ({ ctx, body }) => createProspect(ctx, body));
