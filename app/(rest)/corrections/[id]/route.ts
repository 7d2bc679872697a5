import { route } from '@/lib/http/route';
import { deleteCorrection, updateCorrection } from '@/lib/knowledge/corrections';
import { correctionOperations } from '@/lib/knowledge/operations';

export const PUT = route(correctionOperations.update, ({ ctx, params, body }) => updateCorrection(ctx, params.id, body));
export const DELETE = route(correctionOperations.remove, ({ ctx, params }) => deleteCorrection(ctx, params.id));
