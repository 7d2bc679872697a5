import { route } from '@/lib/http/route';
import { userOperations } from '@/lib/users/operations';
import { createUser, listUsers } from '@/lib/users/service';

export const GET = route(userOperations.list, ({ ctx, query }) => listUsers(ctx, query));
export const POST = route(userOperations.create, ({ ctx, body }) => createUser(ctx, body));
