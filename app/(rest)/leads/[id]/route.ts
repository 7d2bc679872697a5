import { route } from '@/lib/http/route';
import { leadOperations } from '@/lib/leads/operations';

export const GET = route(leadOperations.get);
export const PATCH = route(leadOperations.update);
export const DELETE = route(leadOperations.remove);
