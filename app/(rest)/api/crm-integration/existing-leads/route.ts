import { route } from '@/lib/http/route';
import { sendExistingLeads, unsentLeads } from '@/lib/crm/deliveries';
import { crmOperations } from '@/lib/crm/operations';

export const GET = route(crmOperations.unsentLeads, ({ ctx }) => unsentLeads(ctx));
export const POST = route(crmOperations.sendExistingLeads, ({ ctx }) => sendExistingLeads(ctx));
