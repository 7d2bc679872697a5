import { route } from '@/lib/http/route';
import { crmOperations } from '@/lib/crm/operations';

export const POST = route(crmOperations.test);
