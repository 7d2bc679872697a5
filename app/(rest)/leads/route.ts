import { route } from '@/lib/http/route';
import { createLead, listLeads } from '@/lib/leads/manage';
import { leadOperations } from '@/lib/leads/operations';

// A list answers an array; the number of leads that match is in X-Total-Count.
export const GET = route(leadOperations.list, async ({ ctx, query }) => {
  const page = await listLeads(ctx, query);
  return Response.json(page.leads, { headers: { 'x-total-count': String(page.total), 'access-control-expose-headers': 'X-Total-Count' } });
});

export const POST = route(leadOperations.create, ({ ctx, body }) => createLead(ctx, body));
