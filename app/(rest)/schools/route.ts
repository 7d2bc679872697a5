import { route } from '@/lib/http/route';
import { schoolOperations } from '@/lib/schools/operations';
import { createSchool, listSchools } from '@/lib/schools/service';

export const GET = route(schoolOperations.list, ({ ctx, query }) => listSchools(ctx, query));
export const POST = route(schoolOperations.create, ({ ctx, body }) => createSchool(ctx, body));
