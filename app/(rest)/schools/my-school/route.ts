import { route } from '@/lib/http/route';
import { schoolOperations } from '@/lib/schools/operations';
import { mySchoolOperations } from '@/lib/schools/operations';

export const GET = route(schoolOperations.mySchool);
export const PUT = route(mySchoolOperations.replace);
export const DELETE = route(mySchoolOperations.remove);
