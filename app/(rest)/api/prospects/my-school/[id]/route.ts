import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';

export const GET = route(prospectOperations.get);
export const PUT = route(prospectOperations.update);
export const DELETE = route(prospectOperations.remove);
