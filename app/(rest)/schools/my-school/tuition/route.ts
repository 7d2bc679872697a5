import { route } from '@/lib/http/route';
import { mySchoolOperations } from '@/lib/schools/operations';
import { updateSchoolSection } from '@/lib/schools/service';

export const PATCH = route(mySchoolOperations.tuition, ({ ctx, body }) => updateSchoolSection(ctx, 'tuition', body));
