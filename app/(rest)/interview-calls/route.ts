import { route } from '@/lib/http/route';
import { interviewOperations } from '@/lib/knowledge/operations';

export const GET = route(interviewOperations.list);
export const POST = route(interviewOperations.create);
