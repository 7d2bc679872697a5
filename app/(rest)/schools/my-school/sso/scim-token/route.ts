import { route } from '@/lib/http/route';
import { scimTokenOperations } from '@/lib/scim/operations';

export const GET = route(scimTokenOperations.tokenStatus);
export const POST = route(scimTokenOperations.createToken);
export const DELETE = route(scimTokenOperations.revokeToken);
