import { route } from '@/lib/http/route';
import { schoolOperations } from '@/lib/schools/operations';
import { listSchools } from '@/lib/schools/service';

export const GET = route(schoolOperations.list, ({ ctx, query }) => listSchools(ctx, query));
