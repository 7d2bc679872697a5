import { route } from '@/lib/http/route';
import { userOperations } from '@/lib/users/operations';

export const GET = route(userOperations.list);
export const POST = route(userOperations.create);
