import { route } from '@/lib/http/route';
import { mySchoolOperations } from '@/lib/schools/operations';

export const GET = route(mySchoolOperations.upload);
