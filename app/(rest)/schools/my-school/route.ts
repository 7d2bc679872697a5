import { route } from '@/lib/http/route';
import { schoolOperations } from '@/lib/schools/operations';
import { getMySchool } from '@/lib/schools/service';

export const GET = route(schoolOperations.mySchool, ({ ctx }) => getMySchool(ctx));
