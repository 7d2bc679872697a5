import { route } from '@/lib/http/route';
import { startInterviewCall } from '@/lib/knowledge/interviews';
import { interviewOperations } from '@/lib/knowledge/operations';

export const POST = route(interviewOperations.start, ({ ctx, params }) => startInterviewCall(ctx, params.id));
