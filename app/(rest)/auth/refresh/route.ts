import { refresh } from '@/lib/auth/accounts';
import { authOperations } from '@/lib/auth/operations';
import { route } from '@/lib/http/route';

export const POST = route(authOperations.refresh, ({ body }) => refresh(body.refresh_token));
