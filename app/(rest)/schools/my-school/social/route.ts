import { route } from '@/lib/http/route';
import { mySchoolOperations } from '@/lib/schools/operations';
import { updateSchoolSection } from '@/lib/schools/service';

export const PATCH = route(mySchoolOperations.social, ({ ctx, body }) => updateSchoolSection(ctx, 'social', body));
