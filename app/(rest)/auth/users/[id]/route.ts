import { route } from '@/lib/http/route';
import { userOperations } from '@/lib/users/operations';

export const GET = route(userOperations.get);
export const PUT = route(userOperations.update);
export const DELETE = route(userOperations.remove);
