import { route } from '@/lib/http/route';
import { deleteLead, getLead, updateLead } from '@/lib/leads/manage';
import { leadOperations } from '@/lib/leads/operations';

export const GET = route(leadOperations.get, ({ ctx, params }) => getLead(ctx, params.id));
export const PATCH = route(leadOperations.update, ({ ctx, params, body }) => updateLead(ctx, params.id, body));
export const DELETE = route(leadOperations.remove, ({ ctx, params }) => deleteLead(ctx, params.id));
