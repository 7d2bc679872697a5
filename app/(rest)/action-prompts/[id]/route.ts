import { route } from '@/lib/http/route';
import { deleteActionPrompt, updateActionPrompt } from '@/lib/knowledge/action-prompts';
import { actionPromptOperations } from '@/lib/knowledge/operations';

export const PUT = route(actionPromptOperations.update, ({ ctx, params, body }) => updateActionPrompt(ctx, params.id, body));
export const DELETE = route(actionPromptOperations.remove, ({ ctx, params }) => deleteActionPrompt(ctx, params.id));
