import { grantSchoolAccess } from '@/lib/auth/accounts';
import { authOperations } from '@/lib/auth/operations';
import { clientHash } from '@/lib/http/client';
import { route } from '@/lib/http/route';

export const POST = route(authOperations.grantSchoolAccess, ({ body, req }) =>
  grantSchoolAccess(body.email, body.password, body.school_ids, clientHash(req)),
);
