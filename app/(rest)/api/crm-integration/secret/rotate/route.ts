import { route } from '@/lib/http/route';
import { rotateSigningSecret } from '@/lib/crm/integration';
import { crmOperations } from '@/lib/crm/operations';

export const POST = route(crmOperations.rotateSecret, ({ ctx }) => rotateSigningSecret(ctx));
