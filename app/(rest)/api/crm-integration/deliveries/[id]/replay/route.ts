import { route } from '@/lib/http/route';
import { replayCrmDelivery } from '@/lib/crm/deliveries';
import { crmOperations } from '@/lib/crm/operations';

export const POST = route(crmOperations.replay, ({ ctx, params }) => replayCrmDelivery(ctx, params.id));
