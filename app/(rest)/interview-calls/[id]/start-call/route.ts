import { route } from '@/lib/http/route';
import { interviewOperations } from '@/lib/knowledge/operations';

export const POST = route(interviewOperations.start);
