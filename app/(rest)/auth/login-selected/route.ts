import { login } from '@/lib/auth/accounts';
import { authOperations } from '@/lib/auth/operations';
import { clientHash } from '@/lib/http/client';
import { route } from '@/lib/http/route';

export const POST = route(authOperations.loginSelected, ({ body, req }) =>
  login(body.email, body.password, clientHash(req), body.selected_user_id),
);
