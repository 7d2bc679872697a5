import { route } from '@/lib/http/route';
import { mySchoolOperations } from '@/lib/schools/operations';
import { updateSchoolSection } from '@/lib/schools/service';

export const PATCH = route(mySchoolOperations.classification, ({ ctx, body }) => updateSchoolSection(ctx, 'classification', body));
