import { route } from '@/lib/http/route';
import { createCorrection, listCorrections } from '@/lib/knowledge/corrections';
import { correctionOperations } from '@/lib/knowledge/operations';

export const GET = route(correctionOperations.list, ({ ctx }) => listCorrections(ctx));
export const POST = route(correctionOperations.create, ({ ctx, body }) => createCorrection(ctx, body));
