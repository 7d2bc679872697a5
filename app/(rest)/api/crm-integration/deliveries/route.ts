import { route } from '@/lib/http/route';
import { listCrmDeliveries } from '@/lib/crm/deliveries';
import { crmOperations } from '@/lib/crm/operations';

export const GET = route(crmOperations.deliveries, ({ ctx, query }) => listCrmDeliveries(ctx, query));
