import { route } from '@/lib/http/route';
import { deleteInterview, updateInterview } from '@/lib/knowledge/interviews';
import { interviewOperations } from '@/lib/knowledge/operations';

export const PUT = route(interviewOperations.update, ({ ctx, params, body }) => updateInterview(ctx, params.id, body));
export const DELETE = route(interviewOperations.remove, ({ ctx, params }) => deleteInterview(ctx, params.id));
