import { route } from '@/lib/http/route';
import { authOperations } from '@/lib/auth/operations';

export const GET = route(authOperations.me);
