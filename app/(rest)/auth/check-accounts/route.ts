import { checkAccounts } from '@/lib/auth/accounts';
import { authOperations } from '@/lib/auth/operations';
import { clientHash } from '@/lib/http/client';
import { route } from '@/lib/http/route';

export const POST = route(authOperations.checkAccounts, ({ body, req }) => checkAccounts(body.email, body.password, clientHash(req)));
