import { route } from '@/lib/http/route';
import { leadFieldDefinitions } from '@/lib/leads/settings';
import { leadGenOperations } from '@/lib/widget/operations';

export const GET = route(leadGenOperations.fieldDefinitions, () => leadFieldDefinitions());
