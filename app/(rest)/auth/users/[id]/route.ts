import { route } from '@/lib/http/route';
import { userOperations } from '@/lib/users/operations';
import { deleteUser, getUser, updateUser } from '@/lib/users/service';

export const GET = route(userOperations.get, ({ ctx, params }) => getUser(ctx, params.id));
export const PUT = route(userOperations.update, ({ ctx, params, body }) => updateUser(ctx, params.id, body));
export const DELETE = route(userOperations.remove, ({ ctx, params }) => deleteUser(ctx, params.id));
