import { authOperations } from '@/lib/auth/operations';
import { resetPassword } from '@/lib/auth/reset';
import { route } from '@/lib/http/route';

export const POST = route(authOperations.resetPassword, ({ body }) => resetPassword(body.token, body.new_password));
