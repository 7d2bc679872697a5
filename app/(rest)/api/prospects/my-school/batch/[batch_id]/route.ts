import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';
import { getBatch, undoBatch } from '@/lib/prospects/service';

export const GET = route(prospectOperations.batch, ({ ctx, params }) => getBatch(ctx, params.batch_id));
export const DELETE = route(prospectOperations.undoBatch, ({ ctx, params }) => undoBatch(ctx, params.batch_id));
