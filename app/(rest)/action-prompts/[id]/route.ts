import { route } from '@/lib/http/route';
import { actionPromptOperations } from '@/lib/knowledge/operations';

export const PUT = route(actionPromptOperations.update);
export const DELETE = route(actionPromptOperations.remove);
