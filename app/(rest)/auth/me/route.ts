import { authOperations } from '@/lib/auth/operations';
import { route } from '@/lib/http/route';
import { toCurrentUser } from '@/lib/users/present';

export const GET = route(authOperations.me, ({ ctx }) => toCurrentUser(ctx.user));
