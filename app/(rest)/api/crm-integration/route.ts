import { route } from '@/lib/http/route';
import { crmOperations } from '@/lib/crm/operations';

export const GET = route(crmOperations.get);
export const POST = route(crmOperations.create);
export const PUT = route(crmOperations.update);
export const DELETE = route(crmOperations.remove);
