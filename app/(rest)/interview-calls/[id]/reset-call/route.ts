import { route } from '@/lib/http/route';
import { resetInterviewCall } from '@/lib/knowledge/interviews';
import { interviewOperations } from '@/lib/knowledge/operations';

export const POST = route(interviewOperations.reset, ({ ctx, params }) => resetInterviewCall(ctx, params.id));
