import { scimOperations } from '@/lib/scim/operations';
import { scimRoute } from '@/lib/scim/http';

export const GET = scimRoute(scimOperations.listUsers);
export const POST = scimRoute(scimOperations.createUser);
