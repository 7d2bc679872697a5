import { route } from '@/lib/http/route';
import { correctionOperations } from '@/lib/knowledge/operations';

export const PUT = route(correctionOperations.update);
export const DELETE = route(correctionOperations.remove);
