import { route } from '@/lib/http/route';
import { createCrmIntegration, deleteCrmIntegration, getCrmIntegration, updateCrmIntegration } from '@/lib/crm/integration';
import { crmOperations } from '@/lib/crm/operations';

export const GET = route(crmOperations.get, ({ ctx }) => getCrmIntegration(ctx));
export const POST = route(crmOperations.create, ({ ctx, body }) => createCrmIntegration(ctx, body));
export const PUT = route(crmOperations.update, ({ ctx, body }) => updateCrmIntegration(ctx, body));
export const DELETE = route(crmOperations.remove, ({ ctx }) => deleteCrmIntegration(ctx));
