import { route } from '@/lib/http/route';
import { actionPromptOperations } from '@/lib/knowledge/operations';

export const GET = route(actionPromptOperations.list);
export const POST = route(actionPromptOperations.create);
