import { route } from '@/lib/http/route';
import { interviewOperations } from '@/lib/knowledge/operations';

export const PUT = route(interviewOperations.update);
export const DELETE = route(interviewOperations.remove);
