import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';
import { recentBatches } from '@/lib/prospects/service';

export const GET = route(prospectOperations.batches, ({ ctx }) => recentBatches(ctx));
