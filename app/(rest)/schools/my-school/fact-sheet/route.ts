import { route } from '@/lib/http/route';
import { mySchoolOperations } from '@/lib/schools/operations';
import { getFactSheet, saveFactSheet } from '@/lib/schools/service';

export const GET = route(mySchoolOperations.getFactSheet, ({ ctx }) => getFactSheet(ctx));
export const PUT = route(mySchoolOperations.putFactSheet, ({ ctx, body }) => saveFactSheet(ctx, body));
