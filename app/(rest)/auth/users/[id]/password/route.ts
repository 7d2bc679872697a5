import { route } from '@/lib/http/route';
import { userOperations } from '@/lib/users/operations';
import { setUserPassword } from '@/lib/users/service';

export const PUT = route(userOperations.setPassword, ({ ctx, params, body }) => setUserPassword(ctx, params.id, body.new_password));
