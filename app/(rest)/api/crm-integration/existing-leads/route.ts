import { route } from '@/lib/http/route';
import { crmOperations } from '@/lib/crm/operations';

export const GET = route(crmOperations.unsentLeads);
export const POST = route(crmOperations.sendExistingLeads);
