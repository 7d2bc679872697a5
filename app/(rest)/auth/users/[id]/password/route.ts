import { route } from '@/lib/http/route';
import { userOperations } from '@/lib/users/operations';

export const PUT = route(userOperations.setPassword);
