import { assistantOperations } from '@/lib/assistant/operations';
import { createSpecialInstruction, listSpecialInstructions } from '@/lib/assistant/settings';
import { route } from '@/lib/http/route';

export const GET = route(assistantOperations.listInstructions, ({ ctx }) => listSpecialInstructions(ctx));
export const POST = route(assistantOperations.createInstruction, ({ ctx, body }) => createSpecialInstruction(ctx, body));
