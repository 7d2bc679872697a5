import { authOperations } from '@/lib/auth/operations';
import { requestPasswordReset } from '@/lib/auth/reset';
import { clientHash } from '@/lib/http/client';
import { route } from '@/lib/http/route';
import { publicOrigin } from '@/lib/system/public-origin';

export const POST = route(authOperations.requestPasswordReset, async ({ body, req }) => {
  const { message } = await requestPasswordReset(body.email, { client: clientHash(req), origin: publicOrigin() });
  return { message };
});
