import { route } from '@/lib/http/route';
import { testCrmIntegration } from '@/lib/crm/integration';
import { crmOperations } from '@/lib/crm/operations';

export const POST = route(crmOperations.test, ({ ctx }) => testCrmIntegration(ctx));
