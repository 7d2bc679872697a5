import { route } from '@/lib/http/route';
import { mySchoolOperations } from '@/lib/schools/operations';

export const PATCH = route(mySchoolOperations.tuition);
