import { route } from '@/lib/http/route';
import { generateInterviewSummary } from '@/lib/knowledge/interviews';
import { interviewOperations } from '@/lib/knowledge/operations';

export const POST = route(interviewOperations.summary, ({ ctx, params }) => generateInterviewSummary(ctx, params.id));
