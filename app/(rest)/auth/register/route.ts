import { register } from '@/lib/auth/accounts';
import { authOperations } from '@/lib/auth/operations';
import { route } from '@/lib/http/route';

export const POST = route(authOperations.register, async ({ body }) => {
  const { user, tokens } = await register(body);
  return { ...tokens, user };
});
