import { scimOperations } from '@/lib/scim/operations';
import { scimRoute } from '@/lib/scim/http';

export const GET = scimRoute(scimOperations.getUser);
export const PUT = scimRoute(scimOperations.replaceUser);
export const PATCH = scimRoute(scimOperations.patchUser);
export const DELETE = scimRoute(scimOperations.deleteUser);
