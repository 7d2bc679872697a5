import { route } from '@/lib/http/route';
import { correctionOperations } from '@/lib/knowledge/operations';

export const GET = route(correctionOperations.list);
export const POST = route(correctionOperations.create);
