import { authOperations } from '@/lib/auth/operations';
import { checkPassword } from '@/lib/auth/policy';
import { route } from '@/lib/http/route';

export const POST = route(authOperations.validatePassword, ({ body }) =>
  checkPassword(body.password, { username: body.username, email: body.email }),
);
