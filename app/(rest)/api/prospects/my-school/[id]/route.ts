import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';
import { deleteProspect, getProspect, updateProspect } from '@/lib/prospects/service';

export const GET = route(prospectOperations.get, ({ ctx, params }) => getProspect(ctx, params.id));
export const PUT = route(prospectOperations.update, ({ ctx, params, body }) => updateProspect(ctx, params.id, body));
export const DELETE = route(prospectOperations.remove, ({ ctx, params }) => deleteProspect(ctx, params.id));
