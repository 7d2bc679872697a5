import { route } from '@/lib/http/route';
import { prospectOperations } from '@/lib/prospects/operations';
import { prospectStats } from '@/lib/prospects/service';

export const GET = route(prospectOperations.stats, ({ ctx }) => prospectStats(ctx));
