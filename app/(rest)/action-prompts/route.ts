import { route } from '@/lib/http/route';
import { createActionPrompt, listActionPrompts } from '@/lib/knowledge/action-prompts';
import { actionPromptOperations } from '@/lib/knowledge/operations';

export const GET = route(actionPromptOperations.list, ({ ctx }) => listActionPrompts(ctx));
export const POST = route(actionPromptOperations.create, ({ ctx, body }) => createActionPrompt(ctx, body));
