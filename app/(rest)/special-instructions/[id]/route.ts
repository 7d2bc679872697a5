import { assistantOperations } from '@/lib/assistant/operations';
import { deleteSpecialInstruction, updateSpecialInstruction } from '@/lib/assistant/settings';
import { route } from '@/lib/http/route';

export const PUT = route(assistantOperations.updateInstruction, ({ ctx, params, body }) => updateSpecialInstruction(ctx, params.id, body));
export const DELETE = route(assistantOperations.deleteInstruction, ({ ctx, params }) => deleteSpecialInstruction(ctx, params.id));
