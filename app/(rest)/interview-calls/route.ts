import { route } from '@/lib/http/route';
import { createInterview, listInterviews } from '@/lib/knowledge/interviews';
import { interviewOperations } from '@/lib/knowledge/operations';

export const GET = route(interviewOperations.list, ({ ctx }) => listInterviews(ctx));
export const POST = route(interviewOperations.create, ({ ctx, body }) => createInterview(ctx, body));
