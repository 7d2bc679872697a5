import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';

export const GET = route(prospectOperations.batch);
export const DELETE = route(prospectOperations.undoBatch);
