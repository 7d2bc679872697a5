import { route } from '@/lib/http/route';
import { mySchoolOperations, schoolOperations } from '@/lib/schools/operations';
import { deleteMySchool, getMySchool, updateMySchool } from '@/lib/schools/service';

export const GET = route(schoolOperations.mySchool, ({ ctx }) => getMySchool(ctx));
export const PUT = route(mySchoolOperations.replace, ({ ctx, body }) => updateMySchool(ctx, body));
export const DELETE = route(mySchoolOperations.remove, ({ ctx }) => deleteMySchool(ctx));
