import { scimOperations } from '@/lib/scim/operations';
import { scimRoute } from '@/lib/scim/http';

export const GET = scimRoute(scimOperations.schemas);
