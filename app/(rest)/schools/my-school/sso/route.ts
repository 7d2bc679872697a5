import { route } from '@/lib/http/route';
import { ssoOperations } from '@/lib/sso/operations';

export const GET = route(ssoOperations.get);
export const PUT = route(ssoOperations.save);
export const DELETE = route(ssoOperations.remove);
