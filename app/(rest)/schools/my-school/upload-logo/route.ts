import { route } from '@/lib/http/route';
import { mySchoolOperations } from '@/lib/schools/operations';

export const POST = route(mySchoolOperations.uploadLogo);
