import { route } from '@/lib/http/route';
import { ssoOperations } from '@/lib/sso/operations';

export const GET = route(ssoOperations.samlMetadata);
